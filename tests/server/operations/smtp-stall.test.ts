import Database from 'better-sqlite3';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, expect, it } from 'vitest';
import { freePort, startServer, type RunningServer } from '../../../scripts/start-server.mjs';
import { postJson, tempDatabase, VALID_MESSAGE, type Cleanups } from '../helpers/contact';
import { runScript } from '../helpers/ops';
import { postReservation, validReservation } from '../helpers/pickup';
import { QUICK_RETRIES, startSmtp } from '../helpers/smtp';

/**
 * A stalled or crowded mail server, with real in-process SMTP servers: the e-mails of 200
 * submissions never hold more than SMTP_MAX_CONNECTIONS connections open at once; and after a
 * crash, an e-mail left 'sending' before its DATA command is sent again, while one whose DATA
 * went out is 'esito incerto', never sent again, and shown so by `npm run messages` and
 * `npm run prenotazioni`.
 */

const cleanups: Cleanups = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An SMTP server on a free port, with the given hooks; it counts its open connections. */
async function smtpServer(options: SMTPServerOptions) {
	const port = await freePort();
	const state = { open: 0, mostOpen: 0, connections: 0, bodies: 0 };
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS', 'AUTH'],
		logger: false,
		...options,
		onConnect(session, callback) {
			state.connections++;
			state.open++;
			state.mostOpen = Math.max(state.mostOpen, state.open);
			if (options.onConnect) options.onConnect(session, callback);
			else callback();
		},
		onClose() {
			state.open--;
		},
	});
	server.on('error', () => undefined);
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
	cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
	return { port, state };
}

function serverEnv(dbPath: string, smtpPort: number, extra: Record<string, string> = {}) {
	return {
		...QUICK_RETRIES,
		CONTACT_DB_PATH: dbPath,
		CONTACT_RATE_LIMIT: '1000000',
		CONTACT_REPLY_WAIT_MS: '100',
		SMTP_HOST: '127.0.0.1',
		SMTP_PORT: String(smtpPort),
		SHOP_EMAIL: 'negozio@vigorsport.test',
		// The 200 submissions at once stand for 200 visitors, but all come from the loopback: above
		// the per-address cap (50 by default) the extra connections would be closed before a byte.
		SERVER_MAX_CONNECTIONS_PER_ADDRESS: '1000',
		...extra,
	};
}

async function start(env: Record<string, string>): Promise<RunningServer> {
	const server = await startServer({ env });
	cleanups.push(() => server.stop('SIGKILL'));
	return server;
}

function emailRows(dbPath: string) {
	const db = new Database(dbPath, { readonly: true, fileMustExist: true });
	try {
		return db
			.prepare('SELECT id, status, data_started_at, attempts FROM emails ORDER BY id')
			.all() as { id: number; status: string; data_started_at: number | null; attempts: number }[];
	} finally {
		db.close();
	}
}

it('200 submissions never open more SMTP connections at once than the cap', async () => {
	const smtp = await smtpServer({
		onData(stream, _session, callback) {
			stream.on('data', () => undefined);
			stream.on('end', () => setTimeout(() => callback(), 5));
		},
	});
	const db = tempDatabase();
	cleanups.push(db.remove);
	const server = await start(
		serverEnv(db.dbPath, smtp.port, { SMTP_MAX_CONNECTIONS: '4', CONTACT_REPLY_WAIT_MS: '0' }),
	);
	// Messages rather than reservations: both go through the one outbox and mailer, and
	// messages need no stock.
	const answers = await Promise.all(
		Array.from({ length: 200 }, (_, n) =>
			postJson(server.url, { ...VALID_MESSAGE, email: `cliente.${n}@example.it` }),
		),
	);
	expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
	await expect
		.poll(() => emailRows(db.dbPath).filter((row) => row.status === 'sent').length, {
			timeout: 120_000,
			interval: 250,
		})
		.toBe(400);
	console.log(
		`SMTP cap 4: ${smtp.state.connections} connections, at most ${smtp.state.mostOpen} open at once`,
	);
	expect(smtp.state.mostOpen).toBeLessThanOrEqual(4);
	expect(smtp.state.mostOpen).toBeGreaterThan(1);
}, 180_000);

it('after a crash, an e-mail whose DATA never began is sent again', async () => {
	// The mail server never greets: the e-mails wait before any command.
	const stalled = await smtpServer({ onConnect: () => undefined });
	const db = tempDatabase();
	cleanups.push(db.remove);
	const env = serverEnv(db.dbPath, stalled.port, { CONTACT_SMTP_TIMEOUT_MS: '600000' });
	const first = await start(env);
	expect((await postJson(first.url, VALID_MESSAGE)).status).toBe(201);
	await expect.poll(() => stalled.state.connections).toBe(2);
	expect(emailRows(db.dbPath).map((row) => [row.status, row.data_started_at])).toEqual([
		['sending', null],
		['sending', null],
	]);
	await first.stop('SIGKILL');

	const good = await startSmtp();
	cleanups.push(() => good.stop());
	await start({ ...env, SMTP_PORT: String(good.port) });
	await expect
		.poll(() => emailRows(db.dbPath).map((row) => row.status), { timeout: 30_000 })
		.toEqual(['sent', 'sent']);
	expect(good.mails).toHaveLength(2);
}, 120_000);

it('after a crash, an e-mail whose DATA went out is esito incerto, never sent again, and shown so', async () => {
	// The mail server takes the whole message and never answers the final dot.
	const silent = await smtpServer({
		onData(stream) {
			stream.on('data', () => undefined);
			stream.on('end', () => silent.state.bodies++);
		},
	});
	const db = tempDatabase();
	cleanups.push(db.remove);
	// Four connections: all four e-mails reach the mail server at once.
	const env = serverEnv(db.dbPath, silent.port, { SMTP_MAX_CONNECTIONS: '4' });
	const first = await start(env);
	expect((await postJson(first.url, VALID_MESSAGE)).status).toBe(201);
	expect((await postReservation(first.url, validReservation())).status).toBe(201);
	await expect.poll(() => silent.state.bodies, { timeout: 10_000 }).toBe(4);
	expect(emailRows(db.dbPath).every((row) => row.status === 'sending' && row.data_started_at)).toBe(
		true,
	);
	await first.stop('SIGKILL');

	const good = await startSmtp();
	cleanups.push(() => good.stop());
	const second = await start({ ...env, SMTP_PORT: String(good.port) });
	await expect
		.poll(() => emailRows(db.dbPath).map((row) => row.status), { timeout: 30_000 })
		.toEqual(['interrupted', 'interrupted', 'interrupted', 'interrupted']);
	// A few passes of the retry loop (every 100 ms): still nothing sent again.
	await new Promise((resolve) => setTimeout(resolve, 1_000));
	expect(good.mails).toHaveLength(0);
	await second.stop();

	const messages = await runScript('messages.mjs', [], { CONTACT_DB_PATH: db.dbPath });
	expect(messages.code, messages.stderr).toBe(0);
	expect(messages.stdout.match(/esito incerto/g)).toHaveLength(2);
	const reservations = await runScript('messages.mjs', ['--prenotazioni'], {
		CONTACT_DB_PATH: db.dbPath,
	});
	expect(reservations.code, reservations.stderr).toBe(0);
	expect(reservations.stdout.match(/esito incerto/g)).toHaveLength(2);
}, 120_000);
