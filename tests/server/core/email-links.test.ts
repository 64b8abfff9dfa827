import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CONTACT_ERRORS } from '../../../src/lib/messages/message-schema';
import { mailtoHref } from '../../../src/lib/format/links';
import { createStaffSession } from '../../helpers/staff';
import { postJson, useSimulationServer, VALID_MESSAGE } from '../helpers/contact';
import { pieceReservation, postReservation, singlePieces } from '../helpers/pickup';
import { staffRequest } from '../helpers/staff';

/**
 * An e-mail address chosen to turn the staff's «Scrivi a» into a draft to a third party: the
 * real server refuses it on both forms, and one already stored (written into the SQLite file
 * directly, as an older version let it in) is shown to staff as one encoded recipient.
 */

const server = useSimulationServer();

/** The probe's address: a Cc, a subject and a body hidden in the local part. */
const HOSTILE =
	'ordini%40concorrente.example?cc=spia%40evil.example&subject=Rimborso&body=Confermo%20il%20rimborso@example.com';

/** Sets a stored row's e-mail address and phone, as if an older version had accepted them. */
function storeHostile(table: 'messages' | 'reservations', id: number): void {
	const db = new Database(server.dbPath);
	try {
		db.prepare(`UPDATE ${table} SET email = ?, phone = ? WHERE id = ?`).run(
			HOSTILE,
			'+39 333 "><b>1</b>?x=1',
			id,
		);
	} finally {
		db.close();
	}
}

/** The mailto: and tel: targets of a page's links. */
function linkTargets(html: string): string[] {
	return [...html.matchAll(/href="((?:mailto|tel):[^"]*)"/g)].map((match) => match[1] ?? '');
}

describe('an address that only serves tricks', () => {
	it('is refused by the contact form and the reservation, with the form’s message', async () => {
		const message = await postJson(server.url, { ...VALID_MESSAGE, email: HOSTILE });
		expect(message.status).toBe(422);
		expect(message.json['fields']).toEqual({ email: CONTACT_ERRORS.email });

		const [piece] = singlePieces(1);
		if (!piece) throw new Error('No piece in the build.');
		const reservation = await postReservation(
			server.url,
			pieceReservation(piece, { email: HOSTILE }),
		);
		expect(reservation.status).toBe(422);
		expect(reservation.json['fields']).toEqual({ email: CONTACT_ERRORS.email });
	});
});

describe('a hostile address stored already', () => {
	it('is one encoded recipient on the reservation’s page and in the messages', async () => {
		const [piece] = singlePieces(1);
		if (!piece) throw new Error('No piece in the build.');
		const { cookie } = createStaffSession(server.dbPath, { shops: [piece.shopId] }, server.url);
		const reserved = await postReservation(server.url, pieceReservation(piece));
		expect(reserved.status).toBe(201);
		const id = Number(reserved.json['id']);
		storeHostile('reservations', id);

		const sent = await postJson(server.url, VALID_MESSAGE);
		expect(sent.status).toBe(201);
		const db = new Database(server.dbPath, { readonly: true });
		const messageId = (db.prepare('SELECT max(id) AS id FROM messages').get() as { id: number }).id;
		db.close();
		storeHostile('messages', messageId);

		const encoded = mailtoHref(HOSTILE).replaceAll('&', '&amp;');
		expect(encoded).not.toMatch(/[?=]|&(?!amp;)/);
		for (const path of [`/gestione/prenotazioni/${id}`, '/gestione/messaggi']) {
			const page = await staffRequest(server.url, path, {
				cookie,
				headers: { Accept: 'text/html' },
			});
			expect(page.status, path).toBe(200);
			const targets = linkTargets(page.body);
			expect(targets, path).toContain(encoded);
			expect(targets, path).toContain('tel:+3933311');
			for (const target of targets) {
				const url = new URL(target.replaceAll('&amp;', '&'));
				expect(url.search, `${path}: ${target}`).toBe('');
				expect(url.hash, `${path}: ${target}`).toBe('');
			}
		}
	});
});
