import { expect, test } from '../e2e/helpers/test';
import { createStaffSession } from '../helpers/staff';
import { newDevice } from '../helpers/push';
import { CDN_ORIGIN, DB_PATH } from './helpers/topology';

/**
 * The desk's notifications route through the CDN double (workerd forwarding /api/gestione/* to
 * the Node server): closed without a session whatever the method, the session's cookie and the
 * Origin check crossing the CDN, never kept. The member serves no shop, so no reservation of
 * another test ever queues a push to the made-up device (its push service is never contacted).
 */
const API = '/api/gestione/notifiche';

test('/api/gestione/notifiche reaches the Node server through the CDN, closed without a session', async ({
	request,
}) => {
	// A browser's push service, as the server accepts no other; never contacted (see above).
	const device = newDevice({ origin: 'https://fcm.googleapis.com' }, 'cdn');
	const noStore = (headers: Record<string, string>) =>
		expect(headers['cache-control']).toContain('no-store');

	for (const method of ['GET', 'POST', 'DELETE'] as const) {
		const answer = await request.fetch(API, {
			method,
			headers: { Origin: CDN_ORIGIN },
			...(method === 'GET' ? {} : { data: device.subscription }),
		});
		expect(answer.status(), method).toBe(401);
		expect(((await answer.json()) as { error: string }).error).toMatch(/Accesso richiesto/);
		noStore(answer.headers());
	}

	const { cookie } = createStaffSession(DB_PATH, { shops: [] }, CDN_ORIGIN);
	const key = await request.get(API, { headers: { Cookie: cookie } });
	expect(key.status()).toBe(200);
	expect(((await key.json()) as { publicKey: string }).publicKey).toMatch(/^[\w-]{87}$/);
	noStore(key.headers());

	const foreign = await request.post(API, {
		headers: { Cookie: cookie, Origin: 'https://example.com' },
		data: device.subscription,
	});
	expect(foreign.status()).toBe(403);
	const on = await request.post(API, {
		headers: { Cookie: cookie, Origin: CDN_ORIGIN },
		data: device.subscription,
	});
	expect(on.status()).toBe(201);
	noStore(on.headers());
	const off = await request.delete(API, {
		headers: { Cookie: cookie, Origin: CDN_ORIGIN },
		data: { endpoint: device.subscription.endpoint },
	});
	expect(off.status()).toBe(200);
});
