import { signInOptions, staffAuthRoute } from '../../../../server/services/routes';

/** The options of a sign-in with a passkey (src/server/staff/routes.ts). */
export const prerender = false;

export const { POST, ALL } = staffAuthRoute(signInOptions);
