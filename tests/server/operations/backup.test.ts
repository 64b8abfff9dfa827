import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startServer } from '../../../scripts/start-server.mjs';
import { countMessages, tempDatabase, type Cleanups } from '../helpers/contact';
import { contactLoad, integrityOf, messageNames, runScript } from '../helpers/ops';

/**
 * `npm run backup` against the real built server under a write load, then `npm run restore`:
 * the copy holds every message acknowledged before the backup began, and is sound. The restore
 * refuses while the server runs.
 */

const cleanups: Cleanups = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('a backup taken during a write load restores every message acknowledged before it began', async () => {
	const db = tempDatabase();
	cleanups.push(db.remove);
	const backups = join(db.dir, 'copie');
	const env = { CONTACT_DB_PATH: db.dbPath };
	const server = await startServer({
		env: { ...env, CONTACT_RATE_LIMIT: '1000000', SMTP_HOST: '' },
	});
	cleanups.push(() => server.stop());

	const load = contactLoad(server.url);
	cleanups.push(() => load.stop());
	await expect.poll(() => load.acknowledged.size, { timeout: 30_000 }).toBeGreaterThanOrEqual(100);
	const backup = await runScript('backup.mjs', [backups, '--keep', '2'], env);
	// The copy restored below: what was acknowledged before it began must be in it.
	const beforeBackup = new Map(load.acknowledged);
	const second = await runScript('backup.mjs', [backups, '--keep', '2'], env);
	const duringBackup = load.acknowledged.size - beforeBackup.size;
	// A third copy while the load goes on: only the newest two are kept.
	const third = await runScript('backup.mjs', [backups], { ...env, BACKUP_KEEP: '2' });
	await load.stop();
	expect(backup.code, backup.stderr).toBe(0);
	expect(second.code, second.stderr).toBe(0);
	expect(third.code, third.stderr).toBe(0);
	expect(third.stdout).toContain('Copie più vecchie eliminate (se ne tengono 2): 1.');
	// The server kept answering while the copies were made.
	expect(duringBackup).toBeGreaterThan(0);

	const file = /salvata in (\S+) \(integrity_check ok/.exec(backup.stdout)?.[1] ?? '';
	expect(file.startsWith(backups)).toBe(true);
	expect(statSync(backups).mode & 0o777).toBe(0o700);
	for (const kept of [second, third]) {
		const path = /salvata in (\S+) /.exec(kept.stdout)?.[1] ?? '';
		expect(statSync(path).mode & 0o777).toBe(0o600);
	}
	expect(() => statSync(file)).toThrow(); // the oldest of three, removed

	// Restoring the second copy: refused while the server runs, nothing changed.
	const secondFile = /salvata in (\S+) /.exec(second.stdout)?.[1] ?? '';
	const stored = countMessages(db.dbPath);
	const refused = await runScript('restore.mjs', [secondFile], env);
	expect(refused.code).toBe(1);
	expect(refused.stderr).toContain('il server è in funzione');
	expect(countMessages(db.dbPath)).toBe(stored);

	await server.stop();
	expect(server.child.exitCode).toBe(0);
	const restored = await runScript('restore.mjs', [secondFile], env);
	expect(restored.code, restored.stderr).toBe(0);
	expect(restored.stdout).toContain('Il database sostituito è stato conservato in');

	expect(integrityOf(db.dbPath)).toEqual(['ok']);
	expect(statSync(db.dbPath).mode & 0o777).toBe(0o600);
	const names = messageNames(db.dbPath);
	const missing = [...beforeBackup].filter(([id, name]) => names.get(id) !== name);
	expect(missing, 'acknowledged before the backup, missing after the restore').toEqual([]);
	console.log(
		`backup under load: ${beforeBackup.size} acknowledged before the copy began, ${duringBackup} during it, ${names.size} in the restored copy`,
	);

	// The restored database serves again.
	const again = await startServer({ env: { ...env, SMTP_HOST: '' } });
	cleanups.push(() => again.stop());
	const health = await fetch(`${again.url}/api/health`);
	expect(health.status).toBe(200);
}, 120_000);

it('a restore refuses a file that is not a sound messages database, and changes nothing', async () => {
	const db = tempDatabase();
	cleanups.push(db.remove);
	const env = { CONTACT_DB_PATH: db.dbPath };
	const bogus = join(db.dir, 'non-un-database.sqlite');
	await import('node:fs').then(({ writeFileSync }) => writeFileSync(bogus, 'ciao'));
	const run = await runScript('restore.mjs', [bogus], env);
	expect(run.code).toBe(1);
	expect(run.stderr).not.toBe('');
	expect(() => statSync(db.dbPath)).toThrow();
	const usage = await runScript('restore.mjs', [], env);
	expect(usage.code).toBe(2);
});
