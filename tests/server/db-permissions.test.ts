import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../scripts/start-server.mjs';
import { postJson, tempDatabase, VALID_MESSAGE } from './helpers/contact';

/**
 * The messages database holds names, addresses and phones: the real server, started with the
 * usual umask 022 (which would leave new files 0644 and folders 0755), creates its folder 0700
 * and the database with its -wal and -shm 0600.
 */

const db = tempDatabase();
const folder = join(db.dir, 'dati', 'privati');
const dbPath = join(folder, 'messages.sqlite');
let server: RunningServer | undefined;
let umask: number;

beforeAll(async () => {
	// The server inherits the test process's umask.
	umask = process.umask(0o022);
	server = await startServer({
		env: { CONTACT_DB_PATH: dbPath, CONTACT_RATE_LIMIT: '1000', SMTP_HOST: '' },
	});
}, 60_000);

afterAll(async () => {
	await server?.stop();
	process.umask(umask);
	db.remove();
});

const mode = (path: string) => statSync(path).mode & 0o777;

it('creates the folders 0700 and the database, -wal and -shm 0600 under umask 022', async () => {
	if (!server) throw new Error('The server did not start.');
	const { status } = await postJson(server.url, VALID_MESSAGE);
	expect(status).toBe(201);
	expect(mode(join(db.dir, 'dati')).toString(8)).toBe('700');
	expect(mode(folder).toString(8)).toBe('700');
	for (const file of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) {
		expect(existsSync(file), file).toBe(true);
		expect(mode(file).toString(8), file).toBe('600');
	}
});
