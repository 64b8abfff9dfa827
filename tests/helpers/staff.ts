/**
 * Staff members, sessions and one-time links made directly in a real SQLite file, for the
 * server and end-to-end tests of the staff area (and of the pages behind it): the same store the
 * server uses (src/server/staff/store.ts), so the server finds them as it would after a real
 * enrolment. Pass the database of the server under test (CONTACT_DB_PATH; for Playwright,
 * join(CONTACT_DB_DIR, 'messages.sqlite') from tests/e2e/helpers/messages.ts).
 *
 *   const { cookie } = createStaffSession(dbPath, { shops: ['aosta'] });
 *   await fetch(`${url}/api/gestione/…`, { headers: { Cookie: cookie } });
 *
 *   // Playwright: the same session in a browser context
 *   await context.addCookies([playwrightCookie(session.token, baseURL)]);
 */
import { linkUrl } from '../../src/server/staff/links';
import { secureCookies, sessionCookieName } from '../../src/server/staff/rules';
import { StaffStore, type StaffMember } from '../../src/server/staff/store';
import { REGISTRY } from '../../src/server/services';

/** Who to create; every field has a default, and the e-mail is made unique per call. */
export interface StaffInput {
	name?: string;
	email?: string;
	shops?: string[];
}

let created = 0;

function withStore<T>(dbPath: string, run: (store: StaffStore) => T): T {
	const store = StaffStore.open(dbPath, REGISTRY);
	try {
		return run(store);
	} finally {
		store.close();
	}
}

/** The member with this address, created when missing (enabled). */
export function createStaffMember(dbPath: string, input: StaffInput = {}): StaffMember {
	created += 1;
	const email = input.email ?? `staff-${process.pid}-${Date.now()}-${created}@vigorsport.test`;
	return withStore(dbPath, (store) => {
		const member =
			store.activeByEmail(email) ??
			store.addStaff(
				{ name: input.name ?? 'Giulia Rossi', email, shops: input.shops ?? ['torino'] },
				Date.now(),
			);
		if (!member) throw new Error(`${email} exists and is disabled: use another address.`);
		return member;
	});
}

/** A staff member with a valid session: its token and the Cookie header that carries it. */
export interface StaffSession {
	member: StaffMember;
	token: string;
	/** `__Host-gestione=<token>`: the Cookie header for a server on the loopback or https. */
	cookie: string;
}

/**
 * Creates (or finds) a staff member and opens a session for them. `origin` is the server's, which
 * decides the cookie's name (rules.ts: `__Host-` on https and on the loopback).
 */
export function createStaffSession(
	dbPath: string,
	input: StaffInput = {},
	origin = 'http://127.0.0.1',
): StaffSession {
	const member = createStaffMember(dbPath, input);
	const token = withStore(dbPath, (store) => store.createSession(member.id, Date.now()));
	return { member, token, cookie: `${sessionCookieName(secureCookies(origin))}=${token}` };
}

/** A new one-time link for a member, as `npm run staff -- link` makes it. */
export function createStaffLink(
	dbPath: string,
	email: string,
	origin: string,
): { token: string; url: string } {
	return withStore(dbPath, (store) => {
		const member = store.activeByEmail(email);
		if (!member) throw new Error(`No enabled staff member ${email}.`);
		const { token } = store.createLink(member.id, Date.now());
		return { token, url: linkUrl(origin, token) };
	});
}

/** The session cookie for Playwright's `context.addCookies`, for the site at `baseURL`. */
export function playwrightCookie(
	token: string,
	baseURL: string,
): {
	name: string;
	value: string;
	url: string;
	httpOnly: boolean;
	secure: boolean;
	sameSite: 'Strict';
} {
	const origin = new URL(baseURL).origin;
	const secure = secureCookies(origin);
	return {
		name: sessionCookieName(secure),
		value: token,
		url: origin,
		httpOnly: true,
		secure,
		sameSite: 'Strict',
	};
}
