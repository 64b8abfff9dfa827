/**
 * Astro's middleware: the staff area's Origin check and private headers (server/staff/
 * middleware.ts) on every request under /gestione and /api/gestione. Other paths pass through
 * untouched (prerendered pages go through here at build time, and must not read headers).
 */
import { defineMiddleware } from 'astro:middleware';
import { isStaffPath, staffMiddleware } from './server/staff';

/** The public site's origin, allowed as Origin besides the server's own. */
const siteOrigin = import.meta.env.SITE ? new URL(import.meta.env.SITE).origin : null;

export const onRequest = defineMiddleware((context, next) =>
	isStaffPath(context.url.pathname) ? staffMiddleware(context, siteOrigin, next) : next(),
);
