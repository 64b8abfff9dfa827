/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

/**
 * Unit tests run with the site's own Vite configuration (aliases, plugins) through Astro, so
 * code under test resolves imports exactly as in the build. tests/server starts the built
 * server (dist/server/serve.mjs): `npm test` runs it after the build (`npm run test:server`), and
 * `npm run test:unit` leaves it out.
 *
 * The unit tests share their modules between the files of a worker (`isolate: false`): they are
 * pure (docs/testing.md), and importing the modules again for each of some hundred files took
 * three fifths of their CPU. The build and server tests keep a fresh module graph per file.
 */
export default getViteConfig({
	test: {
		environment: 'node',
		projects: [
			{
				extends: true,
				test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], isolate: false },
			},
			{ extends: true, test: { name: 'build', include: ['tests/build/**/*.test.ts'] } },
			{
				extends: true,
				test: {
					name: 'server',
					include: ['tests/server/**/*.test.ts'],
					// Most of these tests start the built server, and some an SMTP server too: Vitest's
					// five seconds were too short for that on a loaded machine. No test asserts on time;
					// these limits only stop a hang.
					testTimeout: 30_000,
					hookTimeout: 30_000,
				},
			},
		],
	},
});
