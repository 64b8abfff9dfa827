import Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { StaffSession } from '../../helpers/staff';
import { rawRequest, type RawResponse } from './contact';
import type { ReceivedMail, TestSmtp } from './smtp';
import { staffRequest } from './staff';

/**
 * 'Avvisami' on the built server: a request posted as the form does, its confirmation's link
 * followed as a visitor's browser does (GET the page, POST its button), an arrival recorded as
 * the stock page does, and the stored rows read back.
 */

/** A variant the sample ledger never stocked: 0 pieces at every shop. */
export const EMPTY = Object.freeze({
	productId: 'whey-concentrate-80',
	variantId: 'cioccolato-900-g',
});

/** The form's fields for `email`, at Torino unless `shopId` says otherwise. */
export function alertBody(email: string, fields: Record<string, unknown> = {}) {
	return {
		productId: EMPTY.productId,
		variantId: EMPTY.variantId,
		shopId: 'torino',
		email,
		privacy: true,
		...fields,
	};
}

/** POST /api/avvisi as the island does (JSON, from the site). */
export async function postAlert(
	url: string,
	body: unknown,
	headers: Record<string, string> = {},
): Promise<RawResponse & { json: Record<string, unknown> }> {
	const response = await rawRequest(`${url}/api/avvisi`, {
		headers: {
			'Content-Type': 'application/json',
			Accept: 'application/json',
			Origin: url,
			...headers,
		},
		body: typeof body === 'string' ? body : JSON.stringify(body),
	});
	let json: Record<string, unknown> = {};
	try {
		json = JSON.parse(response.body) as Record<string, unknown>;
	} catch {
		// An HTML answer.
	}
	return { ...response, json };
}

/** Waits until `check` is true (every 50 ms, at most `ms`). */
export async function until(check: () => boolean, ms = 10_000): Promise<void> {
	const deadline = Date.now() + ms;
	while (!check()) {
		if (Date.now() > deadline) throw new Error('timed out');
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

/** The link of an e-mail of a request (the site's /avviso?token=…). */
export function alertLink(mail: ReceivedMail): string {
	const match = /https?:\/\/\S+\/avviso\?token=[A-Za-z0-9_-]+/.exec(mail.text);
	if (!match) throw new Error(`no link in: ${mail.text}`);
	return match[0];
}

/** Presses a button of the link's page ('conferma' or 'basta'), as the page's form posts it. */
export async function pressButton(
	serverUrl: string,
	link: string,
	action: 'conferma' | 'basta',
): Promise<RawResponse> {
	const { pathname, search } = new URL(link);
	return rawRequest(`${serverUrl}${pathname}${search}`, {
		headers: {
			'Content-Type': 'application/x-www-form-urlencoded',
			Accept: 'text/html',
			Origin: serverUrl,
		},
		body: `azione=${action}`,
	});
}

/** Asks and confirms a request for `email` through the e-mail; returns its confirmation. */
export async function askAndConfirm(
	url: string,
	smtp: TestSmtp,
	email: string,
	fields: Record<string, unknown> = {},
): Promise<void> {
	const asked = await postAlert(url, alertBody(email, fields));
	expect(asked.status).toBe(201);
	let mail: ReceivedMail | undefined;
	await until(() => {
		mail = smtp.mails.findLast((candidate) => candidate.to.includes(email));
		return mail !== undefined;
	});
	const confirmed = await pressButton(url, alertLink(mail as ReceivedMail), 'conferma');
	expect(confirmed.status).toBe(200);
	expect(confirmed.body).toContain('Richiesta confermata');
}

/** Records a movement at a shop as the stock page does ('arrival', 'count', …). */
export async function recordMovement(
	url: string,
	session: StaffSession,
	fields: {
		shopId: string;
		reason: string;
		pieces: number;
		productId?: string;
		variantId?: string;
	},
): Promise<void> {
	const response = await staffRequest(url, '/api/gestione/magazzino/movimento', {
		method: 'POST',
		cookie: session.cookie,
		body: {
			negozio: fields.shopId,
			prodotto: fields.productId ?? EMPTY.productId,
			variante: fields.variantId ?? EMPTY.variantId,
			motivo: fields.reason,
			pezzi: fields.pieces,
		},
	});
	expect(response.status, response.body).toBe(200);
}

/** The notices (e-mails 'È tornato disponibile') the SMTP server received, by recipient. */
export function noticesTo(smtp: TestSmtp): string[] {
	return smtp.mails
		.filter((mail) => mail.subject.startsWith('È tornato disponibile'))
		.flatMap((mail) => mail.to);
}

/** The stored requests: state and address (null once dropped), oldest first. */
export function readAlerts(dbPath: string): { id: number; email: string | null; status: string }[] {
	const db = new Database(dbPath, { readonly: true, fileMustExist: true });
	try {
		return db.prepare('SELECT id, email, status FROM alerts ORDER BY id').all() as {
			id: number;
			email: string | null;
			status: string;
		}[];
	} finally {
		db.close();
	}
}
