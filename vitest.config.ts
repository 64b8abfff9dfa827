/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

/**
 * Unit tests run with the site's own Vite configuration (aliases, plugins) through Astro, so
 * code under test resolves imports exactly as in the build. tests/server starts the built
 * server (dist/server/serve.mjs): `npm test` runs it after the build (`npm run test:server`), and
 * `npm run test:unit` leaves it out.
 */
export default getViteConfig({
	test: {
		include: [
			'tests/unit/**/*.test.{ts,tsx}',
			'tests/build/**/*.test.ts',
			'tests/server/**/*.test.ts',
		],
		environment: 'node',
	},
});
