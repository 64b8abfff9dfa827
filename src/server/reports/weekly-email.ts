/**
 * The Monday e-mail: each Monday morning (Rome), each shop's address receives last week's
 * summary and its reorder list, through the outbox (src/server/core/). Exactly once per shop and
 * week: the week's row (`report_weeks`, unique per shop and week) and its e-mail are inserted in
 * one transaction, so a restart, two passes at once or a server down on Monday (the check runs
 * at start-up and at every pass of the outbox's loop, so it is sent when the server is back)
 * can neither skip nor repeat it. The text is worked out when the week is queued and stored with
 * its row: a retry sends the same figures.
 */
import type Database from 'better-sqlite3';
import { coverText, durationText } from '../../lib/reports/formulas';
import { addDays } from '../../lib/shops/calendar';
import { romeClock, romeDate } from '../../lib/shops/open-now';
import { mondayOf, rangeText } from '../../lib/reports/period';
import type { EmailOwner, SubmissionKind } from '../core/kind';
import type { ReportFigures } from './figures';

/** The e-mail kind of the week's summary. */
export const WEEKLY_EMAIL = 'weekly';
/** From this hour of Monday (Rome) the past week's e-mail goes out. */
export const WEEKLY_HOUR = 7;

/**
 * The Monday of the last full week whose e-mail is due at `now`: last week's from Monday 07:00
 * on, the one before until then (sent already on the Monday before, or now if it was missed).
 */
export function dueWeek(now: Date): string {
	const thisMonday = mondayOf(romeDate(now));
	const { day, minute } = romeClock(now);
	const pastSeven = day > 0 || minute >= WEEKLY_HOUR * 60;
	return addDays(thisMonday, pastSeven ? -7 : -14);
}

/** "12 %" or "n/d". */
const percentText = (value: number | null) => (value === null ? 'n/d' : `${value} %`);

/** The subject and text of a shop's week, from its figures. */
export function weeklyText(
	figures: ReportFigures,
	shopName: string,
	companyName: string,
	pageUrl: string,
): { subject: string; text: string } {
	const { reservations: r, sales, period } = figures;
	const lines = [
		`Andamento di ${shopName}, ${rangeText(period.from, period.to)}`,
		'',
		'PRENOTAZIONI',
		`Prenotazioni: ${r.made}`,
		`Ritirate: ${r.collected}`,
		`Non ritirate: ${r.notCollected} (tasso di mancato ritiro ${percentText(r.noShowRate)})`,
		`Annullate: ${r.cancelledByCustomer + r.cancelledByStaff} (${r.cancelledByCustomer} dal cliente, ${r.cancelledByStaff} dal negozio)`,
		`Tempo mediano fino a «Pronta»: ${durationText(r.medianToReadyMs)}`,
		`Pezzi prenotati ora: ${figures.heldNow}`,
		'',
		'VENDITE',
		`Vendite al banco: ${sales.counterSales} pezzi`,
		`Ritiri di prenotazioni: ${sales.collections} pezzi`,
	];
	if (figures.topProducts.length > 0) {
		lines.push('', 'I PIÙ VENDUTI');
		for (const product of figures.topProducts) {
			lines.push(`- ${product.productName} (${product.brand}): ${product.pieces} pezzi`);
		}
	}
	lines.push('', 'DA RIORDINARE');
	if (figures.reorder.length === 0) lines.push('Niente da riordinare questa settimana.');
	for (const group of figures.reorder) {
		lines.push(
			'',
			`${group.brand} (consegna in ${group.leadDays} giorni, copertura ${group.coverDays} giorni)`,
		);
		for (const line of group.lines) {
			lines.push(
				`- ${line.productName}, ${line.variantLabel}: disponibili ${line.available}, da ordinare ${line.suggested}${line.waiting > 0 ? ` (${line.waiting} in attesa)` : ''}`,
			);
		}
	}
	const covers = figures.variants.slice(0, 5);
	if (covers.length > 0) {
		lines.push('', 'GIORNI DI COPERTURA DEI PIÙ VENDUTI');
		for (const variant of covers) {
			lines.push(`- ${variant.productName}, ${variant.variantLabel}: ${coverText(variant.cover)}`);
		}
	}
	lines.push('', `Tutti i dati e i file per i fornitori: ${pageUrl}`, '', companyName);
	return {
		subject: `Andamento della settimana ${rangeText(period.from, period.to)} · ${shopName}`,
		text: lines.join('\n'),
	};
}

/**
 * Queues a shop's week with its e-mail, due now, unless it was queued before: true when this
 * call queued it. One IMMEDIATE transaction: the unique (shop, week) decides.
 */
export function queueWeek(
	db: Database.Database,
	week: { shopId: string; weekStart: string; recipient: string; subject: string; body: string },
	now: number,
): boolean {
	return db
		.transaction(() => {
			const createdAt = new Date(now).toISOString();
			const inserted = db
				.prepare(
					`INSERT INTO report_weeks (shop_id, week_start, recipient, subject, body, created_at)
					 VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (shop_id, week_start) DO NOTHING`,
				)
				.run(week.shopId, week.weekStart, week.recipient, week.subject, week.body, createdAt);
			if (inserted.changes === 0) return false;
			db.prepare(
				`INSERT INTO emails (report_week_id, kind, recipient, status, attempts, next_attempt_at,
					created_at)
				 VALUES (?, ?, ?, 'pending', 0, ?, ?)`,
			).run(Number(inserted.lastInsertRowid), WEEKLY_EMAIL, week.recipient, now, createdAt);
			return true;
		})
		.immediate();
}

/**
 * When the Monday e-mail's checks started on this database (recorded by the first one, at
 * `now`): weeks that ended before it are never mailed.
 */
export function checksStartedAt(db: Database.Database, now: Date): string {
	db.prepare('INSERT INTO report_started (id, at) VALUES (1, ?) ON CONFLICT (id) DO NOTHING').run(
		now.toISOString(),
	);
	return (db.prepare('SELECT at FROM report_started WHERE id = 1').get() as { at: string }).at;
}

/** True when the shop's week was queued already. */
export function weekQueued(db: Database.Database, shopId: string, weekStart: string): boolean {
	return (
		db
			.prepare('SELECT 1 FROM report_weeks WHERE shop_id = ? AND week_start = ?')
			.get(shopId, weekStart) !== undefined
	);
}

/** What a week's e-mail shows. */
interface WeekForEmail {
	id: number;
	createdAt: Date;
	subject: string;
	body: string;
}

/** The e-mails' owner: a shop's week. */
export const REPORT_WEEK_OWNER: EmailOwner<WeekForEmail> = {
	name: 'report week',
	column: 'report_week_id',
	messageIdPrefix: 'andamento',
	emails: {
		[WEEKLY_EMAIL]: {
			label: 'Andamento della settimana',
			compose: (week) => ({ subject: week.subject, text: week.body }),
		},
	},
	load(db, ids) {
		if (ids.length === 0) return new Map();
		const rows = db
			.prepare(
				`SELECT id, subject, body, created_at FROM report_weeks
				 WHERE id IN (${ids.map(() => '?').join(', ')})`,
			)
			.all(...ids) as { id: number; subject: string; body: string; created_at: string }[];
		return new Map(
			rows.map((row) => [
				row.id,
				{ id: row.id, createdAt: new Date(row.created_at), subject: row.subject, body: row.body },
			]),
		);
	},
};

/** The shops' weeks as an owner of e-mails, for the registry (src/server/services/registry.ts). */
export const REPORT_WEEKS = {
	endpoint: null,
	owner: REPORT_WEEK_OWNER as unknown as EmailOwner,
	retention: null,
	report: null,
} satisfies SubmissionKind;
