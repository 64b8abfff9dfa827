/**
 * Backups of the messages database, and putting one back (`npm run backup`, `npm run restore`,
 * scripts/backup.mjs and scripts/restore.mjs).
 *
 * A backup uses SQLite's online backup API (better-sqlite3's `backup`), never a file copy: it
 * reads a consistent snapshot while the server goes on writing (WAL mode lets a reader and the
 * writer work side by side), and the copy is a plain single file (journal mode DELETE, no -wal
 * to forget). Each copy is checked with `PRAGMA integrity_check` before it gets its final name,
 * is readable by its owner only (0600), and only the newest `keep` copies stay.
 *
 * A restore refuses while the server runs. How it knows: every connection to a database in WAL
 * mode holds a shared lock on the file for as long as it is open, and the server keeps one
 * open from start to stop; so the restore asks for an exclusive lock without waiting, and a
 * refusal means someone has the database open. This needs no pid file that a crash could leave
 * behind, and it also refuses while `npm run messages` or a backup is reading. The database
 * being replaced is kept beside it (`<name>.prima-del-ripristino-<time>`), never deleted.
 */
import {
	closeSync,
	copyFileSync,
	chmodSync,
	existsSync,
	fsyncSync,
	mkdirSync,
	openSync,
	readdirSync,
	renameSync,
	rmSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';

/** What a backup made. */
export interface BackupResult {
	/** The new copy. */
	file: string;
	/** Older copies deleted to keep `keep`. */
	removed: string[];
	/** Messages and reservations in the copy. */
	messages: number;
	reservations: number;
}

/** A backup or restore that cannot go ahead; its message is for the operator, in Italian. */
export class BackupError extends Error {
	override name = 'BackupError';
}

/** Default copies kept. */
export const DEFAULT_KEEP = 14;

/** `messages-20261126T091700123Z.sqlite` for a database named `messages.sqlite`. */
export function backupName(dbPath: string, at: Date): string {
	const stem = basename(dbPath).replace(/\.[^.]*$/, '') || 'database';
	return `${stem}-${at.toISOString().replace(/[-:.]/g, '')}.sqlite`;
}

/** The backups of `dbPath` in `folder`, oldest first (their names sort by time). */
export function listBackups(dbPath: string, folder: string): string[] {
	if (!existsSync(folder)) return [];
	const stem = basename(dbPath).replace(/\.[^.]*$/, '') || 'database';
	const pattern = new RegExp(
		`^${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d{8}T\\d{9}Z\\.sqlite$`,
	);
	return readdirSync(folder)
		.filter((name) => pattern.test(name))
		.sort()
		.map((name) => join(folder, name));
}

function fsyncPath(path: string): void {
	const fd = openSync(path, 'r');
	try {
		fsyncSync(fd);
	} finally {
		closeSync(fd);
	}
}

/**
 * Checks a database file: integrity, and a schema this code knows. Returns its counts; throws a
 * BackupError saying what is wrong.
 */
export function checkDatabaseFile(
	file: string,
	schemaVersion: number,
): { messages: number; reservations: number } {
	let db: Database.Database;
	try {
		db = new Database(file, { readonly: true, fileMustExist: true });
	} catch (error) {
		throw new BackupError(`Impossibile aprire ${file}: ${(error as Error).message}`);
	}
	try {
		const result = db.pragma('integrity_check') as { integrity_check: string }[];
		const problems = result.map((row) => row.integrity_check).filter((line) => line !== 'ok');
		if (problems.length > 0) {
			throw new BackupError(
				`${file} è danneggiato (integrity_check): ${problems.slice(0, 3).join('; ')}`,
			);
		}
		const version = db.pragma('user_version', { simple: true }) as number;
		if (version < 1 || version > schemaVersion) {
			throw new BackupError(
				`${file} non è un database dei messaggi che questa versione conosce (schema ${version}, atteso 1–${schemaVersion}).`,
			);
		}
		const count = (table: string) => {
			try {
				return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
			} catch {
				return 0;
			}
		};
		return { messages: count('messages'), reservations: count('reservations') };
	} catch (error) {
		if (error instanceof BackupError) throw error;
		throw new BackupError(`${file} non è leggibile come database: ${(error as Error).message}`);
	} finally {
		db.close();
	}
}

/**
 * Copies the database at `dbPath` into `folder` while the server may be running, checks the
 * copy, and deletes all but the newest `keep` copies.
 */
export async function backupDatabase({
	dbPath,
	folder,
	keep = DEFAULT_KEEP,
	schemaVersion,
	now = () => new Date(),
}: {
	dbPath: string;
	folder: string;
	/** The newest schema this code knows (the length of the one list of migrations). */
	schemaVersion: number;
	keep?: number;
	now?: () => Date;
}): Promise<BackupResult> {
	if (!Number.isSafeInteger(keep) || keep < 1) {
		throw new BackupError(
			`Il numero di copie da tenere deve essere un intero da 1 in su (${keep}).`,
		);
	}
	if (!existsSync(dbPath)) throw new BackupError(`Il database ${dbPath} non esiste.`);
	mkdirSync(folder, { recursive: true, mode: 0o700 });
	const file = join(folder, backupName(dbPath, now()));
	const partial = `${file}.partial`;
	// Created 0600 before any byte is written, whatever the umask; SQLite reuses the empty file.
	closeSync(openSync(partial, 'wx', 0o600));
	try {
		const source = new Database(dbPath, { fileMustExist: true });
		try {
			source.pragma('busy_timeout = 5000');
			// Pages per step after the first: the rest at once, so a steady flow of writes by the
			// server cannot restart the copy for ever (a read in WAL mode never blocks the writer).
			await source.backup(partial, { progress: () => 1_000_000 });
		} finally {
			source.close();
		}
		const copy = new Database(partial, { fileMustExist: true });
		try {
			copy.pragma('journal_mode = DELETE');
		} finally {
			copy.close();
		}
		chmodSync(partial, 0o600);
		const counts = checkDatabaseFile(partial, schemaVersion);
		fsyncPath(partial);
		renameSync(partial, file);
		fsyncPath(folder);
		const backups = listBackups(dbPath, folder);
		const removed = backups.slice(0, Math.max(0, backups.length - keep));
		for (const old of removed) rmSync(old, { force: true });
		return { file, removed, ...counts };
	} catch (error) {
		rmSync(partial, { force: true });
		throw error;
	}
}

/** Whether some process has the database open (the server, `npm run messages`, a backup). */
export function databaseInUse(dbPath: string): boolean {
	if (!existsSync(dbPath)) return false;
	const db = new Database(dbPath, { fileMustExist: true });
	try {
		db.pragma('busy_timeout = 0');
		db.pragma('locking_mode = EXCLUSIVE');
		db.exec('BEGIN EXCLUSIVE');
		db.exec('COMMIT');
		return false;
	} catch (error) {
		const code = (error as { code?: unknown }).code;
		if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return true;
		throw error;
	} finally {
		// Closing the last connection checkpoints the WAL into the file and removes it.
		db.close();
	}
}

/** What a restore did. */
export interface RestoreResult {
	/** Where the database that was replaced now is (null when there was none). */
	previous: string | null;
	messages: number;
	reservations: number;
}

/**
 * Puts the backup `file` in place of the database at `dbPath`: refuses while the database is
 * open, checks the backup first, and keeps the replaced database beside it.
 */
export function restoreDatabase({
	dbPath,
	file,
	schemaVersion,
	now = () => new Date(),
}: {
	dbPath: string;
	file: string;
	/** The newest schema this code knows (the length of the one list of migrations). */
	schemaVersion: number;
	now?: () => Date;
}): RestoreResult {
	if (!existsSync(file)) throw new BackupError(`La copia ${file} non esiste.`);
	const counts = checkDatabaseFile(file, schemaVersion);
	if (databaseInUse(dbPath)) {
		throw new BackupError(
			`Il database ${dbPath} è aperto: il server è in funzione (o un altro comando lo sta leggendo). ` +
				'Ferma il server (sudo systemctl stop vigorsport), poi ripeti il ripristino.',
		);
	}
	mkdirSync(dirname(dbPath), { recursive: true, mode: 0o700 });
	const incoming = `${dbPath}.ripristino`;
	rmSync(incoming, { force: true });
	copyFileSync(file, incoming);
	chmodSync(incoming, 0o600);
	fsyncPath(incoming);
	let previous: string | null = null;
	if (existsSync(dbPath)) {
		previous = `${dbPath}.prima-del-ripristino-${now().toISOString().replace(/[-:.]/g, '')}`;
		renameSync(dbPath, previous);
	}
	// A journal of the database replaced must never be applied to the restored one.
	for (const suffix of ['-wal', '-shm', '-journal']) {
		if (existsSync(dbPath + suffix)) {
			if (previous) renameSync(dbPath + suffix, previous + suffix);
			else rmSync(dbPath + suffix, { force: true });
		}
	}
	renameSync(incoming, dbPath);
	fsyncPath(dirname(dbPath));
	return { previous, ...counts };
}
