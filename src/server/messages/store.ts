/**
 * Contact messages in the submissions database (table `messages`): storing one with its
 * e-mails in one transaction, finding the one stored under a submission key, and reading them
 * for the e-mails and for staff. Functions of the open database (SubmissionStore.db,
 * src/server/core/store.ts); the outbox, retention and the rest are the core's.
 */
import type Database from 'better-sqlite3';
import {
	emailStates,
	insertClaimedEmails,
	limitConfirmations,
	storedEmailsFrom,
} from '../core/email-rows';
import type { EmailJob, EmailOwner } from '../core/kind';
import type { Delivery, EarlierSubmission, StoredEmail, SubmissionBase } from '../core/schema';
import { MESSAGE_EMAILS, type MessageForEmail } from './email-text';

/** The column of `emails` naming a message. */
const MESSAGE_COLUMN = 'message_id';

/** A message to store. */
export interface NewMessage extends SubmissionBase {
	name: string;
	email: string;
	phone: string;
	message: string;
}

/** What insertMessage did: stored the message, or found it stored already. */
export type InsertResult =
	| { id: number; jobs: EmailJob<MessageForEmail>[]; earlier?: undefined }
	| { id: number; jobs: []; earlier: EarlierSubmission };

/** A stored message with its e-mails, as staff see it. */
export interface StoredMessage {
	id: number;
	createdAt: string;
	name: string;
	email: string;
	phone: string;
	message: string;
	spam: boolean;
	delivery: Delivery;
	emails: StoredEmail[];
	/** True when the confirmation was not sent: the address had its day's share. */
	confirmationWithheld: boolean;
	/** The sender's address as the server knew it; null for one stored before it was kept. */
	clientAddress: string | null;
}

/** A row of the `messages` table. */
export interface MessageRow {
	id: number;
	created_at: string;
	name: string;
	email: string;
	phone: string;
	message: string;
	spam: number;
	delivery: Delivery;
	confirmation_withheld: number;
	client_address: string | null;
}

/**
 * Stores a message and its e-mails in one transaction. The e-mails come back already claimed
 * by `claimedBy`, so the retry loop leaves them to the request that sends them now. A message
 * whose submission key is stored already is not stored again: the earlier one comes back.
 */
export function insertMessage(
	db: Database.Database,
	message: NewMessage,
	claimedBy: string,
): InsertResult {
	const insert = db.transaction((): InsertResult => {
		const earlier = message.submissionKey ? earlierMessage(db, message.submissionKey) : null;
		if (earlier) return { id: earlier.id, jobs: [], earlier };
		const { createdAt } = message;
		const limited = limitConfirmations(db, message.emails, message.confirmationsPerDay, createdAt);
		const { lastInsertRowid } = db
			.prepare(
				`INSERT INTO messages (created_at, name, email, phone, message, privacy_accepted, spam,
					delivery, submission_key, submission_fingerprint, confirmation_withheld, client_address)
				 VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)`,
			)
			.run(
				createdAt.toISOString(),
				message.name,
				message.email,
				message.phone,
				message.message,
				message.spam ? 1 : 0,
				message.delivery,
				message.submissionKey ?? null,
				message.submissionFingerprint ?? null,
				limited.withheld ? 1 : 0,
				message.clientAddress ?? null,
			);
		const id = Number(lastInsertRowid);
		const { name, email, phone } = message;
		const about: MessageForEmail = {
			id,
			name,
			email,
			phone,
			message: message.message,
			createdAt,
			confirmationWithheld: limited.withheld,
		};
		const emails = insertClaimedEmails(
			db,
			MESSAGE_COLUMN,
			id,
			limited.emails,
			createdAt.getTime(),
			claimedBy,
		);
		return { id, jobs: emails.map((claimed) => ({ ...claimed, owner: MESSAGE_OWNER, about })) };
	});
	// IMMEDIATE: the write lock is taken before the look-ups, so two processes given the same
	// key cannot both miss it, nor two messages to one address both pass its confirmations' count.
	return insert.immediate();
}

/** The message stored with this submission key, if any. */
export function earlierMessage(
	db: Database.Database,
	submissionKey: string,
): EarlierSubmission | null {
	const row = db
		.prepare(
			`SELECT id, delivery, submission_fingerprint AS fingerprint
			 FROM messages WHERE submission_key = ?`,
		)
		.get(submissionKey) as Omit<EarlierSubmission, 'emails'> | undefined;
	if (!row) return null;
	return { ...row, emails: emailStates(db, MESSAGE_COLUMN, row.id) };
}

/** The messages of these ids, as the e-mails show them, by id. */
export function messagesForEmail(
	db: Database.Database,
	ids: readonly number[],
): Map<number, MessageForEmail> {
	if (ids.length === 0) return new Map();
	const rows = db
		.prepare(
			`SELECT id, created_at, name, email, phone, message, confirmation_withheld FROM messages
			 WHERE id IN (${ids.map(() => '?').join(', ')})`,
		)
		.all(...ids) as MessageRow[];
	return new Map(
		rows.map(({ id, name, email, phone, message, created_at, confirmation_withheld }) => [
			id,
			{
				id,
				name,
				email,
				phone,
				message,
				createdAt: new Date(created_at),
				confirmationWithheld: confirmation_withheld === 1,
			},
		]),
	);
}

/** The stored messages, newest first, with their e-mails. */
export function listMessages(db: Database.Database, limit?: number): StoredMessage[] {
	const messages = db
		.prepare(
			`SELECT id, created_at, name, email, phone, message, spam, delivery, confirmation_withheld,
				client_address
			 FROM messages ORDER BY id DESC LIMIT ?`,
		)
		.all(limit ?? -1) as MessageRow[];
	const byMessage = storedEmailsFrom(
		db,
		MESSAGE_COLUMN,
		messages.at(-1)?.id ?? Number.MAX_SAFE_INTEGER,
	);
	return messages.map((row) => storedMessageOf(row, byMessage.get(row.id) ?? []));
}

/** A row of `messages` with its e-mails, as staff see it (the list and the staff page). */
export function storedMessageOf(row: MessageRow, emails: StoredEmail[]): StoredMessage {
	return {
		id: row.id,
		createdAt: row.created_at,
		name: row.name,
		email: row.email,
		phone: row.phone,
		message: row.message,
		spam: row.spam === 1,
		delivery: row.delivery,
		emails,
		confirmationWithheld: row.confirmation_withheld === 1,
		clientAddress: row.client_address,
	};
}

/** How many messages are stored. */
export function countMessages(db: Database.Database): number {
	return (db.prepare('SELECT COUNT(*) AS count FROM messages').get() as { count: number }).count;
}

/** Messages as owners of e-mails, for the outbox (src/server/core/kind.ts). */
export const MESSAGE_OWNER: EmailOwner<MessageForEmail> = {
	name: 'message',
	column: MESSAGE_COLUMN,
	messageIdPrefix: 'contatto',
	emails: MESSAGE_EMAILS,
	load: messagesForEmail,
};
