/**
 * How long a reservation holds its pieces at its shop. From the moment it is stored, a
 * reservation in the `held` state keeps its pieces from other customers through the whole
 * pickup day and the `holdDays` days after it (Rome's calendar, the shop's), and lets them go at
 * the midnight that ends the last of those days; so does one marked ready (status.ts). A
 * reservation collected, cancelled or not collected holds nothing. One rule, so the check of a new reservation, the availability the list page
 * shows and the database's query (`held_through >= today`) cannot disagree. Pure.
 */
import { holdsPieces, type ReservationStatus } from './status';

export { NEW_RESERVATION_STATUS, type ReservationStatus } from './status';

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The last day ("YYYY-MM-DD") a reservation for `pickupDay` holds its pieces: the pickup day
 * plus `holdDays` calendar days (0: the pickup day only). Throws on a date that is not one.
 */
export function heldThrough(pickupDay: string, holdDays: number): string {
	const match = DATE.exec(pickupDay);
	const start = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
	if (!match || new Date(start).toISOString().slice(0, 10) !== pickupDay) {
		throw new RangeError(`Not a date: "${pickupDay}".`);
	}
	if (!Number.isSafeInteger(holdDays) || holdDays < 0) {
		throw new RangeError(`Hold days must be a whole number of at least 0 (got ${holdDays}).`);
	}
	// Calendar days counted on UTC midnights: no summer-time shift can move them.
	return new Date(start + holdDays * DAY_MS).toISOString().slice(0, 10);
}

/** True when a reservation in `status`, held through `through`, still holds its pieces at `now`. */
export function isHolding(status: ReservationStatus, through: string, now: Date): boolean {
	return holdsPieces(status, through, now);
}
