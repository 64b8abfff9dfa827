import { staffAuthRoute } from '../../../../server/staff/astro-route';
import { registrationOptions } from '../../../../server/staff/routes';

/** The options of a passkey enrolment through a one-time link (src/server/staff/routes.ts). */
export const prerender = false;

export const { POST, ALL } = staffAuthRoute(registrationOptions);
