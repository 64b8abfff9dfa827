/**
 * Operations, as the rest of the server sees them: the copies of the database and their restore
 * (backup.ts: `npm run backup`, `npm run restore`) and GET /api/health (health.ts). Every other
 * folder asks through this face.
 */
export { backupDatabase, BackupError, DEFAULT_KEEP, listBackups, restoreDatabase } from './backup';
export { createHealthRoute } from './health';
