import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createStaffSession } from '../../helpers/staff';
import { rawRequest } from '../helpers/contact';
import { expectPrivate, staffRequest, useStaffServer } from '../helpers/staff';

/**
 * /gestione/messaggi with the real parts: the built server, a real SQLite file (messages and
 * their e-mails written as the outbox leaves them), sessions made in the database. Newest first,
 * the e-mails' states in the words of `npm run messages`, 'Gestito' once with who and when.
 */

const server = useStaffServer();

/** Stores a message with e-mails in the given states, as the contact service leaves them. */
function storeMessage(
	name: string,
	createdAt: string,
	emails: { kind: 'admin' | 'confirmation'; status: string; attempts?: number }[],
): number {
	const db = new Database(server.dbPath, { fileMustExist: true });
	try {
		const id = Number(
			db
				.prepare(
					`INSERT INTO messages (created_at, name, email, phone, message, privacy_accepted, spam, delivery)
					 VALUES (?, ?, ?, '011 123', ?, 1, 0, 'smtp')`,
				)
				.run(
					createdAt,
					name,
					`${name.split(' ')[0]?.toLowerCase()}@example.it`,
					`Domanda di ${name}`,
				).lastInsertRowid,
		);
		for (const email of emails) {
			db.prepare(
				`INSERT INTO emails (message_id, kind, recipient, status, attempts, next_attempt_at, sent_at, last_error)
				 VALUES (?, ?, 'x@example.it', ?, ?, 1790000000000, ?, ?)`,
			).run(
				id,
				email.kind,
				email.status,
				email.attempts ?? 1,
				email.status === 'sent' ? createdAt : null,
				email.status === 'failed' ? '550 Mailbox unavailable' : null,
			);
		}
		return id;
	} finally {
		db.close();
	}
}

function handled(id: number): Record<string, unknown> {
	const db = new Database(server.dbPath, { readonly: true, fileMustExist: true });
	try {
		return db
			.prepare('SELECT handled_at, handled_by_staff_id, handled_by_name FROM messages WHERE id = ?')
			.get(id) as Record<string, unknown>;
	} finally {
		db.close();
	}
}

describe('the messages page', () => {
	it('needs a session: the page sends to sign-in, the API answers 401', async () => {
		// The server makes its tables on start: a first request waits for it.
		const page = await staffRequest(server.url, '/gestione/messaggi');
		expect(page.status).toBe(303);
		expect(page.headers['location']).toBe('/gestione/accesso');
		const api = await staffRequest(server.url, '/api/gestione/messaggi', {
			method: 'POST',
			body: { id: 1 },
		});
		expect(api.status).toBe(401);
		expectPrivate(api);
	});

	it('lists newest first with the e-mails’ states, and marks one handled once', async () => {
		const older = storeMessage('Anna Bianchi', '2026-11-20T08:00:00.000Z', [
			{ kind: 'admin', status: 'sent' },
			{ kind: 'confirmation', status: 'failed', attempts: 5 },
		]);
		const newer = storeMessage('Luca Verdi', '2026-11-21T08:00:00.000Z', [
			{ kind: 'admin', status: 'pending' },
			{ kind: 'confirmation', status: 'interrupted' },
		]);
		const giulia = createStaffSession(server.dbPath, { name: 'Giulia Rossi' });
		const marco = createStaffSession(server.dbPath, { name: 'Marco Neri', shops: ['aosta'] });

		const page = await staffRequest(server.url, '/gestione/messaggi', { cookie: giulia.cookie });
		expect(page.status).toBe(200);
		expectPrivate(page);
		expect(page.body.indexOf('Luca Verdi')).toBeLessThan(page.body.indexOf('Anna Bianchi'));
		expect(page.body).toContain('Notifica al negozio (x@example.it): inviata il');
		expect(page.body).toContain('NON INVIATA dopo 5 tentativi');
		expect(page.body).toContain('in attesa dopo 1 tentativo');
		expect(page.body).toContain('esito incerto');
		expect(page.body).toContain('2 messaggi da gestire');

		// A plain form post, from the site.
		const marked = await rawRequest(`${server.url}/api/gestione/messaggi`, {
			headers: {
				'Content-Type': 'application/x-www-form-urlencoded',
				Origin: server.url,
				Cookie: giulia.cookie,
			},
			body: `id=${older}`,
		});
		expect(marked.status).toBe(303);
		expect(marked.headers['location']).toBe(`/gestione/messaggi?esito=gestito#messaggio-${older}`);
		expect(handled(older)).toMatchObject({
			handled_by_staff_id: giulia.member.id,
			handled_by_name: 'Giulia Rossi',
		});
		const at = handled(older)['handled_at'];

		// Another member (of the other shop: messages name no shop) marking it too is told who did.
		const again = await staffRequest(server.url, '/api/gestione/messaggi', {
			method: 'POST',
			cookie: marco.cookie,
			body: { id: older },
		});
		expect(again.status).toBe(409);
		expect((JSON.parse(again.body) as { error: string }).error).toMatch(
			/^Gestito da Giulia Rossi il /,
		);
		expect(handled(older)).toMatchObject({ handled_at: at, handled_by_name: 'Giulia Rossi' });

		const after = await staffRequest(server.url, '/gestione/messaggi?esito=gestito', {
			cookie: marco.cookie,
		});
		expect(after.body).toContain('Messaggio segnato come gestito.');
		expect(after.body).toMatch(/Gestito da Giulia Rossi il /);
		expect(after.body).toContain('1 messaggio da gestire');
		expect(handled(newer)['handled_at']).toBeNull();
	});

	it('refuses a mark from another site and an unknown message', async () => {
		const id = storeMessage('Sara Gialli', '2026-11-22T08:00:00.000Z', []);
		const { cookie } = createStaffSession(server.dbPath);
		const forged = await staffRequest(server.url, '/api/gestione/messaggi', {
			method: 'POST',
			cookie,
			body: { id },
			origin: 'https://altro-sito.example',
		});
		expect(forged.status).toBe(403);
		expect(handled(id)['handled_at']).toBeNull();
		const unknown = await staffRequest(server.url, '/api/gestione/messaggi', {
			method: 'POST',
			cookie,
			body: { id: 999_999 },
		});
		expect(unknown.status).toBe(404);
		const malformed = await staffRequest(server.url, '/api/gestione/messaggi', {
			method: 'POST',
			cookie,
			body: { id: 'uno' },
		});
		expect(malformed.status).toBe(422);
		expect((JSON.parse(malformed.body) as { error: string }).error).toContain(
			'Messaggio non indicato',
		);
	});
});
