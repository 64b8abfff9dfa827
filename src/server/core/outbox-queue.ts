/**
 * The outbox's rows, whatever their channel (channels.ts): each channel keeps its items in a
 * table of its own (`emails`, `push_deliveries`) with the same delivery columns (`status`,
 * `attempts`, `next_attempt_at`, `claimed_at`, `claimed_by`, `sent_at`, `last_error` and a mark
 * of the moment the receiver may have taken the item), and this file is the one place their
 * states change. Functions of the open database; every table name is a constant of the code.
 *
 * An item is sent exactly once when its outcome can be known, and at most once when it cannot.
 * Before sending, a process claims the row (status 'sending', in one UPDATE whose WHERE says it
 * was not claimed yet, so two processes never claim one row); afterwards it records 'sent', or
 * 'pending' with the time of the next attempt, or 'failed'. Just before the receiver may take
 * the item (an e-mail's DATA command, a push's request) it marks the row `started`. A row left
 * 'sending' by a process that stopped (seen at the next start-up, or after the channel's lease)
 * is settled by that mark: without it the receiver cannot have the item, so it is due again; with
 * it nobody knows, so it becomes 'interrupted' ('esito incerto') and is never sent again.
 */
import type Database from 'better-sqlite3';

/** One channel's table of the outbox. */
export interface QueueTable {
	/** The table (a constant of the code, never input). */
	readonly table: string;
	/** Its column marking that the receiver may have taken the item (NULL before). */
	readonly startedColumn: string;
	/** What `sent_at` holds: an ISO 8601 text, or milliseconds. */
	readonly sentAt: 'iso' | 'ms';
	/** `last_error` of an item whose sending a stop interrupted after its mark (Italian). */
	readonly interruptedText: string;
}

/** What settling abandoned claims did: items due again, and items of unknown outcome. */
export interface SettledClaims {
	retried: number;
	uncertain: number;
}

/** Longest error text kept for an item. */
const MAX_ERROR_LENGTH = 500;

/**
 * Claims up to `limit` rows due at `now` for `claimedBy`, oldest first, and returns them whole.
 * Run it inside the transaction that also reads what the items need.
 */
export function claimDueRows(
	db: Database.Database,
	queue: QueueTable,
	now: number,
	claimedBy: string,
	limit: number,
): Record<string, unknown>[] {
	const rows = db
		.prepare(
			`UPDATE ${queue.table} SET status = 'sending', claimed_at = @now, claimed_by = @claimedBy,
				${queue.startedColumn} = NULL
			 WHERE id IN (
				SELECT id FROM ${queue.table} WHERE status = 'pending' AND next_attempt_at <= @now
				ORDER BY next_attempt_at, id LIMIT @limit
			 )
			 RETURNING *`,
		)
		.all({ now, claimedBy, limit }) as (Record<string, unknown> & {
		id: number;
		next_attempt_at: number;
	})[];
	return rows.sort((a, b) => a.next_attempt_at - b.next_attempt_at || a.id - b.id);
}

/** Records that the receiver took an item claimed by `claimedBy`. */
export function markRowSent(
	db: Database.Database,
	queue: QueueTable,
	id: number,
	claimedBy: string,
	now: number,
): void {
	db.prepare(
		`UPDATE ${queue.table} SET status = 'sent', attempts = attempts + 1, sent_at = ?,
			last_error = NULL
		 WHERE id = ? AND status = 'sending' AND claimed_by = ?`,
	).run(queue.sentAt === 'iso' ? new Date(now).toISOString() : now, id, claimedBy);
}

/** Records a failed attempt: due again at `next`, or given up ('failed') when null. */
export function markRowFailed(
	db: Database.Database,
	queue: QueueTable,
	id: number,
	claimedBy: string,
	error: string,
	next: number | null,
): void {
	db.prepare(
		`UPDATE ${queue.table} SET
			status = CASE WHEN @next IS NULL THEN 'failed' ELSE 'pending' END,
			attempts = attempts + 1,
			next_attempt_at = COALESCE(@next, next_attempt_at),
			last_error = @error, ${queue.startedColumn} = NULL
		 WHERE id = @id AND status = 'sending' AND claimed_by = @claimedBy`,
	).run({ id, claimedBy, error: error.slice(0, MAX_ERROR_LENGTH), next });
}

/** Records an attempt whose outcome is unknown: 'interrupted', never sent again. */
export function markRowUncertain(
	db: Database.Database,
	queue: QueueTable,
	id: number,
	claimedBy: string,
	error: string,
): void {
	db.prepare(
		`UPDATE ${queue.table} SET status = 'interrupted', attempts = attempts + 1, last_error = ?
		 WHERE id = ? AND status = 'sending' AND claimed_by = ?`,
	).run(error.slice(0, MAX_ERROR_LENGTH), id, claimedBy);
}

/**
 * Records that the receiver may take a claimed item from now on: a stop before its outcome is
 * recorded must not send it again.
 */
export function markRowStarted(
	db: Database.Database,
	queue: QueueTable,
	id: number,
	claimedBy: string,
	at: number,
): void {
	db.prepare(
		`UPDATE ${queue.table} SET ${queue.startedColumn} = ?
		 WHERE id = ? AND status = 'sending' AND claimed_by = ?`,
	).run(at, id, claimedBy);
}

function settle(
	db: Database.Database,
	queue: QueueTable,
	where: string,
	params: Record<string, unknown>,
	now: number,
): SettledClaims {
	return db
		.transaction((): SettledClaims => {
			const retried = db
				.prepare(
					`UPDATE ${queue.table} SET status = 'pending', next_attempt_at = @now,
						claimed_at = NULL, claimed_by = NULL
					 WHERE status = 'sending' AND ${queue.startedColumn} IS NULL AND ${where}`,
				)
				.run({ ...params, now }).changes;
			const uncertain = db
				.prepare(
					`UPDATE ${queue.table} SET status = 'interrupted', attempts = attempts + 1,
						last_error = @text
					 WHERE status = 'sending' AND ${queue.startedColumn} IS NOT NULL AND ${where}`,
				)
				.run({ ...params, text: queue.interruptedText }).changes;
			return { retried, uncertain };
		})
		.immediate();
}

/** Settles the rows claimed before `claimedBefore` and never settled (the channel's lease). */
export function settleExpiredClaims(
	db: Database.Database,
	queue: QueueTable,
	claimedBefore: number,
	now: number,
): SettledClaims {
	return settle(db, queue, 'claimed_at < @claimedBefore', { claimedBefore }, now);
}

/** Settles the rows left 'sending' by the claimers for which `isGone` is true (stopped ones). */
export function settleClaimsOf(
	db: Database.Database,
	queue: QueueTable,
	isGone: (claimedBy: string) => boolean,
	now: number,
): SettledClaims {
	const claimers = (
		db.prepare(`SELECT DISTINCT claimed_by FROM ${queue.table} WHERE status = 'sending'`).all() as {
			claimed_by: string | null;
		}[]
	)
		.map((row) => row.claimed_by ?? '')
		.filter(isGone);
	if (claimers.length === 0) return { retried: 0, uncertain: 0 };
	return settle(
		db,
		queue,
		`COALESCE(claimed_by, '') IN (SELECT value FROM json_each(@claimers))`,
		{ claimers: JSON.stringify(claimers) },
		now,
	);
}
