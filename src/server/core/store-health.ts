/**
 * What the health check (src/server/operations/health.ts) asks of the submissions database: counts of
 * the outbox, and a committed write. Counts only: nothing about who wrote or to whom.
 */
import type Database from 'better-sqlite3';

/** E-mails not yet sent (pending or being sent), and how many of them are overdue. */
export interface EmailBacklog {
	waiting: number;
	overdue: number;
}

/** The e-mails not yet sent, and how many of them were stored before `overdueBefore`. */
export function emailBacklog(db: Database.Database, overdueBefore: Date): EmailBacklog {
	return db
		.prepare(
			`SELECT COUNT(*) AS waiting,
				COALESCE(SUM(created_at < @cutoff), 0) AS overdue
			 FROM emails WHERE status IN ('pending', 'sending')`,
		)
		.get({ cutoff: overdueBefore.toISOString() }) as EmailBacklog;
}

/**
 * Commits a write (the one row of `health_probe`), waiting at most `busyTimeoutMs` for the
 * write lock: throws when the database does not take commits (a full disk, a read-only file
 * system, a lock another process holds too long).
 */
export function probeWrite(db: Database.Database, now: number, busyTimeoutMs: number): void {
	const previous = db.pragma('busy_timeout', { simple: true }) as number;
	db.pragma(`busy_timeout = ${busyTimeoutMs}`);
	try {
		db.prepare(
			`INSERT INTO health_probe (id, checked_at) VALUES (1, ?)
			 ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`,
		).run(now);
	} finally {
		db.pragma(`busy_timeout = ${previous}`);
	}
}
