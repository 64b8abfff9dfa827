/**
 * One-time links sent by e-mail through the outbox (src/server/core/), as an owner of
 * e-mails registered in src/server/services/index.ts: stored first, retried with backoff, never sent
 * twice. The outbox composes an e-mail when it sends it, again after a failure, so it must be
 * able to write the link then; yet the database keeps only the link's hash. So the token of an
 * e-mailed link is derived, HMAC-SHA256 of the row's id under a key kept beside the database
 * file, `<database>.staff-key` (0600, made on first use): the database alone, a copy or a
 * backup of it, opens nothing.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type Database from 'better-sqlite3';
import type { EmailOwner, SubmissionKind } from '../core/kind';
import { hashToken, LINK_LIFETIME_MS } from './rules';
import { linkUrl } from './links';

/** The e-mail kind of a one-time link. */
export const LINK_EMAIL = 'link';
/** Most links e-mailed to one member in an hour: a flood of requests cannot flood a mailbox. */
export const LINK_EMAILS_PER_HOUR = 5;

const keys = new Map<string, Buffer>();

/** The key that derives e-mailed links' tokens for the database at `dbPath` (made if missing). */
export function linkKey(dbPath: string): Buffer {
	const path = `${dbPath}.staff-key`;
	const known = keys.get(path);
	if (known) return known;
	let key: Buffer;
	try {
		key = readFileSync(path);
	} catch {
		try {
			writeFileSync(path, randomBytes(32), { flag: 'wx', mode: 0o600 });
		} catch (error) {
			// Another process made it first: read theirs.
			if ((error as { code?: string }).code !== 'EEXIST') throw error;
		}
		key = readFileSync(path);
	}
	if (key.length < 32) throw new Error(`${path} is not a staff link key (32 bytes).`);
	keys.set(path, key);
	return key;
}

/** The token of the e-mailed link of row `id` (43 characters, as newToken()'s). */
export function mailedLinkToken(key: Buffer, id: number): string {
	return createHmac('sha256', key).update(`staff-link:${id}`).digest('base64url');
}

/**
 * Stores a one-time link for a member and its e-mail, due now, for the outbox's loop to send
 * (the request that asked for it never waits for the mail server). Null when the member had
 * LINK_EMAILS_PER_HOUR links e-mailed in the past hour.
 */
export function queueLinkEmail(
	db: Database.Database,
	member: { id: number; email: string },
	origin: string,
	now: number,
): { id: number; token: string; expiresAt: number } | null {
	const key = linkKey(db.name);
	return db
		.transaction(() => {
			const { count } = db
				.prepare(
					'SELECT COUNT(*) AS count FROM staff_link_emails WHERE staff_id = ? AND created_at > ?',
				)
				.get(member.id, now - 3_600_000) as { count: number };
			if (count >= LINK_EMAILS_PER_HOUR) return null;
			const expiresAt = now + LINK_LIFETIME_MS;
			const id = Number(
				db
					.prepare(
						'INSERT INTO staff_link_emails (staff_id, origin, created_at, expires_at) VALUES (?, ?, ?, ?)',
					)
					.run(member.id, origin, now, expiresAt).lastInsertRowid,
			);
			const token = mailedLinkToken(key, id);
			db.prepare(
				'INSERT INTO staff_links (token_hash, staff_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
			).run(hashToken(token), member.id, now, expiresAt);
			db.prepare(
				`INSERT INTO emails (staff_link_id, kind, recipient, status, attempts, next_attempt_at,
					created_at)
				VALUES (?, ?, ?, 'pending', 0, ?, ?)`,
			).run(id, LINK_EMAIL, member.email, now, new Date(now).toISOString());
			return { id, token, expiresAt };
		})
		.immediate();
}

/** What a link's e-mail shows. */
export interface LinkForEmail {
	id: number;
	createdAt: Date;
	name: string;
	url: string;
	expiresAt: number;
}

/** "14:35", in Rome. */
function romeClock(ms: number): string {
	return new Intl.DateTimeFormat('it-IT', {
		hour: '2-digit',
		minute: '2-digit',
		timeZone: 'Europe/Rome',
	}).format(new Date(ms));
}

/** The e-mails' owner: a link e-mailed to a staff member. */
export const STAFF_LINK_OWNER: EmailOwner<LinkForEmail> = {
	name: 'staff link',
	column: 'staff_link_id',
	messageIdPrefix: 'accesso-staff',
	emails: {
		[LINK_EMAIL]: {
			label: 'Link di accesso all’area staff',
			compose: (link, { companyName }) => ({
				subject: `Il tuo link di accesso all’area staff di ${companyName}`,
				text: [
					`Ciao ${link.name},`,
					'',
					'ecco il tuo link per creare la passkey dell’area staff (primo accesso, nuovo dispositivo o passkey persa):',
					'',
					link.url,
					'',
					`Vale fino alle ${romeClock(link.expiresAt)} (15 minuti) e si usa una volta sola. Aprilo sul telefono, tablet o computer che userai in negozio e tocca «Crea la passkey».`,
					'',
					'Se non l’hai chiesto tu, ignora questa e-mail: senza la passkey nessuno può entrare.',
					'',
					companyName,
				].join('\n'),
			}),
		},
	},
	load(db, ids) {
		if (ids.length === 0) return new Map();
		const key = linkKey(db.name);
		const rows = db
			.prepare(
				`SELECT l.id, l.origin, l.created_at, l.expires_at, s.name FROM staff_link_emails l
				JOIN staff s ON s.id = l.staff_id WHERE l.id IN (${ids.map(() => '?').join(', ')})`,
			)
			.all(...ids) as {
			id: number;
			origin: string;
			created_at: number;
			expires_at: number;
			name: string;
		}[];
		return new Map(
			rows.map((row) => [
				row.id,
				{
					id: row.id,
					createdAt: new Date(row.created_at),
					name: row.name,
					url: linkUrl(row.origin, mailedLinkToken(key, row.id)),
					expiresAt: row.expires_at,
				},
			]),
		);
	},
};

/** The staff links as an owner of e-mails, for the registry (src/server/services/index.ts). */
export const STAFF_LINKS = {
	endpoint: null,
	owner: STAFF_LINK_OWNER as unknown as EmailOwner,
	retention: null,
	report: null,
} satisfies SubmissionKind;
