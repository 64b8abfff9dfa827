import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseUnit, readUnit } from '../../../scripts/systemd-unit.mjs';
import { readWorkflow } from '../../helpers/workflow.mjs';

/**
 * The systemd units of deploy/ and the deploy workflow that restarts the server: hardened as
 * docs/operations.md promises, writing only to the data folder that holds the database, and restarted
 * by the name the workflow uses.
 */

const root = new URL('../../..', import.meta.url).pathname;
const deploy = (file: string) => join(root, 'deploy', file);
const setting = (unit: Map<string, Map<string, string[]>>, section: string, name: string) =>
	unit.get(section)?.get(name) ?? [];

/** The environment file example, as name -> value. */
function envExample(): Map<string, string> {
	const lines = readFileSync(deploy('vigorsport.env.example'), 'utf8').split('\n');
	return new Map(
		lines
			.filter((line) => /^[A-Z_]+=/.test(line))
			.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
	);
}

describe('deploy/vigorsport.service', () => {
	it.each([
		['User', 'vigorsport'],
		['Group', 'vigorsport'],
		['ProtectSystem', 'strict'],
		['NoNewPrivileges', 'yes'],
		['PrivateTmp', 'yes'],
		['Restart', 'on-failure'],
		['UMask', '0077'],
		['KillSignal', 'SIGTERM'],
	])('sets %s=%s, once', async (name, value) => {
		const unit = await readUnit(deploy('vigorsport.service'));
		expect(setting(unit, 'Service', name)).toEqual([value]);
	});

	it('may write only to the folder of the database', async () => {
		const unit = await readUnit(deploy('vigorsport.service'));
		const dbPath = envExample().get('CONTACT_DB_PATH') ?? '';
		expect(setting(unit, 'Service', 'ReadWritePaths')).toEqual([dirname(dbPath)]);
		expect(setting(unit, 'Service', 'StateDirectory')).toEqual([
			dirname(dbPath).replace('/var/lib/', ''),
		]);
		expect(setting(unit, 'Service', 'StateDirectoryMode')).toEqual(['0700']);
	});

	it('reads its environment from a file under /etc, and runs the built server', async () => {
		const unit = await readUnit(deploy('vigorsport.service'));
		expect(setting(unit, 'Service', 'EnvironmentFile')).toEqual(['/etc/vigorsport/vigorsport.env']);
		const [exec] = setting(unit, 'Service', 'ExecStart');
		const [workdir] = setting(unit, 'Service', 'WorkingDirectory');
		expect(exec).toBe(`/usr/bin/node ${workdir}/dist/server/serve.mjs`);
	});

	it('gives a clean stop more time than the server takes (10 s answers, 15 s e-mails)', async () => {
		const unit = await readUnit(deploy('vigorsport.service'));
		expect(Number(setting(unit, 'Service', 'TimeoutStopSec')[0])).toBeGreaterThan(25);
	});

	it('is the unit the deploy workflow restarts', async () => {
		const workflow = (await readWorkflow(root)) as {
			jobs?: { deploy?: { steps?: { run?: string }[] } };
		};
		const steps = workflow.jobs?.deploy?.steps ?? [];
		const restarts = steps.flatMap((step) =>
			[...(step.run ?? '').matchAll(/systemctl restart ([\w@.-]+)/g)].map((m) => m[1]),
		);
		expect(restarts.map((name) => name?.replace(/\.service$/, ''))).toEqual(['vigorsport']);
	});

	it('the installation steps install the environment file readable by root only', () => {
		const readme = readFileSync(join(root, 'docs/operations.md'), 'utf8');
		expect(readme).toMatch(
			/install -m 600 -o root -g root deploy\/vigorsport\.env\.example \/etc\/vigorsport\/vigorsport\.env/,
		);
	});
});

describe('deploy/vigorsport-backup.service and .timer', () => {
	it('runs npm run backup as the service user, writing only the data and backup folders', async () => {
		const unit = await readUnit(deploy('vigorsport-backup.service'));
		expect(setting(unit, 'Service', 'User')).toEqual(['vigorsport']);
		expect(setting(unit, 'Service', 'ExecStart')[0]).toMatch(
			/^\/usr\/bin\/node \/srv\/vigorsport\/scripts\/backup\.mjs \/var\/backups\/vigorsport$/,
		);
		expect(setting(unit, 'Service', 'ReadWritePaths')).toEqual([
			'/var/lib/vigorsport /var/backups/vigorsport',
		]);
		for (const [name, value] of [
			['ProtectSystem', 'strict'],
			['NoNewPrivileges', 'yes'],
			['PrivateTmp', 'yes'],
			['UMask', '0077'],
		] as const) {
			expect(setting(unit, 'Service', name), name).toEqual([value]);
		}
	});

	it('is started daily by the timer, which makes up a missed day', async () => {
		const timer = await readUnit(deploy('vigorsport-backup.timer'));
		expect(setting(timer, 'Timer', 'Unit')).toEqual(['vigorsport-backup.service']);
		expect(setting(timer, 'Timer', 'OnCalendar')[0]).toMatch(/^\*-\*-\* \d\d:\d\d:\d\d$/);
		expect(setting(timer, 'Timer', 'Persistent')).toEqual(['yes']);
	});
});

describe('parseUnit', () => {
	it.each([
		['[A]\nX=1\n# c\nX=2\n', { A: { X: ['1', '2'] } }],
		['[A]\nY=a \\\n b\n[B]\nZ=\n', { A: { Y: ['a   b'] }, B: { Z: [''] } }],
	])('reads %j', (text, expected) => {
		const parsed = Object.fromEntries(
			[...parseUnit(text)].map(([name, values]) => [name, Object.fromEntries(values)]),
		);
		expect(parsed).toEqual(expected);
	});

	it('refuses a line outside a section', () => {
		expect(() => parseUnit('X=1')).toThrow('Riga non valida');
	});
});
