import { describe, expect, it } from 'vitest';
import {
	canChange,
	checkChange,
	effectiveStatus,
	holdEnded,
	holdsPieces,
	isFinal,
	MAX_REASON_LENGTH,
	nextStatuses,
	RESERVATION_STATUSES,
	STATUS_ACTORS,
	STATUS_LABELS,
	type ReservationStatus,
	type StatusActor,
} from '../../../../src/lib/reservations/status';

/** Every change the rules allow, written out: "actor: from → to". */
const ALLOWED = new Set([
	'staff: held → ready',
	'staff: held → collected',
	'staff: ready → collected',
	'staff: held → cancelled',
	'staff: ready → cancelled',
	'customer: held → cancelled',
	'customer: ready → cancelled',
	'system: held → not_collected',
	'system: ready → not_collected',
]);

const EVERY_CHANGE = STATUS_ACTORS.flatMap((actor) =>
	RESERVATION_STATUSES.flatMap((from) =>
		RESERVATION_STATUSES.map((to): [StatusActor, ReservationStatus, ReservationStatus] => [
			actor,
			from,
			to,
		]),
	),
);

describe('canChange: every pair of states, for every actor', () => {
	it('covers 5 states × 5 states × 3 actors', () => {
		expect(EVERY_CHANGE).toHaveLength(75);
	});

	it.each(EVERY_CHANGE)('%s: %s → %s', (actor, from, to) => {
		expect(canChange(from, to, actor)).toBe(ALLOWED.has(`${actor}: ${from} → ${to}`));
	});

	it.each<[ReservationStatus, StatusActor, ReservationStatus[]]>([
		['held', 'staff', ['ready', 'collected', 'cancelled']],
		['ready', 'staff', ['collected', 'cancelled']],
		['held', 'customer', ['cancelled']],
		['ready', 'system', ['not_collected']],
		['collected', 'staff', []],
		['cancelled', 'customer', []],
		['not_collected', 'staff', []],
	])('from %s, %s may go to %j', (from, actor, expected) => {
		expect(nextStatuses(from, actor)).toEqual(expected);
	});

	it.each<[ReservationStatus, boolean]>([
		['held', false],
		['ready', false],
		['collected', true],
		['cancelled', true],
		['not_collected', true],
	])('%s is final: %s', (status, expected) => {
		expect(isFinal(status)).toBe(expected);
	});

	it('names every state in Italian', () => {
		expect(RESERVATION_STATUSES.map((status) => STATUS_LABELS[status])).toEqual([
			'Da preparare',
			'Pronta per il ritiro',
			'Ritirata',
			'Annullata',
			'Non ritirata',
		]);
	});
});

describe('checkChange: the reason of a cancellation', () => {
	it.each<
		[
			ReservationStatus,
			ReservationStatus,
			StatusActor,
			string | null | undefined,
			ReturnType<typeof checkChange>,
		]
	>([
		// Staff must say why they cancel: the customer receives it.
		['held', 'cancelled', 'staff', 'Prodotto esaurito', { ok: true, reason: 'Prodotto esaurito' }],
		['ready', 'cancelled', 'staff', '  Scaduto  ', { ok: true, reason: 'Scaduto' }],
		['held', 'cancelled', 'staff', undefined, { ok: false, error: 'reason-required' }],
		['held', 'cancelled', 'staff', '   ', { ok: false, error: 'reason-required' }],
		[
			'held',
			'cancelled',
			'staff',
			'x'.repeat(MAX_REASON_LENGTH + 1),
			{ ok: false, error: 'reason-too-long' },
		],
		[
			'held',
			'cancelled',
			'staff',
			'x'.repeat(MAX_REASON_LENGTH),
			{ ok: true, reason: 'x'.repeat(MAX_REASON_LENGTH) },
		],
		// The customer may say why, or not.
		['held', 'cancelled', 'customer', null, { ok: true, reason: null }],
		['ready', 'cancelled', 'customer', 'Non passo più', { ok: true, reason: 'Non passo più' }],
		// Other changes keep no reason.
		['held', 'ready', 'staff', 'ignored', { ok: true, reason: null }],
		['ready', 'collected', 'staff', undefined, { ok: true, reason: null }],
		// A change the rules refuse is refused whatever the reason.
		['collected', 'cancelled', 'staff', 'Errore', { ok: false, error: 'not-allowed' }],
		['held', 'ready', 'customer', undefined, { ok: false, error: 'not-allowed' }],
	])('%s → %s by %s with %j', (from, to, actor, reason, expected) => {
		expect(checkChange(from, to, actor, reason)).toEqual(expected);
	});
});

describe("the automatic 'Non ritirata': once the last held day has ended in Rome", () => {
	it.each<[ReservationStatus, string, string, ReservationStatus]>([
		// Held through 12 December: 23:59:59 in Rome on the 12th (UTC+1) is still within it.
		['held', '2026-12-12', '2026-12-12T22:59:59Z', 'held'],
		// Midnight in Rome: the 13th has begun.
		['held', '2026-12-12', '2026-12-12T23:00:00Z', 'not_collected'],
		['ready', '2026-12-12', '2026-12-12T22:59:59Z', 'ready'],
		['ready', '2026-12-12', '2026-12-12T23:00:00Z', 'not_collected'],
		// Summer time (UTC+2): 22:00 UTC on 30 June is already 1 July in Rome.
		['ready', '2026-06-30', '2026-06-30T21:59:59Z', 'ready'],
		['ready', '2026-06-30', '2026-06-30T22:00:00Z', 'not_collected'],
		// Days later, still the same.
		['held', '2026-12-12', '2027-01-20T10:00:00Z', 'not_collected'],
		// A final state stays as it is.
		['collected', '2026-12-12', '2027-01-20T10:00:00Z', 'collected'],
		['cancelled', '2026-12-12', '2027-01-20T10:00:00Z', 'cancelled'],
		['not_collected', '2026-12-12', '2027-01-20T10:00:00Z', 'not_collected'],
	])('%s held through %s, at %s: %s', (status, through, now, expected) => {
		expect(effectiveStatus(status, through, new Date(now))).toBe(expected);
		expect(holdsPieces(status, through, new Date(now))).toBe(!isFinal(expected));
	});

	it.each([
		['2026-12-12', '2026-12-12T22:59:59Z', false],
		['2026-12-12', '2026-12-12T23:00:00Z', true],
		['2026-12-12', '2026-12-01T08:00:00Z', false],
	])('holdEnded(%s) at %s: %s', (through, now, expected) => {
		expect(holdEnded(through, new Date(now))).toBe(expected);
	});
});
