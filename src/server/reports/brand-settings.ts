/**
 * The reorder list's settings per brand (the supplier): how many days an order takes to arrive
 * (lead time) and how many days of sales an order should cover. A brand without a row has the
 * defaults. Setting them is recorded with who did it and when.
 */
import type Database from 'better-sqlite3';

/** The lead time and the days to cover of one brand. */
export interface BrandSetting {
	leadDays: number;
	coverDays: number;
}

/** What a brand without settings orders with: a week to arrive, two weeks to cover. */
export const DEFAULT_BRAND_SETTING: Readonly<BrandSetting> = Object.freeze({
	leadDays: 7,
	coverDays: 14,
});

/** The most days either setting takes: a year. */
export const MAX_SETTING_DAYS = 365;

/** Every brand's settings that differ from the defaults, by brand. */
export function brandSettings(db: Database.Database): Map<string, BrandSetting> {
	const rows = db
		.prepare(
			'SELECT brand, lead_days AS leadDays, cover_days AS coverDays FROM report_brand_settings',
		)
		.all() as (BrandSetting & { brand: string })[];
	return new Map(rows.map(({ brand, ...setting }) => [brand, setting]));
}

/** The settings of one brand (the defaults when it has none). */
export function settingOf(
	settings: ReadonlyMap<string, BrandSetting>,
	brand: string,
): BrandSetting {
	return settings.get(brand) ?? DEFAULT_BRAND_SETTING;
}

/** Stores one brand's settings, by a member of staff. */
export function saveBrandSetting(
	db: Database.Database,
	brand: string,
	setting: BrandSetting,
	staff: { id: number; name: string },
	now: Date,
): void {
	db.prepare(
		`INSERT INTO report_brand_settings (brand, lead_days, cover_days, updated_at, staff_id, staff_name)
		 VALUES (?, ?, ?, ?, ?, ?)
		 ON CONFLICT (brand) DO UPDATE SET lead_days = excluded.lead_days,
			cover_days = excluded.cover_days, updated_at = excluded.updated_at,
			staff_id = excluded.staff_id, staff_name = excluded.staff_name`,
	).run(brand, setting.leadDays, setting.coverDays, now.toISOString(), staff.id, staff.name);
}
