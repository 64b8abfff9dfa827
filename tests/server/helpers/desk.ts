import { afterAll, beforeAll, expect } from 'vitest';
import type { RunningServer } from '../../../scripts/start-server.mjs';
import { createStaffSession, type StaffSession } from '../../helpers/staff';
import { startWithSmtp, type Cleanups } from './contact';
import { postReservation, singlePieces, validReservation, type SinglePiece } from './pickup';
import { QUICK_RETRIES, smtpFor, type TestSmtp } from './smtp';

/** A member of staff a desk test signs in: their name and shops. */
export interface DeskMember {
	name: string;
	shops: string[];
}

/** What a desk test works with, once its `beforeAll` has run. */
export interface DeskServer {
	readonly server: RunningServer;
	readonly dbPath: string;
	readonly smtp: TestSmtp;
	/** The signed-in member of that name. */
	member(name: string): StaffSession;
	/** Single pieces no two reservations of the file share, per shop (taken with `shift`). */
	readonly pieces: Readonly<Record<'torino' | 'aosta', SinglePiece[]>>;
}

/**
 * The built server with a real SMTP server, retries shortened, no staff rate limit and an undo
 * of `undoSeconds` (1), and `members` signed in: started before the test file's tests, stopped
 * after.
 */
export function useDeskServer(
	members: readonly DeskMember[],
	{ undoSeconds = 1 }: { undoSeconds?: number } = {},
): DeskServer {
	const cleanups: Cleanups = [];
	let state:
		(Omit<DeskServer, 'member'> & { staff: Readonly<Record<string, StaffSession>> }) | undefined;
	beforeAll(async () => {
		const smtp = await smtpFor(cleanups);
		const { server, dbPath } = await startWithSmtp(
			smtp.port,
			{ ...QUICK_RETRIES, STAFF_RATE_LIMIT: '1000000', STAFF_UNDO_SECONDS: String(undoSeconds) },
			cleanups,
		);
		const staff = Object.fromEntries(
			members.map((member) => [member.name, createStaffSession(dbPath, member, server.url)]),
		);
		const all = singlePieces(400);
		const pieces = {
			torino: all.filter((piece) => piece.shopId === 'torino'),
			aosta: all.filter((piece) => piece.shopId === 'aosta'),
		};
		state = { server, dbPath, smtp, staff, pieces };
	}, 60_000);
	afterAll(async () => {
		for (const cleanup of cleanups.reverse()) await cleanup();
	});
	const running = () => {
		if (!state) throw new Error('The server is not running: use it inside a test.');
		return state;
	};
	return {
		get server() {
			return running().server;
		},
		get dbPath() {
			return running().dbPath;
		},
		get smtp() {
			return running().smtp;
		},
		member(name) {
			const session = running().staff[name];
			if (!session) throw new Error(`No member named ${name} was signed in.`);
			return session;
		},
		get pieces() {
			return running().pieces;
		},
	};
}

/** Reserves `items` at `shopId` for `email` (expecting a 201); the reservation's id and code. */
export async function reserveItems(
	url: string,
	email: string,
	items: { productId: string; variantId: string; quantity: number }[],
	shopId = 'torino',
): Promise<{ id: number; code: string }> {
	const { status, json } = await postReservation(url, validReservation({ email, shopId, items }));
	expect(status).toBe(201);
	return { id: json['id'] as number, code: json['code'] as string };
}

/** A JSON answer's body. */
export function jsonBody(response: { body: string }): Record<string, unknown> {
	return JSON.parse(response.body) as Record<string, unknown>;
}
