/**
 * The staff area's rows in the site's one SQLite file (the messages database, same pragmas and
 * migrations as submissions/store.ts): staff members, passkeys, one-time links, sessions and
 * WebAuthn challenges. Every "use once" is one UPDATE or DELETE whose WHERE says it was not used
 * yet, so two requests racing for the same link or challenge cannot both win.
 */
import { existsSync } from 'node:fs';
import type Database from 'better-sqlite3';
import type { Migration, Registry } from '../core/schema';
import { openDatabase } from '../core/store';
import {
	CHALLENGE_LIFETIME_MS,
	hashToken,
	LINK_LIFETIME_MS,
	needsTouch,
	newToken,
	normaliseEmail,
	SESSION_MAX_MS,
	sessionState,
} from './rules';

/** A staff member as the guard hands it to routes and pages. */
export interface StaffMember {
	id: number;
	name: string;
	email: string;
	/** The slugs of the shops served (content/shops). */
	shops: string[];
}

/** A staff member as `npm run staff -- elenco` lists them. */
export interface StaffListing extends StaffMember {
	createdAt: number;
	disabledAt: number | null;
	passkeys: number;
	activeSessions: number;
}

/** A stored passkey, as the WebAuthn library reads it. */
export interface StoredPasskey {
	id: string;
	staffId: number;
	publicKey: Uint8Array;
	counter: number;
	transports: string[];
}

interface StaffRow {
	id: number;
	name: string;
	email: string;
	shops: string;
	created_at: number;
	disabled_at: number | null;
	webauthn_user_id: string;
}

const memberOf = (row: StaffRow): StaffMember => ({
	id: row.id,
	name: row.name,
	email: row.email,
	shops: JSON.parse(row.shops) as string[],
});

/**
 * Opens the database file as the submissions store does. The file is created only when missing:
 * opening and closing it outside SQLite (as createPrivateFile does) drops every POSIX lock this
 * process holds on it, the server's other connection's included, and the restore's check that
 * the server is running relies on those locks.
 */
function openStaffDatabase(
	path: string,
	migrations: readonly Migration[],
	{ create = true } = {},
): Database.Database {
	return openDatabase(path, migrations, { create, privateFile: create && !existsSync(path) });
}

/** The staff tables. */
export class StaffStore {
	readonly #db: Database.Database;

	constructor(db: Database.Database) {
		this.#db = db;
	}

	/** `registry`: the one list of migrations (src/server/services/registry.ts). */
	static open(
		path: string,
		{ migrations }: Pick<Registry, 'migrations'>,
		options?: { create?: boolean },
	): StaffStore {
		return new StaffStore(openStaffDatabase(path, migrations, options));
	}

	close(): void {
		this.#db.close();
	}

	/** The open database, for the link e-mails of the outbox (link-mail.ts). */
	get db(): Database.Database {
		return this.#db;
	}

	/** Adds a staff member; null when the address is taken already (enabled or not). */
	addStaff(
		member: { name: string; email: string; shops: readonly string[] },
		now: number,
	): StaffMember | null {
		const email = normaliseEmail(member.email);
		if (this.#row(email)) return null;
		const result = this.#db
			.prepare(
				`INSERT INTO staff (name, email, shops, created_at, webauthn_user_id)
				VALUES (?, ?, ?, ?, ?)`,
			)
			.run(member.name.trim(), email, JSON.stringify([...member.shops]), now, newToken());
		return {
			id: Number(result.lastInsertRowid),
			name: member.name.trim(),
			email,
			shops: [...member.shops],
		};
	}

	#row(email: string): StaffRow | undefined {
		return this.#db
			.prepare('SELECT * FROM staff WHERE email = ? COLLATE NOCASE')
			.get(normaliseEmail(email)) as StaffRow | undefined;
	}

	/** An enabled staff member by e-mail address, or null. */
	activeByEmail(email: string): StaffMember | null {
		const row = this.#row(email);
		return row && row.disabled_at === null ? memberOf(row) : null;
	}

	/** An enabled staff member by id, with the opaque id their passkeys know them by. */
	activeById(id: number): (StaffMember & { webauthnUserId: string }) | null {
		const row = this.#db.prepare('SELECT * FROM staff WHERE id = ?').get(id) as
			StaffRow | undefined;
		return row && row.disabled_at === null
			? { ...memberOf(row), webauthnUserId: row.webauthn_user_id }
			: null;
	}

	/** Every staff member, enabled first, then by name. */
	list(now: number): StaffListing[] {
		const rows = this.#db
			.prepare('SELECT * FROM staff ORDER BY disabled_at IS NOT NULL, name COLLATE NOCASE')
			.all() as StaffRow[];
		const passkeys = this.#db.prepare(
			'SELECT COUNT(*) AS n FROM staff_passkeys WHERE staff_id = ?',
		);
		const sessions = this.#db.prepare(
			'SELECT last_used_at AS lastUsedAt, expires_at AS expiresAt FROM staff_sessions WHERE staff_id = ?',
		);
		return rows.map((row) => ({
			...memberOf(row),
			createdAt: row.created_at,
			disabledAt: row.disabled_at,
			passkeys: (passkeys.get(row.id) as { n: number }).n,
			activeSessions: (sessions.all(row.id) as { lastUsedAt: number; expiresAt: number }[]).filter(
				(session) => sessionState(session, now) === 'valid',
			).length,
		}));
	}

	/**
	 * Disables a staff member: their sessions, links and passkeys are deleted in the same
	 * transaction, so nothing they hold opens the area any more. False when no enabled member
	 * has that address.
	 */
	disable(email: string, now: number): boolean {
		const row = this.#row(email);
		if (!row || row.disabled_at !== null) return false;
		this.#db.transaction(() => {
			this.#db.prepare('UPDATE staff SET disabled_at = ? WHERE id = ?').run(now, row.id);
			for (const table of ['staff_sessions', 'staff_links', 'staff_passkeys']) {
				this.#db.prepare(`DELETE FROM ${table} WHERE staff_id = ?`).run(row.id);
			}
		})();
		return true;
	}

	/** A new one-time link's token for an enabled member (only its hash is stored). */
	createLink(staffId: number, now: number): { token: string; expiresAt: number } {
		const token = newToken();
		const expiresAt = now + LINK_LIFETIME_MS;
		this.#db
			.prepare(
				'INSERT INTO staff_links (token_hash, staff_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
			)
			.run(hashToken(token), staffId, now, expiresAt);
		return { token, expiresAt };
	}

	/** The link of a token, unused and unexpired, with its enabled member; else null. Reads only. */
	validLink(token: string, now: number): StaffMember | null {
		const row = this.#db
			.prepare(
				`SELECT staff_id FROM staff_links
				WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?`,
			)
			.get(hashToken(token), now) as { staff_id: number } | undefined;
		return row ? this.activeById(row.staff_id) : null;
	}

	/** Uses a link up: true for the one request that did. */
	consumeLink(token: string, now: number): boolean {
		return (
			this.#db
				.prepare(
					`UPDATE staff_links SET used_at = ?
					WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?`,
				)
				.run(now, hashToken(token), now).changes === 1
		);
	}

	/** Stores a pending WebAuthn challenge (for an enrolment, with its link's hash). */
	saveChallenge(
		challenge: string,
		purpose: 'register' | 'sign-in',
		linkToken: string | null,
		now: number,
	): void {
		this.#db.prepare('DELETE FROM staff_challenges WHERE expires_at <= ?').run(now);
		this.#db
			.prepare(
				'INSERT INTO staff_challenges (challenge, purpose, link_hash, expires_at) VALUES (?, ?, ?, ?)',
			)
			.run(
				challenge,
				purpose,
				linkToken === null ? null : hashToken(linkToken),
				now + CHALLENGE_LIFETIME_MS,
			);
	}

	/**
	 * Takes a pending challenge (deleting it: it answers once), when it is of that purpose, for
	 * that link, and unexpired.
	 */
	takeChallenge(
		challenge: string,
		purpose: 'register' | 'sign-in',
		linkToken: string | null,
		now: number,
	): boolean {
		const row = this.#db
			.prepare('DELETE FROM staff_challenges WHERE challenge = ? RETURNING *')
			.get(challenge) as
			{ purpose: string; link_hash: string | null; expires_at: number } | undefined;
		return (
			row !== undefined &&
			row.purpose === purpose &&
			row.link_hash === (linkToken === null ? null : hashToken(linkToken)) &&
			row.expires_at > now
		);
	}

	/** The passkey ids of a member (so the authenticator makes no second one). */
	passkeyIds(staffId: number): string[] {
		return (
			this.#db.prepare('SELECT id FROM staff_passkeys WHERE staff_id = ?').all(staffId) as {
				id: string;
			}[]
		).map((row) => row.id);
	}

	addPasskey(passkey: StoredPasskey, now: number): void {
		this.#db
			.prepare(
				`INSERT INTO staff_passkeys (id, staff_id, public_key, counter, transports, created_at)
				VALUES (?, ?, ?, ?, ?, ?)`,
			)
			.run(
				passkey.id,
				passkey.staffId,
				Buffer.from(passkey.publicKey),
				passkey.counter,
				JSON.stringify(passkey.transports),
				now,
			);
	}

	/** A passkey by its credential id, when its member is enabled. */
	passkey(id: string): StoredPasskey | null {
		const row = this.#db
			.prepare(
				`SELECT p.* FROM staff_passkeys p JOIN staff s ON s.id = p.staff_id
				WHERE p.id = ? AND s.disabled_at IS NULL`,
			)
			.get(id) as
			| {
					id: string;
					staff_id: number;
					public_key: Buffer;
					counter: number;
					transports: string | null;
			  }
			| undefined;
		if (!row) return null;
		return {
			id: row.id,
			staffId: row.staff_id,
			publicKey: new Uint8Array(row.public_key),
			counter: row.counter,
			transports: row.transports ? (JSON.parse(row.transports) as string[]) : [],
		};
	}

	usedPasskey(id: string, counter: number, now: number): void {
		this.#db
			.prepare('UPDATE staff_passkeys SET counter = ?, last_used_at = ? WHERE id = ?')
			.run(counter, now, id);
	}

	/** Opens a session for a member: the token for the cookie (only its hash is stored). */
	createSession(staffId: number, now: number): string {
		const token = newToken();
		this.#db
			.prepare(
				`INSERT INTO staff_sessions (token_hash, staff_id, created_at, last_used_at, expires_at)
				VALUES (?, ?, ?, ?, ?)`,
			)
			.run(hashToken(token), staffId, now, now, now + SESSION_MAX_MS);
		return token;
	}

	/**
	 * The member of a session token when the session is valid (rules.ts), noting its use; an
	 * ended session is deleted and answers null.
	 */
	session(token: string, now: number): StaffMember | null {
		const hash = hashToken(token);
		const row = this.#db
			.prepare(
				`SELECT s.staff_id, s.last_used_at, s.expires_at FROM staff_sessions s
				JOIN staff m ON m.id = s.staff_id
				WHERE s.token_hash = ? AND m.disabled_at IS NULL`,
			)
			.get(hash) as { staff_id: number; last_used_at: number; expires_at: number } | undefined;
		if (!row) return null;
		if (
			sessionState({ lastUsedAt: row.last_used_at, expiresAt: row.expires_at }, now) !== 'valid'
		) {
			this.revokeSession(token);
			return null;
		}
		if (needsTouch(row.last_used_at, now)) {
			this.#db
				.prepare('UPDATE staff_sessions SET last_used_at = ? WHERE token_hash = ?')
				.run(now, hash);
		}
		const member = this.activeById(row.staff_id);
		return member && { id: member.id, name: member.name, email: member.email, shops: member.shops };
	}

	/** Ends a session (sign-out). */
	revokeSession(token: string): void {
		this.#db.prepare('DELETE FROM staff_sessions WHERE token_hash = ?').run(hashToken(token));
	}
}
