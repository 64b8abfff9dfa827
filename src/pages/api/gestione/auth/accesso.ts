import { signIn, staffAuthRoute } from '../../../../server/services/routes';

/** A sign-in with a passkey: a session when it verifies (src/server/staff/routes.ts). */
export const prerender = false;

export const { POST, ALL } = staffAuthRoute(signIn);
