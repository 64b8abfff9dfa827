import { register, staffAuthRoute } from '../../../../server/services/routes';

/** The passkey enrolled through a one-time link: uses the link up, opens a session (src/server/staff/routes.ts). */
export const prerender = false;

export const { POST, ALL } = staffAuthRoute(register);
