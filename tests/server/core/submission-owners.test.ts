import { afterEach, describe, expect, it } from 'vitest';
import { checkPickupItems } from '../../../src/lib/reservations/items';
import { KINDS, MIGRATIONS } from '../../../src/server/services';
import { RESERVATIONS } from '../../../src/server/reservations/kind';
import {
	RESERVATION_OWNER,
	reservationsForEmail,
} from '../../../src/server/reservations/read-store';
import { insertReservation } from '../../../src/server/reservations/store';
import { coreConfigFromEnv } from '../../../src/server/core/config';
import { insertClaimedEmails } from '../../../src/server/core/email-rows';
import type { EmailOwner, SubmissionKind } from '../../../src/server/core/kind';
import { createSubmissions } from '../../../src/server/core/service';
import type { ReservationForEmail } from '../../../src/server/reservations/email-text';
import { countStock } from '../../helpers/stock';
import { lookupProduct, PICKUP_SHOPS } from '../../fixtures/pickup';
import { tempDatabase, type Cleanups } from '../helpers/contact';
import { QUICK_RETRIES, smtpFor } from '../helpers/smtp';

/**
 * A new e-mail of an existing kind is one declaration: the core's outbox sends it, retries it
 * and composes it again from the database, with a real SQLite file and a real SMTP server. The
 * e-mail here ('ready', a reservation ready for pickup) is declared by the test alone.
 */

const cleanups: Cleanups = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const READY_OWNER: EmailOwner<ReservationForEmail> = {
	...RESERVATION_OWNER,
	emails: {
		...RESERVATION_OWNER.emails,
		ready: {
			label: 'Pronta per il ritiro',
			compose: (reservation) => ({
				subject: `Prenotazione ${reservation.code}: pronta per il ritiro`,
				text: `Ti aspettiamo a ${reservation.shopName}.`,
				replyTo: reservation.shopEmail,
			}),
		},
	},
};
const WITH_READY: readonly SubmissionKind[] = KINDS.map((kind) =>
	kind === RESERVATIONS ? { ...kind, owner: READY_OWNER } : kind,
);

const TORINO = PICKUP_SHOPS[0] as (typeof PICKUP_SHOPS)[number];

describe('an e-mail an owner declares', () => {
	it('is sent at once, then after a refusal retried by the loop, composed from its owner row', async () => {
		const smtp = await smtpFor(cleanups);
		const db = tempDatabase();
		cleanups.push(db.remove);
		const config = coreConfigFromEnv(
			{
				CONTACT_DB_PATH: db.dbPath,
				SMTP_HOST: '127.0.0.1',
				SMTP_PORT: String(smtp.port),
				SMTP_SECURE: 'false',
				SHOP_EMAIL: 'negozio@vigorsport.test',
				...QUICK_RETRIES,
			},
			db.dir,
			'Vigor Sport',
		);
		const { core, desk } = createSubmissions(
			config,
			{ kinds: WITH_READY, migrations: MIGRATIONS },
			{
				log: { log: () => undefined, warn: () => undefined, error: () => undefined },
			},
		);
		cleanups.push(() => core.close());
		expect(desk.sendsEmail).toBe(true);

		const checked = checkPickupItems(
			[{ productId: 'shaker-700', variantId: '700-ml', quantity: 1 }],
			lookupProduct,
		);
		if (!checked.ok) throw new Error('the fixture items must pass');
		countStock(desk.store.db, 'torino', 'shaker-700', '700-ml', 10);
		const stored = insertReservation(
			desk.store.db,
			{
				reservation: {
					shop: TORINO,
					day: '2026-11-27',
					lines: checked.lines,
					totalCents: checked.totalCents,
					indexes: checked.indexes,
					name: 'Mario Rossi',
					email: 'mario@example.it',
					phone: '011 1',
				},
				holdDays: 3,
				...desk.base({ spam: false }, () => []),
			},
			desk.instance,
			() => 'ABC234',
		);
		if ('shortages' in stored) throw new Error('the reservation must be stored');

		/** Stores and sends the 'ready' e-mail of the reservation, as a state change would. */
		const sendReady = () => {
			const about = reservationsForEmail(desk.store.db, [stored.id]).get(stored.id);
			if (!about) throw new Error('the reservation must be readable');
			const claimed = insertClaimedEmails(
				desk.store.db,
				READY_OWNER.column,
				stored.id,
				[{ kind: 'ready', recipient: about.email }],
				desk.now(),
				desk.instance,
			);
			return desk.send(claimed.map((email) => ({ ...email, owner: READY_OWNER, about })));
		};

		// The first attempt is refused: the answer says it was not sent; the loop retries it.
		smtp.refuse = (offered) => offered === 1;
		const status = await sendReady();
		expect(status.adminNotified || status.userConfirmationSent).toBe(false);
		core.start();
		await expect.poll(() => smtp.mails.length, { timeout: 30_000 }).toBe(1);
		const [mail] = smtp.mails;
		expect(mail?.to).toEqual(['mario@example.it']);
		expect(mail?.subject).toBe('Prenotazione ABC234: pronta per il ritiro');
		expect(mail?.text).toContain('Ti aspettiamo a Sede di Torino.');
		expect(mail?.messageId).toMatch(/^<ritiro-\d+-ready-\d+@vigorsport\.test>$/);
		expect(smtp.refused).toBe(1);

		// One of each kind per owner: a second 'ready' for the same reservation is refused.
		expect(sendReady).toThrow(/UNIQUE/);
	});
});
