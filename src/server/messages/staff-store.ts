/**
 * Contact messages as staff see them in /gestione/messaggi: newest first, each with its e-mails
 * and its 'Gestito' mark (when, and by whom, the name kept as it was). The contact form names no
 * shop, so every member of staff sees every message: whoever answers marks it, for both shops.
 * Functions of an open database, called by ContactStore (src/server/messages/store.ts).
 */
import type Database from 'better-sqlite3';
import { storedMessageOf, type MessageRow, type StoredMessage } from './store';
import { storedEmailsFrom } from '../core/email-rows';

/** Who marked a message handled, and when. */
export interface HandledMark {
	/** ISO time. */
	at: string;
	staffId: number | null;
	/** The name as it was then. */
	staffName: string;
}

/** A message as the staff page shows it. */
export interface StaffMessage extends StoredMessage {
	handled: HandledMark | null;
}

/** A member of staff as a mark records them. */
export interface MarkingStaff {
	id: number;
	name: string;
}

/** What marking a message did. */
export type MarkResult =
	| { outcome: 'marked'; handled: HandledMark }
	/** Someone marked it first: nothing is overwritten. */
	| { outcome: 'already'; handled: HandledMark }
	| { outcome: 'not-found' };

interface Row extends MessageRow {
	handled_at: string | null;
	handled_by_staff_id: number | null;
	handled_by_name: string | null;
}

function markOf(row: Pick<Row, 'handled_at' | 'handled_by_staff_id' | 'handled_by_name'>) {
	return row.handled_at === null
		? null
		: {
				at: row.handled_at,
				staffId: row.handled_by_staff_id,
				staffName: row.handled_by_name ?? '',
			};
}

/** The newest `limit` messages with their e-mails and marks, and how many there are in all. */
export function staffMessages(
	db: Database.Database,
	limit: number,
): { messages: StaffMessage[]; total: number } {
	const rows = db
		.prepare(
			`SELECT id, created_at, name, email, phone, message, spam, delivery, confirmation_withheld,
				client_address, handled_at, handled_by_staff_id, handled_by_name
			 FROM messages ORDER BY created_at DESC, id DESC LIMIT ?`,
		)
		.all(limit) as Row[];
	const fromId = Math.min(...rows.map((row) => row.id), Number.MAX_SAFE_INTEGER);
	const emails = storedEmailsFrom(db, 'message_id', fromId);
	const { count } = db.prepare('SELECT COUNT(*) AS count FROM messages').get() as {
		count: number;
	};
	return {
		total: count,
		messages: rows.map((row) => ({
			...storedMessageOf(row, emails.get(row.id) ?? []),
			handled: markOf(row),
		})),
	};
}

/** Marks a message handled by `staff` at `now`, unless someone did first. */
export function markMessageHandled(
	db: Database.Database,
	messageId: number,
	staff: MarkingStaff,
	now: Date,
): MarkResult {
	const mark = db.transaction((): MarkResult => {
		const row = db
			.prepare('SELECT handled_at, handled_by_staff_id, handled_by_name FROM messages WHERE id = ?')
			.get(messageId) as
			Pick<Row, 'handled_at' | 'handled_by_staff_id' | 'handled_by_name'> | undefined;
		if (!row) return { outcome: 'not-found' };
		const earlier = markOf(row);
		if (earlier) return { outcome: 'already', handled: earlier };
		const handled = { at: now.toISOString(), staffId: staff.id, staffName: staff.name };
		db.prepare(
			'UPDATE messages SET handled_at = ?, handled_by_staff_id = ?, handled_by_name = ? WHERE id = ?',
		).run(handled.at, handled.staffId, handled.staffName, messageId);
		return { outcome: 'marked', handled };
	});
	return mark.immediate();
}
