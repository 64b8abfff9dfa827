/**
 * Google's local product inventory feed (docs/report.md, "Google local inventory"): one row per
 * shop with a Google Business Profile store code and per variant, its available pieces now, its
 * price, reservation as the pickup method and whether it can be collected today. Google fetches
 * it on a schedule with a user name and a password, so it answers only HTTP basic
 * authentication with the credentials of the server's settings (GOOGLE_FEED_USER,
 * GOOGLE_FEED_PASSWORD), compared in constant time; without them set the route does not exist
 * (404), and a wrong or missing pair is 401.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { localInventoryTsv, pickupSla } from '../../lib/reports/google-feed';
import type { PickupShop } from '../../lib/reservations/types';
import type { StockService } from '../stock';

/** The user name and password Google fetches the feed with. */
export interface FeedCredentials {
	user: string;
	password: string;
}

/** The credentials of the settings, or null when either is unset (no feed). */
export function feedCredentialsFromEnv(
	env: Readonly<Record<string, string | undefined>>,
): FeedCredentials | null {
	const user = env['GOOGLE_FEED_USER']?.trim() ?? '';
	const password = env['GOOGLE_FEED_PASSWORD'] ?? '';
	return user && password ? { user, password } : null;
}

const PRIVATE = Object.freeze({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });

/** SHA-256 of a text: equal lengths for timingSafeEqual, whatever was sent. */
const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether the Authorization header carries exactly these credentials (constant time). */
export function authorized(header: string | null, credentials: FeedCredentials): boolean {
	const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
	const given = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
	const expected = `${credentials.user}:${credentials.password}`;
	// Both compared, always: how long the answer takes says nothing of which part was wrong.
	return timingSafeEqual(digest(given), digest(expected)) && given === expected;
}

/** What the feed reads. */
export interface FeedSources {
	credentials: FeedCredentials | null;
	shops: readonly PickupShop[];
	stock: Pick<StockService, 'stockList' | 'findProduct'>;
	now: () => number;
}

/** The answer to GET /api/google/inventario-locale. */
export async function inventoryFeedAnswer(
	request: Request,
	sources: FeedSources | undefined,
): Promise<Response> {
	if (!sources?.credentials) return new Response('Not found', { status: 404, headers: PRIVATE });
	if (!authorized(request.headers.get('authorization'), sources.credentials)) {
		return new Response('Credenziali mancanti o sbagliate.', {
			status: 401,
			headers: {
				...PRIVATE,
				'WWW-Authenticate': 'Basic realm="Inventario locale", charset="UTF-8"',
			},
		});
	}
	if (request.method !== 'GET' && request.method !== 'HEAD') {
		return new Response('Solo GET.', { status: 405, headers: { ...PRIVATE, Allow: 'GET, HEAD' } });
	}
	const now = new Date(sources.now());
	const shops = sources.shops.filter((shop) => shop.googleStoreCode);
	const rows = await sources.stock.stockList({ shopIds: shops.map((shop) => shop.id) });
	const prices = new Map<string, number>();
	for (const productId of new Set(rows.map((row) => row.productId))) {
		const product = await sources.stock.findProduct(productId);
		for (const variant of product?.variants ?? []) {
			prices.set(`${productId}\n${variant.id}`, variant.priceCents);
		}
	}
	const slas = new Map(shops.map((shop) => [shop.id, pickupSla(shop, now)]));
	const body = localInventoryTsv(
		rows.flatMap((row) => {
			const shop = shops.find((candidate) => candidate.id === row.shopId);
			const price = prices.get(`${row.productId}\n${row.variantId}`);
			if (!shop?.googleStoreCode || price === undefined) return [];
			return [
				{
					storeCode: shop.googleStoreCode,
					productId: row.productId,
					variantId: row.variantId,
					available: row.available,
					priceCents: price,
					sla: slas.get(shop.id) ?? 'next day',
				},
			];
		}),
	);
	return new Response(request.method === 'HEAD' ? null : body, {
		status: 200,
		headers: { ...PRIVATE, 'Content-Type': 'text/tab-separated-values; charset=utf-8' },
	});
}
