import { spawnSync } from 'node:child_process';
import AxeBuilder from './helpers/axe';
import { expect, test, type Page } from './helpers/test';
import { createStaffLink, createStaffMember } from '../helpers/staff';
import {
	addVirtualAuthenticator,
	e2eDbPath,
	enrolStaff,
	signInWithPasskey,
	staffOrigin,
} from './helpers/webauthn';

/**
 * The staff area's sign-in in real Chromium with a virtual authenticator (DevTools protocol):
 * enrolment from a one-time link made by the real `npm run staff`, sign-out, sign-in with the
 * passkey, a used link refused, axe on every screen, and the sign-in page tapped on a phone.
 * WebAuthn needs a host name: these tests open the server as http://localhost.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.use({ serviceWorkers: 'block' });

/** Runs `npm run staff -- …` on the e2e server's database. */
function staffCli(...args: string[]): string {
	const run = spawnSync(process.execPath, ['scripts/staff.mjs', ...args], {
		env: { ...process.env, CONTACT_DB_PATH: e2eDbPath, SMTP_HOST: '', PUBLIC_ORIGIN: '' },
		encoding: 'utf8',
	});
	expect(run.stderr).toBe('');
	expect(run.status).toBe(0);
	return run.stdout;
}

async function expectAccessible(page: Page): Promise<void> {
	const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
	expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test('a member added and given a link with `npm run staff` enrols a passkey, signs out and in again', async ({
	page,
}) => {
	const email = `giulia.${Date.now()}@vigorsport.test`;
	expect(
		staffCli('aggiungi', '--nome', 'Giulia Rossi', '--email', email, '--negozi', 'aosta'),
	).toContain(`Aggiunto: Giulia Rossi <${email}> (aosta).`);
	const printed = staffCli('link', email, '--origine', staffOrigin);
	const link = /http:\/\/localhost:\d+\/gestione\/attiva#[A-Za-z0-9_-]{43}/.exec(printed)?.[0];
	expect(link).toBeDefined();

	const authenticator = await addVirtualAuthenticator(page);
	await page.goto(link ?? '');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crea la tua passkey');
	await expectAccessible(page);
	await page.getByRole('button', { name: 'Crea la passkey' }).click();
	await page.waitForURL(`${staffOrigin}/gestione`);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prenotazioni');
	await expect(page.getByRole('banner')).toContainText('Giulia Rossi');
	await expectAccessible(page);
	const credentials = await authenticator.credentials();
	expect(credentials).toHaveLength(1);
	expect(credentials[0]?.isResidentCredential).toBe(true);

	// The session cookie as the browser keeps it.
	const cookies = await page.context().cookies(staffOrigin);
	expect(cookies).toEqual([
		expect.objectContaining({
			name: '__Host-gestione',
			httpOnly: true,
			secure: true,
			sameSite: 'Strict',
			path: '/',
		}),
	]);

	// Esci: back on the sign-in page, and /gestione no longer opens.
	await page.getByRole('button', { name: 'Esci' }).click();
	await page.waitForURL(`${staffOrigin}/gestione/accesso?uscito=1`);
	await expect(page.getByText('Sei uscito dall’area staff.')).toBeVisible();
	await expectAccessible(page);
	await page.goto(`${staffOrigin}/gestione`);
	await expect(page).toHaveURL(`${staffOrigin}/gestione/accesso`);

	// The link was used up by the enrolment.
	await page.goto(link ?? '');
	await page.getByRole('button', { name: 'Crea la passkey' }).click();
	await expect(page.getByRole('status')).toContainText('non è valido');
	expect(await authenticator.credentials()).toHaveLength(1);

	// Sign-in with the passkey.
	await signInWithPasskey(page);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prenotazioni');
	await expect(page.getByRole('banner')).toContainText('Giulia Rossi');
});

test('the sign-in page: the link request answers the same for any address, and is accessible', async ({
	page,
}) => {
	await page.goto(`${staffOrigin}/gestione/accesso`);
	await expectAccessible(page);
	for (const email of ['nessuno@example.it', 'altro@example.it']) {
		await page.getByLabel('E-mail').fill(email);
		await page.getByRole('button', { name: 'Ricevi un link di accesso' }).click();
		await page.waitForURL(`${staffOrigin}/gestione/accesso?link=inviato`);
		await expect(page.getByRole('status').filter({ hasText: 'link di accesso' })).toHaveText(
			'Se l’indirizzo è quello di un membro dello staff, riceverà a breve un link di accesso valido 15 minuti.',
		);
	}
	await expectAccessible(page);
});

test('a sign-in cancelled on the device says so, and no session is opened', async ({ page }) => {
	await addVirtualAuthenticator(page);
	await enrolStaff(page);
	await page.getByRole('button', { name: 'Esci' }).click();
	await page.waitForURL(/\/gestione\/accesso/);
	// A second page with an authenticator that holds no passkey of this site.
	const other = await page.context().newPage();
	await addVirtualAuthenticator(other);
	await other.goto(`${staffOrigin}/gestione/accesso`);
	const button = other.getByRole('button', { name: 'Accedi con la passkey' });
	await button.click();
	await expect(other.getByRole('status')).toHaveText(/annullata|riprova/);
	await expect(other).toHaveURL(`${staffOrigin}/gestione/accesso`);
});

test.describe('on a phone', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

	test('a first tap on “Accedi con la passkey” on a fresh page signs in', async ({ page }) => {
		await addVirtualAuthenticator(page);
		const member = await enrolStaff(page, { name: 'Marco Verdi', shops: ['torino'] });
		await page.context().clearCookies();
		// The authenticator belongs to this tab: the sign-in page is loaded afresh in it.
		await page.goto(`${staffOrigin}/gestione/accesso`);
		await page.getByRole('button', { name: 'Accedi con la passkey' }).tap();
		await page.waitForURL(`${staffOrigin}/gestione`);
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prenotazioni');
		await expect(page.getByRole('banner')).toContainText(member.name);
		await expectAccessible(page);
	});

	test('the link page fits the screen and its button is tapped once', async ({ page }) => {
		const authenticator = await addVirtualAuthenticator(page);
		const { url } = createStaffLink(e2eDbPath, createStaffMember(e2eDbPath).email, staffOrigin);
		await page.goto(url);
		const width = await page.evaluate(() => document.documentElement.scrollWidth);
		expect(width).toBeLessThanOrEqual(390);
		await page.getByRole('button', { name: 'Crea la passkey' }).tap();
		await page.waitForURL(`${staffOrigin}/gestione`);
		expect(await authenticator.credentials()).toHaveLength(1);
	});
});
