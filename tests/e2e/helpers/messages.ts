import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** The port of the server the end-to-end tests run against (playwright.config.ts). */
export const E2E_PORT = Number(process.env['E2E_PORT'] ?? 4399);

/**
 * The folder of that server's messages database: one per port, in the system's temporary
 * folder, emptied at the start of each run by playwright.config.ts.
 */
export const CONTACT_DB_DIR = join(tmpdir(), `vigorsport-e2e-${E2E_PORT}`);

/** How many messages the server has stored from this address (read from its real SQLite file). */
export function storedMessagesFrom(email: string): number {
	const db = new Database(join(CONTACT_DB_DIR, 'messages.sqlite'), {
		readonly: true,
		fileMustExist: true,
	});
	try {
		const row = db.prepare('SELECT COUNT(*) AS count FROM messages WHERE email = ?').get(email) as {
			count: number;
		};
		return row.count;
	} finally {
		db.close();
	}
}
