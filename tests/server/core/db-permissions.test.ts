import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../scripts/start-server.mjs';
import { postJson, tempDatabase, VALID_MESSAGE } from '../helpers/contact';

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

it('makes a database folder that exists already 0700 at start', async () => {
	const existing = join(db.dir, 'esistente');
	mkdirSync(existing, { mode: 0o755 });
	chmodSync(existing, 0o755);
	const started = await startServer({
		env: { CONTACT_DB_PATH: join(existing, 'messages.sqlite'), SMTP_HOST: '' },
	});
	try {
		expect(mode(existing).toString(8)).toBe('700');
	} finally {
		await started.stop();
	}
}, 60_000);

it('refuses to start, saying why in Italian, in a folder shared with everyone', async () => {
	const shared = join(db.dir, 'condivisa');
	mkdirSync(shared);
	chmodSync(shared, 0o1777);
	const outcome = await startServer({
		env: { CONTACT_DB_PATH: join(shared, 'messages.sqlite'), SMTP_HOST: '' },
	}).then(
		async (started) => {
			await started.stop();
			return 'started';
		},
		(error: Error) => error.message,
	);
	expect(outcome).toMatch(/condivisa con altri utenti.*il server non parte/);
	expect((statSync(shared).mode & 0o7777).toString(8)).toBe('1777');
	expect(existsSync(join(shared, 'messages.sqlite'))).toBe(false);
}, 60_000);
