/**
 * L'andamento as a service (docs/report.md): the figures of a member's shops over a period, the
 * brands' reorder settings, the reorder CSV, and the Monday e-mail's check. Created once per
 * process by the facade (src/server/services/index.ts) on the submissions' database.
 */
import type Database from 'better-sqlite3';
import { reorderCsv } from '../../lib/reports/csv';
import { periodOf } from '../../lib/reports/period';
import { addDays } from '../../lib/shops/calendar';
import type { PickupShop } from '../../lib/reservations/types';
import {
	brandSettings,
	MAX_SETTING_DAYS,
	saveBrandSetting,
	settingOf,
	type BrandSetting,
} from './brand-settings';
import { reportFigures, type FigureSources, type ReportFigures } from './figures';
import { inventoryFeedAnswer, type FeedCredentials } from './inventory-feed';
import type { StockService } from '../stock';
import { checksStartedAt, dueWeek, queueWeek, weekQueued, weeklyText } from './weekly-email';

/** Words of the service's refusals. */
export const REPORT_TEXTS = Object.freeze({
	brand: 'Indica la marca con «marca»: una di quelle del catalogo.',
	days: (field: string) =>
		`«${field}» deve essere un numero intero di giorni da 0 a ${MAX_SETTING_DAYS}, senza decimali.`,
});

/** What the service needs. */
export interface ReportSources extends FigureSources {
	/** The shops of the build served: names, e-mail addresses, hours, Google store codes. */
	shops: readonly PickupShop[];
	/** The ledger joined to the holds, with the build's products (their prices, for the feed). */
	stock: Pick<StockService, 'stockList' | 'findProduct'>;
	/** Google's local inventory feed's user name and password; null: no feed. */
	feedCredentials?: FeedCredentials | null | undefined;
	/** The brands of the catalogue (what a setting may name). */
	brands: () => Promise<readonly string[]>;
	/** The company name that signs the e-mail. */
	companyName: string;
	/** The site's address, for the page's link in the e-mail. */
	linkOrigin: string;
	/** True when this server sends e-mail (else no Monday e-mail is queued). */
	sendsEmail: boolean;
	/** Sends the e-mails due now without waiting for the outbox's next pass. */
	sendDue: (at: number) => void;
	/** The clock of the figures and of the Monday check. */
	now: () => number;
	log?: Pick<Console, 'log' | 'error'> | undefined;
}

/** L'andamento's service, as pages and routes reach it (`Astro.locals.services.reports`). */
export interface ReportService {
	/** The shops of the build (id, name). */
	readonly shops: readonly { id: string; name: string }[];
	/** The figures of these shops over a period. */
	figures(shopIds: readonly string[], period: ReportFigures['period']): Promise<ReportFigures>;
	/** The brands' settings (those not stored are the defaults). */
	brandSetting(brand: string): BrandSetting;
	/** Stores a brand's settings, or says why not. */
	saveBrandSetting(
		fields: { brand: unknown; leadDays: unknown; coverDays: unknown },
		staff: { id: number; name: string },
	): Promise<{ ok: true; brand: string } | { ok: false; error: string }>;
	/** One brand's reorder list as the supplier's CSV, or null when it has no line. */
	reorderCsv(figures: ReportFigures, brand: string): string | null;
	/** The answer to Google's fetch of the local inventory feed (404 without credentials set). */
	inventoryFeed(request: Request): Promise<Response>;
	/** Queues the Monday e-mail of every shop whose last full week is due; how many it queued. */
	sendWeeklyDue(): Promise<number>;
	/** The service's clock. */
	now(): Date;
}

/** A whole number of days from 0 to 365, or null. */
function daysOf(value: unknown): number | null {
	const number =
		typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) ? Number(value) : value;
	return typeof number === 'number' &&
		Number.isSafeInteger(number) &&
		number >= 0 &&
		number <= MAX_SETTING_DAYS
		? number
		: null;
}

/** Creates the service. */
export function createReportService(sources: ReportSources): ReportService {
	const db: Database.Database = sources.db;
	const now = () => new Date(sources.now());
	let checking: Promise<number> | null = null;

	async function queueDueWeeks(): Promise<number> {
		if (!sources.sendsEmail) return 0;
		const at = now();
		const monday = dueWeek(at);
		const period = periodOf('scorsa', monday, addDays(monday, 6), at);
		// A week that ended before this database's first check is never mailed.
		if (period.endIso <= checksStartedAt(db, at)) return 0;
		let queued = 0;
		for (const shop of sources.shops) {
			if (weekQueued(db, shop.id, monday)) continue;
			const figures = await reportFigures(sources, [shop.id], period, at);
			const { subject, text } = weeklyText(
				figures,
				shop.name,
				sources.companyName,
				new URL(`/gestione/andamento?negozio=${shop.id}&periodo=scorsa`, sources.linkOrigin).href,
			);
			if (
				queueWeek(
					db,
					{ shopId: shop.id, weekStart: monday, recipient: shop.email, subject, body: text },
					Date.now(),
				)
			) {
				queued += 1;
				sources.log?.log(
					`Andamento: the e-mail of the week of ${monday} for ${shop.id} is queued.`,
				);
			}
		}
		if (queued > 0) sources.sendDue(Date.now());
		return queued;
	}

	return {
		shops: sources.shops.map(({ id, name }) => ({ id, name })),
		figures: (shopIds, period) => reportFigures(sources, shopIds, period, now()),
		brandSetting: (brand) => settingOf(brandSettings(db), brand),
		async saveBrandSetting(fields, staff) {
			const brands = await sources.brands();
			if (typeof fields.brand !== 'string' || !brands.includes(fields.brand)) {
				return { ok: false, error: REPORT_TEXTS.brand };
			}
			const leadDays = daysOf(fields.leadDays);
			if (leadDays === null) return { ok: false, error: REPORT_TEXTS.days('consegna') };
			const coverDays = daysOf(fields.coverDays);
			if (coverDays === null) return { ok: false, error: REPORT_TEXTS.days('copertura') };
			saveBrandSetting(db, fields.brand, { leadDays, coverDays }, staff, now());
			return { ok: true, brand: fields.brand };
		},
		reorderCsv(figures, brand) {
			const group = figures.reorder.find((candidate) => candidate.brand === brand);
			if (!group) return null;
			return reorderCsv(
				brand,
				group.lines.map((line) => ({ ...line, key: `${line.productId}\n${line.variantId}` })),
			);
		},
		inventoryFeed: (request) =>
			inventoryFeedAnswer(request, {
				credentials: sources.feedCredentials ?? null,
				shops: sources.shops,
				stock: sources.stock,
				now: sources.now,
			}),
		sendWeeklyDue() {
			// One check at a time: a pass that starts while the last one works waits for it.
			checking ??= queueDueWeeks().finally(() => {
				checking = null;
			});
			return checking;
		},
		now,
	};
}
