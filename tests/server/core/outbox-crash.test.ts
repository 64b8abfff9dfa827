import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import type { RunningServer } from '../../../scripts/start-server.mjs';
import { createStaffSession } from '../../helpers/staff';
import { decryptPush, newDevice, startPushService, type TestPushService } from '../../helpers/push';
import { tempDatabase } from '../helpers/contact';
import { killMidLoad } from '../helpers/crash';
import { readReservations, reservationCrashRoute } from '../helpers/pickup';
import { staffRequest } from '../helpers/staff';

/**
 * The one outbox under kill -9: a load of reservations, each with its two e-mails and a push to
 * each of two staff devices, all through the same outbox; the server killed with SIGKILL in the
 * middle (e-mails and pushes under way, some e-mails refused and waiting for a retry), then
 * restarted on the same database. Every e-mail and every push ends sent once, or, when the killed
 * process had begun to hand it over, 'interrupted' and never sent again: none arrives twice.
 */
const db = tempDatabase();
const servers: RunningServer[] = [];
let service: TestPushService | undefined;
afterAll(async () => {
	for (const server of servers) await server.stop('SIGKILL');
	await service?.close();
	db.remove();
});

interface PushRow {
	reservation_id: number;
	endpoint: string;
	status: string;
}

function pushRows(): PushRow[] {
	const file = new Database(db.dbPath, { readonly: true, fileMustExist: true });
	try {
		return file
			.prepare(
				`SELECT d.reservation_id, s.endpoint, d.status FROM push_deliveries d
				 JOIN push_subscriptions s ON s.id = d.subscription_id ORDER BY d.id`,
			)
			.all() as PushRow[];
	} finally {
		file.close();
	}
}

it('kill -9 mid-send: each e-mail and each push is sent once after the restart, none twice', async () => {
	// A slow push service keeps pushes under way when the kill comes.
	const pushService = await startPushService({ delayMs: 30 });
	service = pushService;
	const devices = [newDevice(pushService, 'giulia'), newDevice(pushService, 'marco')];
	await killMidLoad(
		reservationCrashRoute(300),
		db.dbPath,
		servers,
		{ total: 300, killAfter: 30 },
		{
			env: { PUSH_ALLOW_LOOPBACK_HTTP: '1', STAFF_RATE_LIMIT: '1000000' },
			async started(url) {
				for (const [index, device] of devices.entries()) {
					const session = createStaffSession(
						db.dbPath,
						{ name: `Staff ${'ab'[index] ?? ''}`, shops: ['torino', 'aosta'] },
						url,
					);
					const on = await staffRequest(url, '/api/gestione/notifiche', {
						method: 'POST',
						cookie: session.cookie,
						body: device.subscription,
					});
					expect(on.status).toBe(201);
				}
			},
			async settled() {
				// Every push of every stored reservation is settled: none left to send.
				await expect
					.poll(
						() =>
							pushRows().filter((row) => row.status === 'pending' || row.status === 'sending')
								.length,
						{ timeout: 30_000 },
					)
					.toBe(0);
			},
		},
	);

	const { reservations } = readReservations(db.dbPath);
	const rows = pushRows();
	// One push per device and stored reservation, queued in its transaction.
	expect(rows).toHaveLength(reservations.length * devices.length);
	expect(new Set(rows.map((row) => row.status))).toEqual(
		new Set(rows.some((row) => row.status === 'interrupted') ? ['sent', 'interrupted'] : ['sent']),
	);
	// What the push service received, by device and reservation (decrypted with the device's
	// keys): each push at most once, and each one recorded as sent exactly once.
	const received = new Map<string, number>();
	for (const push of pushService.pushes) {
		const device = devices.find(
			(candidate) => new URL(candidate.subscription.endpoint).pathname === push.path,
		);
		if (!device) throw new Error(`A push to an unknown device: ${push.path}`);
		const { code } = JSON.parse(decryptPush(push.body, device)) as { code: string };
		const key = `${device.subscription.endpoint} ${code}`;
		received.set(key, (received.get(key) ?? 0) + 1);
	}
	const twice = [...received].filter(([, count]) => count > 1);
	expect(twice, 'pushes received more than once').toEqual([]);
	const codes = new Map(reservations.map((row) => [row.id, row.code]));
	for (const row of rows) {
		const count = received.get(`${row.endpoint} ${codes.get(row.reservation_id) ?? ''}`) ?? 0;
		if (row.status === 'sent') expect(count, `${row.endpoint} ${row.reservation_id}`).toBe(1);
		else expect(count).toBeLessThanOrEqual(1);
	}
	expect(rows.filter((row) => row.status === 'sent').length).toBeGreaterThan(0);
}, 180_000);
