/**
 * What scripts/messages.mjs needs of the contact code, bundled by scripts/compile-server.mjs to
 * dist/server/contact.mjs (sharing its chunks with dist/server/serve.mjs: one copy of the code):
 * the messages and the pickup reservations (`npm run messages`, `npm run prenotazioni`).
 */
export { contactDbPath, ContactConfigError } from './config';
export { formatMessageReport } from './report';
export { formatReservationReport } from '../pickup/report';
export { ContactStore } from './store';
