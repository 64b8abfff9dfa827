import type { APIRoute } from 'astro';
import { getSettings, getShops } from '~/lib/content/queries';
import { pickupSettings } from '~/lib/reservations/settings';
import { romeDate } from '~/lib/shops/open-now';

/**
 * /api/ritiro.json: the company name, the days a reservation is held and the shops (address,
 * phone, e-mail, hours, closures and extraordinary openings from the build's day on) for the
 * pickup list. The server reads this file of the build it serves
 * at start-up (src/server/reservations/catalogue.ts), so reservations follow the content.
 */
export const GET: APIRoute = async () => {
	const [settings, shops] = await Promise.all([getSettings(), getShops()]);
	return Response.json(pickupSettings(settings, shops, romeDate(new Date())));
};
