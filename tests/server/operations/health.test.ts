import Database from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';
import { afterEach, expect, it } from 'vitest';
import { freePort, startServer } from '../../../scripts/start-server.mjs';
import {
	postJson,
	rawRequest,
	startWithSmtp,
	tempDatabase,
	VALID_MESSAGE,
	type Cleanups,
} from '../helpers/contact';
import { QUICK_RETRIES, smtpFor } from '../helpers/smtp';

/**
 * GET /api/health of the built server, in each state: healthy; the database not taking writes;
 * e-mails waiting longer than the threshold; the mail server refusing the credentials. The
 * answer is never cached and carries counts only.
 */

const cleanups: Cleanups = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Health {
	status: number;
	cacheControl: string | undefined;
	body: string;
	json: { ok: boolean; reasons: string[]; emails: { waiting: number; overdue: number } };
}

async function health(url: string): Promise<Health> {
	const response = await rawRequest(`${url}/api/health`, { method: 'GET' });
	return {
		status: response.status,
		cacheControl: response.headers['cache-control'] as string | undefined,
		body: response.body,
		json: JSON.parse(response.body) as Health['json'],
	};
}

/** Nothing of a visitor, of the mail server's address or of its error texts. */
function expectNothingPrivate(body: string, smtpPort?: number): void {
	for (const secret of [VALID_MESSAGE.email, VALID_MESSAGE.name, '127.0.0.1', 'localhost']) {
		expect(body).not.toContain(secret);
	}
	if (smtpPort !== undefined) expect(body).not.toContain(String(smtpPort));
	expect(body).not.toMatch(/\d{3} /); // no SMTP reply line
}

it('answers 200 when the database takes writes and e-mail flows; never cached; HEAD too', async () => {
	const smtp = await smtpFor(cleanups);
	const { server } = await startWithSmtp(smtp.port, {}, cleanups);
	const { status } = await postJson(server.url, VALID_MESSAGE);
	expect(status).toBe(201);
	await expect.poll(() => smtp.mails.length).toBe(2);
	const answer = await health(server.url);
	expect(answer.status).toBe(200);
	expect(answer.cacheControl).toBe('no-store');
	expect(answer.json).toMatchObject({ ok: true, reasons: [], emails: { waiting: 0, overdue: 0 } });
	expectNothingPrivate(answer.body, smtp.port);
	const head = await rawRequest(`${server.url}/api/health`, { method: 'HEAD' });
	expect(head.status).toBe(200);
	expect(head.body).toBe('');
	const post = await rawRequest(`${server.url}/api/health`, { method: 'POST', body: '{}' });
	expect(post.status).toBe(405);
}, 60_000);

it('answers 503 while the database does not take writes, and 200 again after', async () => {
	const db = tempDatabase();
	cleanups.push(db.remove);
	const server = await startServer({ env: { CONTACT_DB_PATH: db.dbPath, SMTP_HOST: '' } });
	cleanups.push(() => server.stop());
	expect((await health(server.url)).status).toBe(200);

	// Another process holding the write lock: the server's commits cannot go through.
	const blocker = new Database(db.dbPath, { fileMustExist: true });
	cleanups.push(() => {
		blocker.close();
	});
	blocker.exec('BEGIN EXCLUSIVE');
	await expect
		.poll(async () => (await health(server.url)).json.reasons, { timeout: 10_000 })
		.toEqual(['database-unwritable']);
	const down = await health(server.url);
	expect(down.status).toBe(503);
	expect(down.cacheControl).toBe('no-store');
	expectNothingPrivate(down.body);

	blocker.exec('ROLLBACK');
	await expect.poll(async () => (await health(server.url)).status, { timeout: 10_000 }).toBe(200);
}, 60_000);

it('answers 503 while e-mails wait longer than the threshold, and 200 once they are sent', async () => {
	const smtp = await smtpFor(cleanups);
	smtp.refuse = () => true;
	const { server } = await startWithSmtp(
		smtp.port,
		{ ...QUICK_RETRIES, HEALTH_EMAIL_MAX_WAIT_S: '1', CONTACT_REPLY_WAIT_MS: '500' },
		cleanups,
	);
	const { status } = await postJson(server.url, VALID_MESSAGE);
	expect(status).toBe(201);
	await expect
		.poll(async () => (await health(server.url)).json.reasons, { timeout: 15_000 })
		.toEqual(['emails-overdue']);
	const late = await health(server.url);
	expect(late.status).toBe(503);
	expect(late.json.emails).toEqual({ waiting: 2, overdue: 2, simulationMode: false });
	expectNothingPrivate(late.body, smtp.port);

	smtp.refuse = () => false;
	await expect.poll(async () => (await health(server.url)).status, { timeout: 15_000 }).toBe(200);
	expect(smtp.mails).toHaveLength(2);
}, 60_000);

it('answers 503 when the mail server refused the credentials, with no text of its error', async () => {
	const port = await freePort();
	let authAttempts = 0;
	const smtp = new SMTPServer({
		disabledCommands: ['STARTTLS'],
		allowInsecureAuth: true,
		logger: false,
		onAuth(_auth, _session, callback) {
			authAttempts++;
			callback(new Error('Credenziali errate per utente-segreto'));
		},
	});
	await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', () => resolve()));
	cleanups.push(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
	const { server } = await startWithSmtp(
		port,
		{ ...QUICK_RETRIES, SMTP_USER: 'utente-segreto', SMTP_PASSWORD: 'sbagliata' },
		cleanups,
	);
	expect((await health(server.url)).status).toBe(200);
	const { status } = await postJson(server.url, VALID_MESSAGE);
	expect(status).toBe(201);
	await expect
		.poll(async () => (await health(server.url)).json.reasons, { timeout: 15_000 })
		.toEqual(['smtp-auth-rejected']);
	const refused = await health(server.url);
	expect(refused.status).toBe(503);
	expect(authAttempts).toBeGreaterThan(0);
	expectNothingPrivate(refused.body, port);
	expect(refused.body).not.toContain('utente-segreto');
	expect(refused.body).not.toContain('Credenziali errate');
}, 60_000);
