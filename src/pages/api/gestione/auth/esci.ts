import { signOut, staffAuthRoute } from '../../../../server/services/routes';

/** Sign-out: ends the session on the server and clears the cookie (src/server/staff/routes.ts). */
export const prerender = false;

export const { POST, ALL } = staffAuthRoute(signOut);
