/**
 * What the staff scripts need of the server's code, bundled by scripts/compile-server.mjs to
 * dist/server/contact.mjs (sharing its chunks with dist/server/serve.mjs: one copy of the code):
 * the store and every kind's report (`npm run messages`, `npm run prenotazioni`, through the
 * registry), and the pickup days for scripts/bench-contact.mjs.
 */
export { contactDbPath, ContactConfigError } from './core/config';
export { KINDS } from './services';
export { SubmissionStore } from './core/store';
/** For scripts/bench-contact.mjs: the pickup days, by the site's own rule. */
export { pickupDays } from '../lib/pickup/days';
