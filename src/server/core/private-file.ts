/**
 * The messages database's folder and files, readable by the server's own user only: they hold
 * visitors' names, addresses and phones. The modes are set with chmod, which the process's
 * umask does not touch.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** The folder's mode: the owner only. */
export const PRIVATE_FOLDER = 0o700;
/** The files' mode: the owner reads and writes, nobody else. */
export const PRIVATE_FILE = 0o600;

/** Sets a file's mode when the file exists (SQLite's -wal and -shm come and go). */
export function chmodIfExists(path: string, mode: number): void {
	if (existsSync(path)) chmodSync(path, mode);
}

/** Said when the database's folder cannot be made private: the server does not start. */
export class PrivateFolderError extends Error {}

/**
 * Makes the folder that holds the database 0700, whether this run created it or found it (a
 * folder made by hand or by an older version is often 0755): the database, its -wal and -shm
 * and the staff key beside them hold customers' personal data. When the mode cannot be set (a
 * folder of another user, a read-only mount), the server refuses to start, saying why in Italian.
 */
function makePrivateFolder(folder: string): void {
	// A folder everyone writes in (/tmp, with its sticky bit) is not the server's to close.
	if ((statSync(folder).mode & 0o1002) !== 0) {
		throw new PrivateFolderError(
			`La cartella del database ${folder} è condivisa con altri utenti (come /tmp) e non può ` +
				'essere resa privata: il database contiene i dati personali dei clienti, quindi il ' +
				'server non parte. Indica in CONTACT_DB_PATH un file in una cartella propria, ad ' +
				'esempio data/messages.sqlite.',
		);
	}
	try {
		chmodSync(folder, PRIVATE_FOLDER);
	} catch (error) {
		const why = error instanceof Error ? error.message : String(error);
		throw new PrivateFolderError(
			`La cartella del database ${folder} non può essere resa privata (permessi 0700): ${why}. ` +
				'Contiene i dati personali dei clienti, quindi il server non parte: usa una cartella ' +
				'dell’utente che esegue il server (CONTACT_DB_PATH) o correggi i suoi permessi.',
		);
	}
}

/**
 * Creates the database's folder (0700) and file (0600) when missing, makes an existing folder
 * 0700 and an existing file 0600, whatever the process's umask: the modes are set again with
 * chmod, which the umask does not touch. SQLite then creates -wal and -shm with the main file's
 * mode.
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
	makePrivateFolder(dirname(path));
	closeSync(openSync(path, 'a', PRIVATE_FILE));
	chmodSync(path, PRIVATE_FILE);
}
