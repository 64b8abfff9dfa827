import { requestLink, staffAuthRoute } from '../../../../server/services/routes';

/** A one-time link asked for by e-mail (the same answer for every address) (src/server/staff/routes.ts). */
export const prerender = false;

export const { POST, ALL } = staffAuthRoute(requestLink);
