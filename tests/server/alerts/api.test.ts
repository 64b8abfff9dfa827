import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../scripts/start-server.mjs';
import { createStaffSession } from '../../helpers/staff';
import { rawRequest, startWithSmtp, type Cleanups } from '../helpers/contact';
import {
	alertBody,
	alertLink,
	askAndConfirm,
	noticesTo,
	postAlert,
	pressButton,
	readAlerts,
	recordMovement,
	until,
} from '../helpers/alerts';
import { QUICK_RETRIES, smtpFor, type TestSmtp } from '../helpers/smtp';

/**
 * POST /api/avvisi and the link's page on the built server: bad input gets the form's Italian
 * 4xx and stores nothing; the form posted without JavaScript lands on a page; the link's GET
 * changes nothing (mail scanners open links), its buttons confirm and stop; asking again
 * refreshes; and the log holds no address and no link's key.
 */
const cleanups: Cleanups = [];
let server: RunningServer;
let url: string;
let dbPath: string;
let smtp: TestSmtp;

beforeAll(async () => {
	smtp = await smtpFor(cleanups);
	const started = await startWithSmtp(smtp.port, { ...QUICK_RETRIES }, cleanups);
	server = started.server;
	url = server.url;
	dbPath = started.dbPath;
});

afterAll(async () => {
	for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('bad input', () => {
	it.each([
		['a bad e-mail', { email: 'mario@@example' }, 'email', 'Inserisci un indirizzo email valido.'],
		[
			'no consent',
			{ privacy: false },
			'privacy',
			'Devi accettare la Privacy Policy per continuare.',
		],
		[
			'an unknown product',
			{ productId: 'non-esiste' },
			'productId',
			'Prodotto non trovato: ricarica la pagina del prodotto e riprova.',
		],
		[
			'an unknown variant',
			{ variantId: 'menta-9-kg' },
			'variantId',
			'Variante non trovata: scegli una variante del prodotto e riprova.',
		],
		[
			'an unknown shop',
			{ shopId: 'milano' },
			'shopId',
			'Scegli un negozio, oppure «In uno qualsiasi dei negozi».',
		],
	])(
		'refuses %s with a 422 naming the field, and stores nothing',
		async (_, fields, field, text) => {
			const response = await postAlert(url, alertBody('rifiutata@example.it', fields));
			expect(response.status).toBe(422);
			expect(response.json).toEqual({
				error: 'Alcuni campi non sono validi: correggili e riprova.',
				fields: { [field]: text },
			});
			expect(readAlerts(dbPath)).toEqual([]);
		},
	);

	it('refuses a huge body (413), a cross-site post (403) and a wrong type (415), in Italian', async () => {
		const huge = await postAlert(
			url,
			JSON.stringify(alertBody('grande@example.it', { extra: 'x'.repeat(40_000) })),
		);
		expect(huge.status).toBe(413);
		expect(huge.json.error).toBe('La richiesta è troppo grande: il limite è di 32 KB.');
		const crossSite = await postAlert(url, alertBody('altrove@example.it'), {
			Origin: 'https://malevolo.example',
		});
		expect(crossSite.status).toBe(403);
		expect(crossSite.json.error).toBe(
			'Richiesta non consentita: il modulo si può inviare solo da questo sito.',
		);
		const text = await postAlert(url, 'email=x', { 'Content-Type': 'text/plain' });
		expect(text.status).toBe(415);
		expect(readAlerts(dbPath)).toEqual([]);
	});

	it('answers a filled honeypot as stored, and stores nothing', async () => {
		const bot = await postAlert(url, alertBody('bot@example.it', { extra_info: 'spam' }));
		expect(bot.status).toBe(201);
		expect(readAlerts(dbPath)).toEqual([]);
	});
});

describe('the form without JavaScript and the link', { timeout: 30_000 }, () => {
	it.each([
		['aosta', 'aosta'],
		['', 'qualsiasi'],
		['nessuno', 'qualsiasi'],
		['constructor', 'qualsiasi'],
	])("opens the form's page with the shop of ?negozio=%j chosen: %s", async (asked, chosen) => {
		const query = new URLSearchParams({
			prodotto: 'whey-concentrate-80',
			variante: 'cioccolato-900-g',
			negozio: asked,
		});
		const page = await rawRequest(`${url}/avviso?${query.toString()}`, { method: 'GET' });
		expect(page.status).toBe(200);
		const selected = [...page.body.matchAll(/<option value="([^"]+)" selected=""/g)].map(
			(match) => match[1],
		);
		expect(selected).toEqual([chosen]);
	});

	it('lands a plain form post on the page that says to look at the e-mail', async () => {
		const response = await rawRequest(`${url}/api/avvisi`, {
			headers: {
				'Content-Type': 'application/x-www-form-urlencoded',
				Accept: 'text/html',
				Origin: url,
			},
			body: new URLSearchParams({
				productId: 'whey-concentrate-80',
				variantId: 'cioccolato-900-g',
				shopId: 'qualsiasi',
				email: 'senza.js@example.it',
				privacy: 'on',
			}).toString(),
		});
		expect(response.status).toBe(303);
		expect(response.headers.location).toBe('/avviso?inviata');
		const page = await rawRequest(`${url}/avviso?inviata`, { method: 'GET' });
		expect(page.status).toBe(200);
		expect(page.body).toContain('apri il link nell’email per confermare');
		expect(readAlerts(dbPath).at(-1)).toMatchObject({
			email: 'senza.js@example.it',
			status: 'unconfirmed',
		});
	});

	it('changes nothing on GET; confirms and stops with the buttons; refreshes when asked again', async () => {
		const email = 'link@example.it';
		expect((await postAlert(url, alertBody(email))).status).toBe(201);
		await until(() => smtp.mails.some((mail) => mail.to.includes(email)));
		const first = smtp.mails.find((mail) => mail.to.includes(email));
		expect(first?.subject).toBe('Conferma l’avviso: Whey 80 Concentrate');
		const link = alertLink(first!);
		const { pathname, search } = new URL(link);

		const opened = await rawRequest(`${url}${pathname}${search}`, { method: 'GET' });
		expect(opened.status).toBe(200);
		expect(opened.headers['cache-control']).toBe('no-store');
		expect(opened.headers['referrer-policy']).toBe('no-referrer');
		expect(opened.body).toContain('Conferma la richiesta');
		expect(readAlerts(dbPath).find((row) => row.email === email)?.status).toBe('unconfirmed');

		// Another site cannot press the button.
		const forged = await rawRequest(`${url}${pathname}${search}`, {
			headers: {
				'Content-Type': 'application/x-www-form-urlencoded',
				Origin: 'https://malevolo.example',
			},
			body: 'azione=conferma',
		});
		expect(forged.status).toBe(403);

		expect((await pressButton(url, link, 'conferma')).status).toBe(200);
		expect(readAlerts(dbPath).find((row) => row.email === email)?.status).toBe('waiting');

		// Asked again: the same request, renewed (an e-mail says so), never a second one.
		expect((await postAlert(url, alertBody(email))).status).toBe(201);
		await until(() => smtp.mails.filter((mail) => mail.to.includes(email)).length === 2);
		const renewed = smtp.mails.filter((mail) => mail.to.includes(email))[1];
		expect(renewed?.subject).toBe('Richiesta rinnovata: Whey 80 Concentrate');
		expect(readAlerts(dbPath).filter((row) => row.email === email)).toHaveLength(1);

		// 'Non mi interessa più' from the newest link: closed, the address gone at once.
		const stopped = await pressButton(url, alertLink(renewed!), 'basta');
		expect(stopped.status).toBe(200);
		expect(stopped.body.replace(/\s+/g, ' ')).toContain(
			'abbiamo cancellato il tuo indirizzo email',
		);
		expect(readAlerts(dbPath).some((row) => row.email === email)).toBe(false);
		const session = createStaffSession(dbPath, { name: 'Giulia', shops: ['torino'] }, url);
		const before = noticesTo(smtp).length;
		await askAndConfirm(url, smtp, 'dopo@example.it');
		await recordMovement(url, session, { shopId: 'torino', reason: 'arrival', pieces: 1 });
		await until(() => noticesTo(smtp).length > before);
		expect(noticesTo(smtp).slice(before)).toEqual(['dopo@example.it']);
	});

	it('writes no address and no link key to the log', () => {
		const log = server.output();
		expect(log).toContain('/api/avvisi');
		expect(log).not.toMatch(/@example\.it/);
		expect(log).not.toMatch(/token=[A-Za-z0-9_-]{8}/);
	});
});
