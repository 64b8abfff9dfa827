import type { BrowserContext } from '@playwright/test';
import { createStaffSession, type StaffInput } from '../../helpers/staff';
import { CONTACT_DB_DIR } from './messages';
import { join } from 'node:path';

/** The database of the configured e2e server (playwright.config.ts). */
export const E2E_DB_PATH = join(CONTACT_DB_DIR, 'messages.sqlite');

/** The e2e server as staff open it: by host name, where Chromium keeps a Secure cookie. */
export function staffOrigin(baseURL: string): string {
	return baseURL.replace('127.0.0.1', 'localhost');
}

/**
 * Signs a context in as a new member of staff of the configured e2e server, as the sign-in would
 * leave it: a session made in its database, its `__Host-` cookie put in the browser by a page of
 * the site (CDP refuses to set a Secure cookie for an http:// address; the page may, since
 * localhost is a secure context). Returns the session's Cookie header.
 */
export async function signInContext(
	context: BrowserContext,
	origin: string,
	input: StaffInput = {},
): Promise<string> {
	const { cookie } = createStaffSession(E2E_DB_PATH, input, origin);
	await putSessionCookie(context, origin, cookie);
	return cookie;
}

/** Puts a session's Cookie header (`name=token`) into a context, through a page of the site. */
export async function putSessionCookie(
	context: BrowserContext,
	origin: string,
	cookie: string,
): Promise<void> {
	const page = await context.newPage();
	await page.goto(`${origin}/gestione/accesso`);
	await page.evaluate((value) => {
		document.cookie = `${value}; Path=/; Secure; SameSite=Strict`;
	}, cookie);
	await page.close();
}
