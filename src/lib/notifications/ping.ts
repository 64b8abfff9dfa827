/**
 * The ping a staff device gets for each new reservation of its shop: what the push carries and
 * how the service worker words it. The push carries the pickup code, the pickup day, the pieces
 * and the reservation's address, never the customer's name, e-mail or phone. The day is worded
 * when the notification is shown, on the device, so a ping delivered the next morning still says
 * the right thing ('oggi', not yesterday's 'domani'). Pure, in Europe/Rome time; shared by the
 * server (src/server/notifications/) and the service worker (src/sw.ts).
 */
import { pickupDayLabel, romeToday } from '../reservations/days';

/** What a reservation's push carries (JSON, encrypted for the device). */
export interface ReservationPing {
	/** The pickup code: "K7M2QX". */
	code: string;
	/** The pickup day, "YYYY-MM-DD". */
	day: string;
	/** Pieces in all. */
	pieces: number;
	/** Where a tap leads: the reservation's page in the staff area. */
	url: string;
}

/** The staff page of a reservation. */
export function reservationPath(id: number): string {
	return `/gestione/prenotazioni/${id}`;
}

const DAY_MS = 86_400_000;

/** A "YYYY-MM-DD" date moved by `days`. */
function shift(day: string, days: number): string {
	return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The pickup day as the ping says it, from `today` ("YYYY-MM-DD", Rome): 'oggi', 'domani',
 * 'ieri', else the weekday and the date ('sabato 5 dicembre').
 */
export function pingDay(day: string, today: string): string {
	if (day === today) return 'oggi';
	if (day === shift(today, 1)) return 'domani';
	if (day === shift(today, -1)) return 'ieri';
	return pickupDayLabel(day) || day;
}

/** "1 pezzo", "3 pezzi". */
export function piecesText(pieces: number): string {
	return pieces === 1 ? '1 pezzo' : `${pieces} pezzi`;
}

/** «Nuova prenotazione K7M2QX · domani · 3 pezzi», as seen at `now`. */
export function pingTitle(ping: ReservationPing, now: Date): string {
	return `Nuova prenotazione ${ping.code} · ${pingDay(ping.day, romeToday(now))} · ${piecesText(ping.pieces)}`;
}

/** The text under the title. */
export const PING_BODY = 'Tocca per aprire la prenotazione.';

/**
 * Where a tap on a notification leads: the staff page it names, else the desk; never an address
 * outside the staff area.
 */
export function pingTarget(data: unknown): string {
	const url = (data as { url?: unknown } | null)?.url;
	return typeof url === 'string' && /^\/gestione\/prenotazioni\/\d+$/.test(url) ? url : '/gestione';
}

/** A push's data read back; null for anything that is not a reservation's ping. */
export function parsePing(value: unknown): ReservationPing | null {
	if (typeof value !== 'object' || value === null) return null;
	const { code, day, pieces, url } = value as Record<string, unknown>;
	if (typeof code !== 'string' || !/^[A-Z0-9]{6}$/.test(code)) return null;
	if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
	if (typeof pieces !== 'number' || !Number.isSafeInteger(pieces) || pieces < 1) return null;
	if (typeof url !== 'string' || !/^\/gestione\/prenotazioni\/\d+$/.test(url)) return null;
	return { code, day, pieces, url };
}
