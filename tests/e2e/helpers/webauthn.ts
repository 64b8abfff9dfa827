/**
 * Passkeys in the end-to-end tests: Chromium's virtual authenticator through the DevTools
 * protocol (WebAuthn.enable, WebAuthn.addVirtualAuthenticator), a platform authenticator with
 * resident keys that verifies its user at once, as a phone's or a laptop's does. And the staff
 * sign-in through the real pages: a one-time link made in the server's database, 'Crea la
 * passkey', then 'Accedi con la passkey' on /gestione/accesso.
 *
 * WebAuthn refuses an IP address as the site's identity: staff tests open the server as
 * http://localhost:PORT (staffOrigin), not the configured http://127.0.0.1:PORT.
 */
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { createStaffLink, createStaffMember, type StaffInput } from '../../helpers/staff';
import type { StaffMember } from '../../../src/server/staff/store';
import { CONTACT_DB_DIR, E2E_PORT } from './messages';

/** The e2e server as staff open it: by host name, which WebAuthn accepts. */
export const staffOrigin = `http://localhost:${E2E_PORT}`;

/** The e2e server's database (playwright.config.ts). */
export const e2eDbPath = join(CONTACT_DB_DIR, 'messages.sqlite');

/** A virtual authenticator attached to a page. */
export interface VirtualAuthenticator {
	client: CDPSession;
	authenticatorId: string;
	/** The passkeys it holds. */
	credentials(): Promise<{ credentialId: string; rpId?: string; isResidentCredential: boolean }[]>;
	remove(): Promise<void>;
}

/** Adds a virtual platform authenticator (CTAP2, internal, resident keys, user verified). */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
	const client = await page.context().newCDPSession(page);
	await client.send('WebAuthn.enable');
	const { authenticatorId } = await client.send('WebAuthn.addVirtualAuthenticator', {
		options: {
			protocol: 'ctap2',
			transport: 'internal',
			hasResidentKey: true,
			hasUserVerification: true,
			isUserVerified: true,
			automaticPresenceSimulation: true,
		},
	});
	return {
		client,
		authenticatorId,
		async credentials() {
			const { credentials } = await client.send('WebAuthn.getCredentials', { authenticatorId });
			return credentials;
		},
		async remove() {
			await client.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
		},
	};
}

/**
 * Creates a staff member (or takes the one with `input.email`) and enrols a passkey for them on
 * the virtual authenticator through the real one-time link page: at the end the page is on
 * /gestione, signed in. Give the page an authenticator first (addVirtualAuthenticator).
 */
export async function enrolStaff(page: Page, input: StaffInput = {}): Promise<StaffMember> {
	const member = createStaffMember(e2eDbPath, input);
	const { url } = createStaffLink(e2eDbPath, member.email, staffOrigin);
	await page.goto(url);
	await page.getByRole('button', { name: 'Crea la passkey' }).click();
	await page.waitForURL(`${staffOrigin}/gestione`);
	return member;
}

/** Signs in with a passkey the page's authenticator holds: ends on /gestione. */
export async function signInWithPasskey(page: Page): Promise<void> {
	await page.goto(`${staffOrigin}/gestione/accesso`);
	await page.getByRole('button', { name: 'Accedi con la passkey' }).click();
	await page.waitForURL(`${staffOrigin}/gestione`);
}

/**
 * A page signed in as a new staff member through the real UI (link, passkey), with its
 * authenticator: the one-call helper for the staff pages' tests.
 */
export async function signedInStaffPage(
	context: BrowserContext,
	input: StaffInput = {},
): Promise<{ page: Page; member: StaffMember; authenticator: VirtualAuthenticator }> {
	const page = await context.newPage();
	const authenticator = await addVirtualAuthenticator(page);
	const member = await enrolStaff(page, input);
	return { page, member, authenticator };
}
