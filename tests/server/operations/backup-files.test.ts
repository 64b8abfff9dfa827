import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SubmissionStore } from '../../../src/server/core/store';
import {
	backupDatabase,
	BackupError,
	databaseInUse,
	type BackupResult,
	listBackups,
	restoreDatabase,
} from '../../../src/server/operations/backup';
import { MIGRATIONS, REGISTRY } from '../../../src/server/services';

/**
 * Backups and restores of a real SQLite file, without the server: copies kept by age and
 * private, a restore refused while the database is open, and a file that is not one of ours
 * (the server's own backup during a write load is in backup.test.ts).
 */

/** The newest schema this code knows, as the scripts pass it. */
const schemaVersion = MIGRATIONS.length;

describe('backup and restore', () => {
	const dirs: string[] = [];
	afterEach(() => {
		for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
	});
	function temp(): string {
		const dir = mkdtempSync(join(tmpdir(), 'vigorsport-ops-'));
		dirs.push(dir);
		return dir;
	}

	it('copies, keeps the newest N, and restores only while nobody has the database open', async () => {
		const dir = temp();
		const dbPath = join(dir, 'data', 'messages.sqlite');
		const folder = join(dir, 'copie');
		const store = SubmissionStore.open(dbPath, REGISTRY);
		let clock = Date.parse('2026-11-26T03:00:00Z');
		const now = () => new Date((clock += 1000));
		const copies: BackupResult[] = [];
		for (let n = 0; n < 3; n++)
			copies.push(await backupDatabase({ dbPath, folder, keep: 2, now, schemaVersion }));
		writeFileSync(join(folder, 'altro-file.sqlite'), 'non toccare');
		expect(listBackups(dbPath, folder)).toEqual([copies[1]?.file, copies[2]?.file]);
		expect(copies[2]?.removed).toEqual([copies[0]?.file]);
		expect(statSync(copies[2]?.file ?? '').mode & 0o777).toBe(0o600);
		expect(statSync(folder).mode & 0o777).toBe(0o700);

		expect(databaseInUse(dbPath)).toBe(true);
		expect(() => restoreDatabase({ dbPath, file: copies[2]?.file ?? '', schemaVersion })).toThrow(
			BackupError,
		);
		store.close();
		expect(databaseInUse(dbPath)).toBe(false);
		const restored = restoreDatabase({ dbPath, file: copies[2]?.file ?? '', now, schemaVersion });
		expect(restored).toMatchObject({ messages: 0, reservations: 0 });
		expect(restored.previous).toMatch(/messages\.sqlite\.prima-del-ripristino-\d{8}T\d{9}Z$/);
		SubmissionStore.open(dbPath, REGISTRY).close();
	});

	it('refuses to keep fewer than one copy, and a file that is not a database', async () => {
		const dir = temp();
		const dbPath = join(dir, 'messages.sqlite');
		SubmissionStore.open(dbPath, REGISTRY).close();
		await expect(backupDatabase({ dbPath, folder: dir, keep: 0, schemaVersion })).rejects.toThrow(
			BackupError,
		);
		const plain = join(dir, 'vuoto.sqlite');
		new Database(plain).close();
		expect(() => restoreDatabase({ dbPath, file: plain, schemaVersion })).toThrow(/schema 0/);
		expect(() =>
			restoreDatabase({ dbPath, file: join(dir, 'manca.sqlite'), schemaVersion }),
		).toThrow('non esiste');
	});
});
