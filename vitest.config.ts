/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

/**
 * Unit tests run with the site's own Vite configuration (aliases, plugins) through Astro, so
 * code under test resolves imports exactly as in the build.
 */
export default getViteConfig({
	test: {
		include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/build/**/*.test.ts'],
		environment: 'node',
	},
});
