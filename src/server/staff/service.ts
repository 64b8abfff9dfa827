/**
 * The staff service: one per process, created by the server (src/server/main.ts) on the site's
 * SQLite file and handed to Astro as `locals.staff`. It resolves session cookies for the guard
 * (guard.ts), runs the passkey ceremonies with @simplewebauthn/server (never a hand-written
 * WebAuthn), hands out one-time links and counts sign-in attempts against a rate limit.
 *
 * The relying party (the site's host, whose passkeys these are) and the origin the browser must
 * report come from each request (routes.ts: PUBLIC_ORIGIN in production, else the request's own
 * address), so the same server works at https://www.vigorsport.it and at http://localhost in
 * tests. Plain TypeScript without `astro:*` imports, bundled by scripts/compile-server.mjs only.
 */
import {
	generateAuthenticationOptions,
	generateRegistrationOptions,
	verifyAuthenticationResponse,
	verifyRegistrationResponse,
	type AuthenticationResponseJSON,
	type PublicKeyCredentialCreationOptionsJSON,
	type PublicKeyCredentialRequestOptionsJSON,
	type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { databasePath, type Env } from '../core/config';
import { RateLimiter, type RateDecision } from '../core/rate-limit';
import type { Registry } from '../core/schema';
import { queueLinkEmail } from './link-mail';
import { isTokenShaped } from './rules';
import { StaffStore, type StaffMember } from './store';

export type { StaffMember } from './store';
export { LINK_PATH, linkUrl } from './links';

/** The site as WebAuthn knows it for one request. */
export interface RelyingParty {
	/** The host name (www.vigorsport.it, localhost): never an IP address, WebAuthn refuses those. */
	id: string;
	/** The origin the browser reports (https://www.vigorsport.it, http://localhost:4660). */
	origin: string;
	/** Shown by the authenticator: the company name. */
	name: string;
}

/** What a successful sign-in or enrolment gives: the new session's token and its member. */
export interface SignedIn {
	token: string;
	member: StaffMember;
}

/** The staff service as the routes use it (App.Locals['staff']). */
export interface StaffService {
	/** The member of a session token when the session is valid (noting its use), else null. */
	member(token: string | null): StaffMember | null;
	/** Ends a session (sign-out); an unknown token is no error. */
	signOut(token: string | null): void;
	/** Whether a one-time link can still be used (a GET of the link reads, never consumes). */
	linkMember(token: unknown): StaffMember | null;
	/** The options of a passkey enrolment through a valid link; null when the link is not. */
	registrationOptions(
		linkToken: unknown,
		rp: RelyingParty,
	): Promise<PublicKeyCredentialCreationOptionsJSON | null>;
	/** Verifies an enrolment, uses the link up and opens a session; null when anything fails. */
	register(linkToken: unknown, response: unknown, rp: RelyingParty): Promise<SignedIn | null>;
	/** The options of a sign-in with any of this site's passkeys (the user picks theirs). */
	signInOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON>;
	/** Verifies a sign-in and opens a session; null when anything fails. */
	signIn(response: unknown, rp: RelyingParty): Promise<SignedIn | null>;
	/**
	 * E-mails a new one-time link to an enabled member with that address; does nothing (the
	 * same, as seen from outside) for any other address.
	 */
	requestLink(email: string, origin: string): void;
	/** Counts a sign-in attempt (or link request) from `address` against the rate limit. */
	takeSignInRate(address: string): RateDecision;
	/** Counts a request for options (a new challenge) against the looser limit of those. */
	takeOptionsRate(address: string): RateDecision;
	/** The store, for `npm run staff` and the tests. */
	readonly store: StaffStore;
	close(): void;
}

/** Settings of the service. */
export interface StaffServiceOptions {
	dbPath: string;
	/** The one list of migrations of the file (src/server/services/registry.ts). */
	registry: Pick<Registry, 'migrations'>;
	/** Sign-in attempts and link requests per minute from one address (0: no limit). */
	rateLimitPerMinute: number;
	/**
	 * Whether the server sends e-mail (SMTP_HOST): links asked for on the sign-in page go to the
	 * outbox. In simulation mode they are only made, and printed, by `npm run staff -- link`.
	 */
	mailLinks?: boolean;
	now?: () => number;
}

/** Default sign-in attempts per minute from one address. */
export const DEFAULT_STAFF_RATE_LIMIT = 10;

/** How many requests for options one sign-in attempt may take (a cancelled dialog, a retry). */
const OPTIONS_PER_ATTEMPT = 5;

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** A credential as the browser library posts it, at least in shape; the library checks the rest. */
function credentialShaped(value: unknown): boolean {
	return (
		isObject(value) &&
		typeof value['id'] === 'string' &&
		typeof value['rawId'] === 'string' &&
		value['type'] === 'public-key' &&
		isObject(value['response'])
	);
}

/** Creates the service on the database file. */
export function createStaffService({
	dbPath,
	registry,
	rateLimitPerMinute,
	mailLinks = false,
	now = Date.now,
}: StaffServiceOptions): StaffService {
	const store = StaffStore.open(dbPath, registry);
	const limiter = new RateLimiter(rateLimitPerMinute, now);
	// Options only store a challenge, deleted once used or 5 minutes old: a looser limit.
	const optionsLimiter = new RateLimiter(rateLimitPerMinute * OPTIONS_PER_ATTEMPT, now);

	/** Runs a verification of the library: any error it throws is a failed ceremony. */
	async function attempt<T>(run: () => Promise<T>): Promise<T | null> {
		try {
			return await run();
		} catch {
			return null;
		}
	}

	return {
		store,

		member(token) {
			return isTokenShaped(token) ? store.session(token, now()) : null;
		},

		signOut(token) {
			if (isTokenShaped(token)) store.revokeSession(token);
		},

		linkMember(token) {
			return isTokenShaped(token) ? store.validLink(token, now()) : null;
		},

		async registrationOptions(linkToken, rp) {
			if (!isTokenShaped(linkToken)) return null;
			const member = store.validLink(linkToken, now());
			if (!member) return null;
			const full = store.activeById(member.id);
			if (!full) return null;
			const options = await generateRegistrationOptions({
				rpName: rp.name,
				rpID: rp.id,
				userName: full.email,
				userDisplayName: full.name,
				userID: new TextEncoder().encode(full.webauthnUserId),
				attestationType: 'none',
				excludeCredentials: store.passkeyIds(full.id).map((id) => ({ id })),
				// A passkey the device keeps (resident), unlocked by the device's own lock: the sign-in
				// asks for no e-mail address, so no answer can tell whether one belongs to staff.
				authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
			});
			store.saveChallenge(options.challenge, 'register', linkToken, now());
			return options;
		},

		async register(linkToken, response, rp) {
			if (!isTokenShaped(linkToken) || !credentialShaped(response)) return null;
			const member = store.validLink(linkToken, now());
			if (!member) return null;
			const verified = await attempt(() =>
				verifyRegistrationResponse({
					response: response as RegistrationResponseJSON,
					expectedChallenge: (challenge) =>
						store.takeChallenge(challenge, 'register', linkToken, now()),
					expectedOrigin: rp.origin,
					expectedRPID: rp.id,
					requireUserVerification: true,
				}),
			);
			if (!verified?.verified) return null;
			// The link is used up here, by the one request that verified: a second one finds it used.
			if (!store.consumeLink(linkToken, now())) return null;
			const { credential } = verified.registrationInfo;
			store.addPasskey(
				{
					id: credential.id,
					staffId: member.id,
					publicKey: credential.publicKey,
					counter: credential.counter,
					transports: credential.transports ?? [],
				},
				now(),
			);
			return { token: store.createSession(member.id, now()), member };
		},

		async signInOptions(rp) {
			const options = await generateAuthenticationOptions({
				rpID: rp.id,
				userVerification: 'required',
			});
			store.saveChallenge(options.challenge, 'sign-in', null, now());
			return options;
		},

		async signIn(response, rp) {
			if (!credentialShaped(response)) return null;
			const credentialResponse = response as AuthenticationResponseJSON;
			const passkey = store.passkey(credentialResponse.id);
			if (!passkey) return null;
			const verified = await attempt(() =>
				verifyAuthenticationResponse({
					response: credentialResponse,
					expectedChallenge: (challenge) => store.takeChallenge(challenge, 'sign-in', null, now()),
					expectedOrigin: rp.origin,
					expectedRPID: rp.id,
					requireUserVerification: true,
					credential: {
						id: passkey.id,
						publicKey: passkey.publicKey as Uint8Array<ArrayBuffer>,
						counter: passkey.counter,
						transports: passkey.transports,
					},
				}),
			);
			if (!verified?.verified) return null;
			const member = store.activeById(passkey.staffId);
			if (!member) return null;
			store.usedPasskey(passkey.id, verified.authenticationInfo.newCounter, now());
			const { id, name, email, shops } = member;
			return { token: store.createSession(id, now()), member: { id, name, email, shops } };
		},

		requestLink(email, origin) {
			const member = store.activeByEmail(email);
			if (member && mailLinks) queueLinkEmail(store.db, member, origin, now());
		},

		takeSignInRate(address) {
			return limiter.take(address);
		},

		takeOptionsRate(address) {
			return optionsLimiter.take(address);
		},

		close() {
			store.close();
		},
	};
}

/** The service from the environment: CONTACT_DB_PATH (relative to `root`), STAFF_RATE_LIMIT. */
export function createStaffServiceFromEnv(
	env: Env,
	root: string,
	registry: Pick<Registry, 'migrations'>,
	options: Omit<StaffServiceOptions, 'dbPath' | 'registry' | 'rateLimitPerMinute'> = {},
): StaffService {
	const raw = env['STAFF_RATE_LIMIT']?.trim();
	const limit = raw ? Number(raw) : DEFAULT_STAFF_RATE_LIMIT;
	if (!Number.isSafeInteger(limit) || limit < 0) {
		throw new Error(`STAFF_RATE_LIMIT must be a whole number, 0 or more (got "${raw ?? ''}").`);
	}
	return createStaffService({
		dbPath: databasePath(env, root),
		registry,
		rateLimitPerMinute: limit,
		mailLinks: Boolean(env['SMTP_HOST']?.trim()),
		...options,
	});
}
