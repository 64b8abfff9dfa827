/**
 * L'andamento's API in the staff area, under /api/gestione/andamento (src/pages/api/gestione/
 * andamento/[...azione].ts calls `reportAnswer` after the session guard; the staff middleware
 * has checked the Origin of every POST):
 *
 *   GET  /api/gestione/andamento/riordino?negozio=<id|tutti>&marca=<brand>
 *        → text/csv: the brand's reorder list for the supplier (docs/report.md)
 *   POST /api/gestione/andamento/fornitore  { marca, consegna, copertura }
 *        (JSON → 200 { marca, consegna, copertura }; the page's form, urlencoded → 303 back)
 *
 * Another shop (known or not) is 404, as the page; 400 for a body that is not JSON or a form,
 * 413 past 8 kB (the one bounded reader), 415 for another type, 422 for a bad number of days or
 * an unknown brand, all in Italian.
 */
import { reorderFileName } from '../../lib/reports/csv';
import { weekPeriod } from '../../lib/reports/period';
import { romeDate } from '../../lib/shops/open-now';
import { readBodyAtMost } from '../core/submission';
import { PRIVATE_HEADERS, staffJson, type StaffMember } from '../staff';
import type { ReportService } from './service';
import { REPORT_PAGE, REPORT_PAGE_TEXTS, shopsAsked } from './view';

/** Most bytes of a settings body: a brand and two numbers. */
export const MAX_SETTINGS_BYTES = 8 * 1024;

export const REPORT_HTTP_TEXTS = Object.freeze({
	unavailable: REPORT_PAGE_TEXTS.unavailable,
	notFound: REPORT_PAGE_TEXTS.notFound,
	noLines: 'Niente da riordinare per questa marca.',
	body: 'Richiesta non valida: invia i dati come JSON o dal modulo della pagina.',
	tooLarge: `Richiesta troppo grande: al massimo ${MAX_SETTINGS_BYTES / 1024} kB.`,
	unknownAction: 'Indirizzo sconosciuto nell’andamento.',
	method: (allow: string) => `Metodo non consentito: questo indirizzo accetta solo ${allow}.`,
});

/** The reorder CSV of one brand at the shops the address names. */
async function download(url: URL, service: ReportService, member: StaffMember): Promise<Response> {
	const asked = shopsAsked(service, member, url.searchParams.get('negozio'));
	if (!asked) return staffJson(404, { error: REPORT_HTTP_TEXTS.notFound });
	const brand = url.searchParams.get('marca') ?? '';
	const now = service.now();
	const figures = await service.figures(asked.shopIds, weekPeriod(now, 0));
	const csv = service.reorderCsv(figures, brand);
	if (csv === null) return staffJson(404, { error: REPORT_HTTP_TEXTS.noLines });
	return new Response(csv, {
		status: 200,
		headers: {
			...PRIVATE_HEADERS,
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${reorderFileName(brand, romeDate(now))}"`,
		},
	});
}

/** The settings' fields of a JSON or form body, or the answer to give. */
async function fieldsOf(
	request: Request,
): Promise<{ fields: Record<string, unknown>; form: boolean } | Response> {
	const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
	const form = type === 'application/x-www-form-urlencoded';
	if (type !== 'application/json' && !form) {
		return staffJson(415, { error: REPORT_HTTP_TEXTS.body });
	}
	const read = await readBodyAtMost(request, MAX_SETTINGS_BYTES);
	if (!read.ok) {
		return read.why === 'too-large'
			? staffJson(413, { error: REPORT_HTTP_TEXTS.tooLarge })
			: staffJson(400, { error: REPORT_HTTP_TEXTS.body });
	}
	let text: string;
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
	} catch {
		return staffJson(400, { error: REPORT_HTTP_TEXTS.body });
	}
	if (form) return { fields: Object.fromEntries(new URLSearchParams(text)), form };
	try {
		const parsed: unknown = JSON.parse(text);
		if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
			return { fields: parsed as Record<string, unknown>, form };
		}
	} catch {
		// Answered below.
	}
	return staffJson(400, { error: REPORT_HTTP_TEXTS.body });
}

/** Stores a brand's lead time and days to cover. */
async function saveSettings(
	request: Request,
	service: ReportService,
	member: StaffMember,
): Promise<Response> {
	const body = await fieldsOf(request);
	if (body instanceof Response) return body;
	const { fields, form } = body;
	const saved = await service.saveBrandSetting(
		{ brand: fields['marca'], leadDays: fields['consegna'], coverDays: fields['copertura'] },
		member,
	);
	if (!saved.ok) return staffJson(422, { error: saved.error });
	if (form) {
		// Back to the page the form was on, with its shop and period, and a note.
		const back = new URLSearchParams({ esito: 'fornitore' });
		for (const name of ['negozio', 'periodo', 'da', 'a']) {
			const value = fields[name];
			if (typeof value === 'string' && value) back.set(name, value);
		}
		return new Response(null, {
			status: 303,
			headers: { ...PRIVATE_HEADERS, Location: `${REPORT_PAGE}?${back.toString()}#riordino` },
		});
	}
	const setting = service.brandSetting(saved.brand);
	return staffJson(200, {
		marca: saved.brand,
		consegna: setting.leadDays,
		copertura: setting.coverDays,
	});
}

/** The answer of /api/gestione/andamento/<action>, after the session guard. */
export async function reportAnswer(
	request: Request,
	url: URL,
	action: string,
	service: ReportService | undefined,
	member: StaffMember,
): Promise<Response> {
	if (!service) return staffJson(503, { error: REPORT_HTTP_TEXTS.unavailable });
	// HEAD is GET without the body (the server leaves the body out), and Allow says so.
	const only = (method: string, run: () => Promise<Response>) => {
		const allowed = method === 'GET' ? ['GET', 'HEAD'] : [method];
		return allowed.includes(request.method)
			? run()
			: Promise.resolve(
					staffJson(
						405,
						{ error: REPORT_HTTP_TEXTS.method(allowed.join(', ')) },
						{ Allow: allowed.join(', ') },
					),
				);
	};
	switch (action) {
		case 'riordino':
			return only('GET', () => download(url, service, member));
		case 'fornitore':
			return only('POST', () => saveSettings(request, service, member));
		default:
			return staffJson(404, { error: REPORT_HTTP_TEXTS.unknownAction });
	}
}
