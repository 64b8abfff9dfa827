/**
 * The staff accounts and their sign-in, as the rest of the server sees them: the service of
 * sessions, passkeys and one-time links (service.ts, store.ts, rules.ts), the guard every staff
 * page and route calls first (guard.ts), the middleware of the area (middleware.ts), the sign-in
 * routes (routes.ts, astro-route.ts), the links as an owner of e-mails (link-mail.ts), the
 * `npm run staff` commands (cli.ts) and their tables (migrations.ts). Every other folder asks
 * through this face.
 */
export { STAFF_LINK_EMAIL_MIGRATION, STAFF_MIGRATION } from './migrations';
export { STAFF_LINKS } from './link-mail';
export {
	createStaffService,
	createStaffServiceFromEnv,
	type StaffMember,
	type StaffService,
} from './service';
export { StaffStore } from './store';
export { hashToken } from './rules';
export { runStaffCommand, StaffCliError, STAFF_HELP } from './cli';
export {
	PRIVATE_HEADERS,
	requireStaff,
	sessionToken,
	staffJson,
	staffService,
	type GuardContext,
} from './guard';
export { isStaffPath, staffMiddleware } from './middleware';
export { staffAuthRoute, staffFolderRoute } from './astro-route';
export {
	AUTH_TEXTS,
	register,
	registrationOptions,
	requestLink,
	signIn,
	signInOptions,
	signOut,
} from './routes';
