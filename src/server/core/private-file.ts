/**
 * The messages database's folder and files, readable by the server's own user only: they hold
 * visitors' names, addresses and phones. The modes are set with chmod, which the process's
 * umask does not touch.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/** The folder's mode: the owner only. */
export const PRIVATE_FOLDER = 0o700;
/** The files' mode: the owner reads and writes, nobody else. */
export const PRIVATE_FILE = 0o600;

/** Sets a file's mode when the file exists (SQLite's -wal and -shm come and go). */
export function chmodIfExists(path: string, mode: number): void {
	if (existsSync(path)) chmodSync(path, mode);
}

/**
 * Creates the database's folder (0700) and file (0600) when missing, and makes an existing file
 * 0600, whatever the process's umask: the modes are set again with chmod, which the umask does
 * not touch. SQLite then creates -wal and -shm with the main file's mode.
 */
export function createPrivateFile(path: string): void {
	const created = mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_FOLDER });
	// mkdirSync names the first folder it made: that one and those below it are ours to restrict.
	if (created !== undefined) {
		let folder = dirname(path);
		while (folder.length >= created.length) {
			chmodSync(folder, PRIVATE_FOLDER);
			folder = dirname(folder);
		}
	}
	closeSync(openSync(path, 'a', PRIVATE_FILE));
	chmodSync(path, PRIVATE_FILE);
}
