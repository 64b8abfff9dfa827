/**
 * What scripts/backup.mjs and scripts/restore.mjs need, bundled by scripts/compile-server.mjs to
 * dist/server/ops.mjs (sharing its chunks with the server: one copy of the code).
 */
export { contactDbPath } from '../core/config';
export { backupDatabase, BackupError, DEFAULT_KEEP, listBackups, restoreDatabase } from './backup';
