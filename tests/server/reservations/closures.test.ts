import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startServer, type RunningServer } from '../../../scripts/start-server.mjs';
import { pickupDays } from '../../../src/lib/reservations/days';
import type { PickupRefused, PickupSettings } from '../../../src/lib/reservations/types';
import { tempDatabase } from '../helpers/contact';
import {
	builtSettings,
	countReservations,
	postReservation,
	validReservation,
} from '../helpers/pickup';

/**
 * A closure in the shop's content is a day without pickup, for the server too: the built server
 * serves a copy of the build whose /api/ritiro.json closes Torino on its next two open days (the
 * rest of the build is linked, unchanged), and refuses a reservation for either with a 422 in
 * Italian that names the closure, storing nothing.
 */

const NOTE = 'Chiuso per inventario';
const db = tempDatabase();
const dist = mkdtempSync(join(tmpdir(), 'vigorsport-closures-'));
let server: RunningServer;
let days: string[];

/** A build in `target` that links every file of `source` but `api/ritiro.json`, written anew. */
function shadowBuild(source: string, target: string, settings: PickupSettings): void {
	symlinkSync(join(source, 'server'), join(target, 'server'));
	mkdirSync(join(target, 'client/api'), { recursive: true });
	for (const name of readdirSync(join(source, 'client'))) {
		if (name !== 'api') symlinkSync(join(source, 'client', name), join(target, 'client', name));
	}
	for (const name of readdirSync(join(source, 'client/api'))) {
		if (!name.startsWith('ritiro.json')) {
			symlinkSync(join(source, 'client/api', name), join(target, 'client/api', name));
		}
	}
	writeFileSync(join(target, 'client/api/ritiro.json'), JSON.stringify(settings));
}

beforeAll(async () => {
	const settings = builtSettings();
	const torino = settings.shops.find((shop) => shop.id === 'torino');
	if (!torino) throw new Error('The build has no Torino shop.');
	days = pickupDays(torino, new Date(), 3).map((day) => day.date);
	expect(days).toHaveLength(3);
	const closed = { ...torino, closures: [{ from: days[0] ?? '', to: days[1] ?? '', note: NOTE }] };
	shadowBuild(join(ROOT, 'dist'), dist, {
		...settings,
		shops: settings.shops.map((shop) => (shop.id === 'torino' ? closed : shop)),
	});
	server = await startServer({
		env: {
			DIST_DIR: dist,
			CONTACT_DB_PATH: db.dbPath,
			CONTACT_RATE_LIMIT: '1000000',
			SMTP_HOST: '',
		},
	});
}, 60_000);

afterAll(async () => {
	await server.stop();
	db.remove();
	rmSync(dist, { recursive: true, force: true });
});

describe('a day the shop closes', () => {
	it.each([0, 1])(
		'the closure’s day %i answers 422 naming the closure, storing nothing',
		async (index) => {
			const { status, json } = await postReservation(
				server.url,
				validReservation({ shopId: 'torino', day: days[index] ?? '' }),
			);
			expect(status).toBe(422);
			const refused = json as unknown as PickupRefused;
			expect(refused.fields?.day).toMatch(
				/^Chiuso (il|dal) .+: Chiuso per inventario\. Scegli un altro giorno di ritiro\.$/,
			);
			expect(countReservations(db.dbPath)).toBe(0);
		},
	);

	it('the next open day is accepted', async () => {
		const { status } = await postReservation(
			server.url,
			validReservation({ shopId: 'torino', day: days[2] ?? '' }),
		);
		expect(status).toBe(201);
		expect(countReservations(db.dbPath)).toBe(1);
	});
});
