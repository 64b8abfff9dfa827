import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/start-server.mjs';
import { LINK_EMAILS_PER_HOUR } from '../../../src/server/staff/link-mail';
import { createStaffMember } from '../../helpers/staff';
import { startWithSmtp, type Cleanups } from '../helpers/contact';
import { QUICK_RETRIES, smtpFor, type ReceivedMail } from '../helpers/smtp';
import { staffRequest } from '../helpers/staff';

/**
 * One-time links e-mailed through the outbox, on the real server and a real SMTP server: the
 * link request sends a staff member one e-mail with a link that opens the enrolment, and any
 * other address none, with the same answer; `npm run staff -- link` with SMTP settings hands the
 * link to the server's outbox; a refused e-mail is retried and delivered once; the database keeps
 * no token.
 */
const cleanups: Cleanups = [];
afterEach(async () => {
	for (const cleanup of cleanups.reverse()) await cleanup();
	cleanups.length = 0;
});

const TOKEN_URL = /(http:\/\/[^\s/]+\/gestione\/attiva#([A-Za-z0-9_-]{43}))/;

async function waitFor<T>(read: () => T | undefined, what: string): Promise<T> {
	for (let i = 0; i < 200; i += 1) {
		const value = read();
		if (value !== undefined) return value;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	throw new Error(`Timed out waiting for ${what}`);
}

function emailStates(dbPath: string): { kind: string; status: string; attempts: number }[] {
	const db = new Database(dbPath, { readonly: true });
	try {
		return db
			.prepare('SELECT kind, status, attempts FROM emails WHERE staff_link_id IS NOT NULL')
			.all() as { kind: string; status: string; attempts: number }[];
	} finally {
		db.close();
	}
}

describe('links by e-mail', () => {
	it('reach a staff member once, with a link that opens the enrolment; other addresses get none', async () => {
		const smtp = await smtpFor(cleanups);
		smtp.refuse = (offered) => offered === 1;
		const { server, dbPath } = await startWithSmtp(
			smtp.port,
			{ ...QUICK_RETRIES, STAFF_RATE_LIMIT: '1000' },
			cleanups,
		);
		const member = createStaffMember(dbPath, { name: 'Anna Neri' });
		const answers = await Promise.all(
			[member.email, 'nessuno@example.it'].map((email) =>
				staffRequest(server.url, '/api/gestione/auth/link', { method: 'POST', body: { email } }),
			),
		);
		expect(answers.map((answer) => answer.status)).toEqual([202, 202]);
		expect(answers[0]?.body).toBe(answers[1]?.body);

		const mail: ReceivedMail = await waitFor(() => smtp.mails[0], 'the link e-mail');
		expect(smtp.refused).toBe(1);
		expect(mail.to).toEqual([member.email]);
		expect(mail.subject).toMatch(/link di accesso all’area staff/);
		expect(mail.text).toContain('Ciao Anna Neri');
		const [, url, token] = TOKEN_URL.exec(mail.text) ?? [];
		expect(url).toBe(`${server.url}/gestione/attiva#${token}`);
		await waitFor(
			() => (emailStates(dbPath)[0]?.status === 'sent' ? true : undefined),
			'the e-mail marked sent',
		);
		expect(emailStates(dbPath)).toEqual([{ kind: 'link', status: 'sent', attempts: 2 }]);
		expect(smtp.mails).toHaveLength(1);

		const options = await staffRequest(server.url, '/api/gestione/auth/passkey-opzioni', {
			method: 'POST',
			body: { token },
		});
		expect(options.status).toBe(200);

		const db = new Database(dbPath, { readonly: true });
		try {
			const everything = ['staff_links', 'staff_link_emails', 'emails']
				.map((table) => JSON.stringify(db.prepare(`SELECT * FROM ${table}`).all()))
				.join('');
			expect(everything).not.toContain(token);
		} finally {
			db.close();
		}
	}, 30_000);

	it('are handed to the server by `npm run staff -- link`, at most a few an hour per member', async () => {
		const smtp = await smtpFor(cleanups);
		const { server, dbPath } = await startWithSmtp(smtp.port, { ...QUICK_RETRIES }, cleanups);
		const member = createStaffMember(dbPath);
		const run = () =>
			spawnSync(
				process.execPath,
				[join(ROOT, 'scripts/staff.mjs'), 'link', member.email, '--origine', server.url],
				{
					env: { ...process.env, CONTACT_DB_PATH: dbPath, SMTP_HOST: '127.0.0.1' },
					encoding: 'utf8',
				},
			);
		const first = run();
		expect(first.stderr).toBe('');
		expect(first.stdout).toMatch(new RegExp(`in invio a ${member.email.replace('.', '\\.')}`));
		expect(first.stdout).not.toMatch(TOKEN_URL);
		const mail = await waitFor(() => smtp.mails[0], 'the e-mail of the CLI');
		expect(mail.to).toEqual([member.email]);
		expect(mail.text).toMatch(TOKEN_URL);

		for (let i = 1; i < LINK_EMAILS_PER_HOUR; i += 1) expect(run().status).toBe(0);
		const over = run();
		expect(over.status).toBe(1);
		expect(over.stderr).toMatch(/già ricevuto/);
		// Six runs of the command, each a Node process of its own: a minute on a busy machine.
	}, 60_000);
});
