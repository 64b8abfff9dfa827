import { afterAll, expect, it } from 'vitest';
import type { RunningServer } from '../../../scripts/start-server.mjs';
import { tempDatabase } from '../helpers/contact';
import { killMidLoad } from '../helpers/crash';
import { readReservations, reservationCrashRoute } from '../helpers/pickup';

/**
 * The server killed with SIGKILL in the middle of a load of reservations, then restarted on the
 * same database (helpers/crash.ts): every reservation that got a 201 must be stored with its
 * code and its line, the e-mails still due must go out after the restart, and no e-mail may
 * arrive twice.
 */

const db = tempDatabase();
const servers: RunningServer[] = [];
afterAll(async () => {
	for (const server of servers) await server.stop('SIGKILL');
	db.remove();
});

it('kill -9 mid-load: every 201 is stored, and nothing is sent twice after the restart', async () => {
	// Each reservation holds a piece of its own: none is refused for stock.
	await killMidLoad(reservationCrashRoute(300), db.dbPath, servers, { total: 300, killAfter: 30 });
	// Each stored reservation kept its line (stored in the same transaction).
	const { reservations, items } = readReservations(db.dbPath);
	for (const { id } of reservations) {
		expect(items.filter((item) => item.reservation_id === id)).toHaveLength(1);
	}
}, 120_000);
