import { registrationOptions, staffAuthRoute } from '../../../../server/services/routes';

/** The options of a passkey enrolment through a one-time link (src/server/staff/routes.ts). */
export const prerender = false;

export const { POST, ALL } = staffAuthRoute(registrationOptions);
