/**
 * What scripts/messages.mjs needs of the contact code, bundled by scripts/compile-server.mjs to
 * dist/server/contact.mjs (sharing its chunks with dist/server/serve.mjs: one copy of the code):
 * the messages and the pickup reservations (`npm run messages`, `npm run prenotazioni`), and
 * the pickup days for scripts/bench-contact.mjs.
 */
export { contactDbPath, ContactConfigError } from './config';
export { formatMessageReport } from './report';
export { formatReservationReport } from '../pickup/report';
/** For scripts/bench-contact.mjs: the pickup days, by the site's own rule. */
export { pickupDays } from '../../lib/pickup/days';
export { ContactStore } from './store';
