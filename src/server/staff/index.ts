/**
 * What scripts/staff.mjs needs of the staff code, bundled by scripts/compile-server.mjs to
 * dist/server/staff.mjs (sharing its chunks with dist/server/serve.mjs).
 */
export { contactDbPath } from '../core/config';
export { runStaffCommand, StaffCliError, STAFF_HELP } from './cli';
export { StaffStore } from './store';
