import type { APIRoute } from 'astro';
import { notificationsAnswer } from '../../../server/services/routes';

/**
 * /api/gestione/notifiche: GET the server's public key, POST this device's subscription, DELETE
 * it; 405 for any other method (src/server/notifications/http.ts does the work; 401 without a
 * session, whatever the method).
 */
export const prerender = false;

const answer: APIRoute = (context) =>
	notificationsAnswer(context, context.locals.services?.notifications);

export const GET = answer;
export const POST = answer;
export const DELETE = answer;
export const ALL = answer;
