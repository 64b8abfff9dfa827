/**
 * The answers of the submission routes (POST /api/contact, POST /api/prenotazioni): JSON for
 * the islands and other clients, and for a browser posting a form without JavaScript a small
 * Italian HTML page listing what was refused. Never a stack trace.
 */

/** A refusal: status, text, and what goes with it. */
export interface Refusal {
	status: number;
	error: string;
	/** Per field, its Italian message (a 422). */
	fields?: Readonly<Record<string, string>>;
	/** Per refused item of a reservation (a 422). */
	items?: readonly { index: number; productId: string; variantId: string; error: string }[];
	headers?: Record<string, string>;
}

/** How a route's HTML error page speaks. */
export interface ErrorPageWording {
	companyName: string;
	/** "Messaggio non inviato". */
	title: string;
	/** "Il messaggio non è stato inviato". */
	heading: string;
	/** Where the page links back to, and how. */
	backHref: string;
	backLabel: string;
	/** The label of each field the route can name, in the order they are listed. */
	labels: Readonly<Record<string, string>>;
}

/** The route's wording of its HTML page. */
export type PageWording = Omit<ErrorPageWording, 'companyName'>;

export const NO_STORE = Object.freeze({ 'Cache-Control': 'no-store' });

/** True when the client would rather read a page than JSON: a browser's own form post. */
export function wantsHtml(request: Request): boolean {
	return (request.headers.get('accept') ?? '').toLowerCase().includes('text/html');
}

const ESCAPES: Record<string, string> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&#39;',
};

function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * The style of the error page, inline as the page stands alone. The Content-Security-Policy
 * allows it by its hash (src/integrations/host-headers.ts), like Astro's own inline style.
 */
export const ERROR_PAGE_STYLE =
	'body{font-family:system-ui,sans-serif;line-height:1.5;color:#18181b;margin:0;padding:2rem 1rem}main{max-width:40rem;margin:0 auto}h1{font-size:1.75rem}li{margin:.25rem 0}ul{color:#b91c1c}a{color:#854d0e;font-weight:600}';

/** The small page a browser without JavaScript gets when its submission is refused. */
export function errorPage(
	wording: ErrorPageWording,
	error: string,
	problems: Pick<Refusal, 'fields' | 'items'> = {},
): string {
	const lines = [
		...Object.entries(wording.labels).flatMap(([field, label]) => {
			const message = problems.fields?.[field];
			return message ? [`<strong>${escapeHtml(label)}</strong>: ${escapeHtml(message)}`] : [];
		}),
		...(problems.items ?? []).map((item) => escapeHtml(item.error)),
	].map((line) => `<li>${line}</li>`);
	const list = lines.length ? `<ul>${lines.join('')}</ul>` : '';
	const hint = lines.length
		? '<p>Usa il pulsante Indietro del browser per correggere il modulo senza perdere quello che hai scritto.</p>'
		: '';
	return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(wording.companyName ? `${wording.title} | ${wording.companyName}` : wording.title)}</title>
<style>${ERROR_PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(wording.heading)}</h1>
<p>${escapeHtml(error)}</p>
${list}
${hint}
<p><a href="${escapeHtml(wording.backHref)}">${escapeHtml(wording.backLabel)}</a></p>
</main>
</body>
</html>
`;
}

/** A JSON answer, never cached. */
export function json(
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): Response {
	return new Response(JSON.stringify(body), {
		status,
		headers: { 'Content-Type': 'application/json; charset=utf-8', ...NO_STORE, ...headers },
	});
}

/** A refusal as JSON `{ error, fields?, items? }`, or as a page for a browser's form post. */
export function refuse(request: Request, refusal: Refusal, wording: ErrorPageWording): Response {
	const { status, error, fields, items, headers = {} } = refusal;
	if (wantsHtml(request)) {
		return new Response(
			errorPage(wording, error, { ...(fields && { fields }), ...(items && { items }) }),
			{
				status,
				headers: { 'Content-Type': 'text/html; charset=utf-8', ...NO_STORE, ...headers },
			},
		);
	}
	return json(status, { error, ...(fields && { fields }), ...(items && { items }) }, headers);
}
