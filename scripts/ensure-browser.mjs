// Makes sure a Chromium exists for the end-to-end tests (run by `npm run test:e2e`). Fast and
// idempotent: when one is found (see scripts/browser-path.mjs) it only says which. Otherwise it
// installs one: with apt on Debian when running as root, else with `npx playwright install`.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { findChromium } from './browser-path.mjs';

/** Runs a command with the terminal attached; true when it succeeded. */
function run(command, args, env = process.env) {
	console.log(`ensure-browser: ${command} ${args.join(' ')}`);
	const result = spawnSync(command, args, {
		stdio: 'inherit',
		env,
		shell: process.platform === 'win32',
	});
	if (result.error) console.error(`ensure-browser: ${result.error.message}`);
	return result.status === 0;
}

function report(found) {
	console.log(`ensure-browser: using Chromium at ${found.path} (${found.source})`);
}

if (process.env.CHROMIUM_PATH && !existsSync(process.env.CHROMIUM_PATH)) {
	console.warn(
		`ensure-browser: CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist, ignored.`,
	);
}

let found = findChromium();
if (!found) {
	const rootOnDebian = existsSync('/etc/debian_version') && process.getuid?.() === 0;
	if (rootOnDebian) {
		console.log('ensure-browser: no Chromium found, installing the Debian package.');
		if (run('apt-get', ['update'])) {
			run('apt-get', ['install', '-y', 'chromium'], {
				...process.env,
				DEBIAN_FRONTEND: 'noninteractive',
			});
		}
		found = findChromium();
	}
	if (!found) {
		console.log("ensure-browser: no Chromium found, downloading Playwright's.");
		run('npx', ['playwright', 'install', 'chromium']);
		found = findChromium();
	}
}

if (!found) {
	console.error(
		'ensure-browser: no Chromium available. Install one (Debian: apt-get install chromium) ' +
			'or point CHROMIUM_PATH at its executable, then run the tests again.',
	);
	process.exit(1);
}
report(found);
