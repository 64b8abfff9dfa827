/**
 * The rules of the staff area's secrets, pure: one-time links, sessions and the session cookie.
 * A token is 32 random bytes (base64url) that only its holder knows; the database keeps its
 * SHA-256, so a copy of the file (a backup, a stolen disk) opens no session and no link.
 */
import { createHash, randomBytes } from 'node:crypto';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A one-time link opens the passkey enrolment for 15 minutes, once. */
export const LINK_LIFETIME_MS = 15 * MINUTE;
/** A session ends after a working day without use... */
export const SESSION_IDLE_MS = 12 * HOUR;
/** ...and a week after sign-in whatever happens, so a forgotten tablet asks for the passkey again. */
export const SESSION_MAX_MS = 7 * 24 * HOUR;
/** A WebAuthn challenge is answered within 5 minutes, once. */
export const CHALLENGE_LIFETIME_MS = 5 * MINUTE;
/** A session's last use is written at most once a minute: reading a page needs no write. */
export const TOUCH_EVERY_MS = MINUTE;

/** A new random token (256 bits, base64url: 43 characters). */
export function newToken(): string {
	return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256 in hex. */
export function hashToken(token: string): string {
	return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token as newToken() makes them; anything else is refused before any lookup. */
export function isTokenShaped(value: unknown): value is string {
	return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** Why a one-time link does not work, or that it does. */
export type LinkState = 'valid' | 'used' | 'expired';

/** The state of a link created at `createdAt`, used at `usedAt` (null: never), at `now`. */
export function linkState(
	link: { expiresAt: number; usedAt: number | null },
	now: number,
): LinkState {
	if (link.usedAt !== null) return 'used';
	return now < link.expiresAt ? 'valid' : 'expired';
}

/** Why a session no longer works, or that it does. */
export type SessionState = 'valid' | 'idle' | 'expired';

/** The state of a session at `now`: ended after SESSION_IDLE_MS unused or past its maximum. */
export function sessionState(
	session: { lastUsedAt: number; expiresAt: number },
	now: number,
): SessionState {
	if (now >= session.expiresAt) return 'expired';
	return now - session.lastUsedAt < SESSION_IDLE_MS ? 'valid' : 'idle';
}

/** Whether a valid session's last use should be written again now. */
export function needsTouch(lastUsedAt: number, now: number): boolean {
	return now - lastUsedAt >= TOUCH_EVERY_MS;
}

/**
 * Whether the session cookie can be `Secure` (and so `__Host-`): over https, and on the
 * loopback, which browsers treat as a secure context (Chromium keeps a `Secure` cookie set by
 * http://localhost). Over plain http to another host (a phone testing the dev server on the
 * LAN) the browser would drop it, so the cookie goes without both there.
 */
export function secureCookies(origin: string): boolean {
	const url = new URL(origin);
	if (url.protocol === 'https:') return true;
	return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** The session cookie's name: `__Host-` tells the browser it is Secure, host-only, Path=/. */
export function sessionCookieName(secure: boolean): string {
	return secure ? '__Host-gestione' : 'gestione';
}

/**
 * The Set-Cookie of a session: HttpOnly (no script reads it), SameSite=Strict (no other site's
 * page sends it), Path=/, no Domain; Max-Age the session's maximum, the idle rule being the
 * server's. `token` null clears it.
 */
export function sessionCookie(token: string | null, secure: boolean): string {
	const parts = [
		`${sessionCookieName(secure)}=${token ?? ''}`,
		'Path=/',
		'HttpOnly',
		'SameSite=Strict',
		`Max-Age=${token === null ? 0 : Math.floor(SESSION_MAX_MS / 1000)}`,
	];
	if (secure) parts.push('Secure');
	return parts.join('; ');
}

/** The value of one cookie in a Cookie header, or null. */
export function readCookie(header: string | null, name: string): string | null {
	if (!header) return null;
	for (const pair of header.split(';')) {
		const at = pair.indexOf('=');
		if (at === -1) continue;
		if (pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
	}
	return null;
}

/** Staff e-mail addresses compare without case and surrounding spaces. */
export function normaliseEmail(email: string): string {
	return email.trim().toLowerCase();
}
