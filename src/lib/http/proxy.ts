/**
 * The CDN's function in front of the Node server (functions/[[path]].ts), as pure steps: the
 * request it sends on, and the answer when the Node server does not answer. It runs in
 * Cloudflare's runtime (workerd) and in Node, so it uses web-standard Request and Response only.
 *
 * The visitor's address is the one Cloudflare's edge gives the function (`CF-Connecting-IP`),
 * passed on in VISITOR_IP_HEADER: Cloudflare removes CF-Connecting-IP from a function's own
 * requests to another host. The Node server believes that header only from a request that
 * carries the shared secret in PROXY_SECRET_HEADER: a request that reaches it directly, with any
 * header it likes, is counted under its own address.
 */

import { scrubPath } from './scrub';

/** The header that carries the secret shared by this function and the Node server. */

export const PROXY_SECRET_HEADER = 'x-vigorsport-proxy';
/** The visitor's address as Cloudflare's edge saw it (on the request the function receives). */
export const CONNECTING_IP_HEADER = 'cf-connecting-ip';
/** The visitor's address as the function passes it on to the Node server. */
export const VISITOR_IP_HEADER = 'x-visitor-ip';

/** How long the Node server may take to begin its answer before the visitor gets a 503. */
export const UPSTREAM_TIMEOUT_MS = 10_000;
/** When the visitor may try again after a 503 of the proxy, in seconds. */
export const RETRY_AFTER_SECONDS = 30;

/**
 * The answer when the Node server is down or too slow: the same JSON 503 the server gives when it
 * cannot store, which the contact form and the pickup list show as their error toast (the draft
 * and the list stay, so nothing is lost).
 */
export const UNAVAILABLE_ERROR =
	'Il servizio non è al momento raggiungibile. Riprova tra qualche minuto oppure chiamaci.';

/** What the function knows from its environment. */
export interface ProxySettings {
	/** The Node server's address, e.g. https://server.vigorsport.it. */
	origin: string;
	/** The secret the Node server expects in PROXY_SECRET_HEADER. */
	secret: string;
}

/** Hop-by-hop headers, and the ones the Node server must only ever hear from this proxy. */
const DROPPED = new Set([
	'connection',
	'keep-alive',
	'transfer-encoding',
	'upgrade',
	'host',
	'accept-encoding',
	'x-forwarded-for',
	PROXY_SECRET_HEADER,
	CONNECTING_IP_HEADER,
	VISITOR_IP_HEADER,
]);

/**
 * The request for the Node server: the same method, path, query, headers (Origin and Cookie
 * included) and body; the secret; and the visitor's address, or none when unknown.
 */
export function upstreamRequest(
	request: Request,
	settings: ProxySettings,
	visitorAddress: string | null,
	signal?: AbortSignal,
): Request {
	const url = new URL(request.url);
	const target = new URL(url.pathname + url.search, settings.origin);
	const headers = new Headers();
	for (const [name, value] of request.headers) {
		if (!DROPPED.has(name.toLowerCase())) headers.append(name, value);
	}
	// Uncompressed between the two: the runtime would send a compressed answer on as it is,
	// whatever the visitor accepts; the CDN compresses for the visitor itself.
	headers.set('Accept-Encoding', 'identity');
	headers.set(PROXY_SECRET_HEADER, settings.secret);
	if (visitorAddress) headers.set(VISITOR_IP_HEADER, visitorAddress);
	const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
	// `duplex` streams the body on in Node's fetch; the DOM's RequestInit does not name it yet.
	const init: RequestInit & { duplex?: 'half' } = {
		method: request.method,
		headers,
		redirect: 'manual',
		...(hasBody ? { body: request.body, duplex: 'half' } : {}),
		...(signal ? { signal } : {}),
	};
	return new Request(target, init);
}

/** Whether the request is a browser's navigation (a page, a form without JavaScript): HTML. */
export function wantsPage(request: Request): boolean {
	return (request.headers.get('accept') ?? '').toLowerCase().includes('text/html');
}

/**
 * The page a navigation gets when the Node server is down (a staff page, the customer's link, a
 * form sent without JavaScript): a few lines of Italian with a way back to the site, which the
 * CDN still serves. No style or script, so its policy can allow nothing; no Referer, since the
 * address may carry the customer's token.
 */
export const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Servizio non raggiungibile</title>
</head>
<body>
<main>
<h1>Servizio non raggiungibile</h1>
<p>Questa pagina non è disponibile in questo momento. ${UNAVAILABLE_ERROR}</p>
<p>Il catalogo, i negozi e i contatti restano consultabili.</p>
<p><a href="/">Torna al sito</a> · <a href="/negozi">Orari e telefoni dei negozi</a></p>
</main>
</body>
</html>
`;

/** The headers every 503 of the proxy has. */
const UNAVAILABLE_HEADERS = {
	'Cache-Control': 'no-store',
	'Retry-After': String(RETRY_AFTER_SECONDS),
	'X-Content-Type-Options': 'nosniff',
	'X-Robots-Tag': 'noindex',
} as const;

/**
 * The 503 in Italian, never cached, with Retry-After: the page above for a navigation, else the
 * JSON the forms understand.
 */
export function unavailableAnswer(request?: Request): Response {
	if (request && wantsPage(request)) {
		return new Response(request.method === 'HEAD' ? null : UNAVAILABLE_PAGE, {
			status: 503,
			headers: {
				...UNAVAILABLE_HEADERS,
				'Content-Type': 'text/html; charset=utf-8',
				'Content-Security-Policy':
					"default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
				'Referrer-Policy': 'no-referrer',
				'X-Frame-Options': 'DENY',
			},
		});
	}
	return Response.json(
		{ error: UNAVAILABLE_ERROR },
		{
			status: 503,
			headers: { ...UNAVAILABLE_HEADERS, 'Content-Type': 'application/json; charset=utf-8' },
		},
	);
}

/**
 * The Node server's answer as the visitor gets it: status, headers (Set-Cookie, Location,
 * Retry-After…) and body unchanged; only a missing `no-store` is added, as no answer of these
 * routes may be kept by the CDN or the browser.
 */
export function passThrough(answer: Response): Response {
	const headers = new Headers(answer.headers);
	const cache = headers.get('cache-control') ?? '';
	if (!/\bno-store\b/i.test(cache)) headers.set('Cache-Control', 'no-store');
	return new Response(answer.body, {
		status: answer.status,
		statusText: answer.statusText,
		headers,
	});
}

/**
 * A request's address as the function's log may show it: the same rule as the Node server's log
 * (scrub.ts), so the customer's link loses its token and the query (OAuth's code and state)
 * never goes in.
 */
export function pathForLog(url: string): string {
	return scrubPath(new URL(url).pathname);
}

/**
 * Forwards a request to the Node server, or answers the 503 when it is down or has not begun its
 * answer within UPSTREAM_TIMEOUT_MS. `fetchImpl` is the runtime's fetch.
 */
export async function forward(
	request: Request,
	settings: ProxySettings | null,
	visitorAddress: string | null,
	fetchImpl: typeof fetch = fetch,
	timeoutMs = UPSTREAM_TIMEOUT_MS,
	log: Pick<Console, 'error'> = console,
): Promise<Response> {
	if (!settings) {
		log.error(
			`Proxy: NODE_ORIGIN, or PROXY_SECRET of at least ${MIN_PROXY_SECRET_LENGTH} characters, is not set: every server route answers 503.`,
		);
		return unavailableAnswer(request);
	}
	const controller = new AbortController();
	let timer: ReturnType<typeof setTimeout> | undefined;
	// The race, not only the signal, ends the wait: the runtime's fetch may not heed the signal.
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => {
			controller.abort();
			reject(new Error(`no answer within ${timeoutMs} ms`));
		}, timeoutMs);
	});
	try {
		const answer = await Promise.race([
			fetchImpl(upstreamRequest(request, settings, visitorAddress, controller.signal)),
			timeout,
		]);
		return passThrough(answer);
	} catch (error) {
		log.error(`Proxy: no answer from the Node server for ${pathForLog(request.url)}:`, error);
		return unavailableAnswer(request);
	} finally {
		clearTimeout(timer);
	}
}

/** The shortest secret the Node server accepts (src/server/core/server-settings.ts): a shorter one never matches. */
export const MIN_PROXY_SECRET_LENGTH = 32;

/**
 * The settings from the function's environment, or null when one is missing. Without the secret
 * the function refuses to forward at all (503): the Node server would count every visitor
 * under the CDN's address, one rate limit for the whole site, and nobody would notice.
 */
export function proxySettingsFrom(env: Record<string, unknown>): ProxySettings | null {
	const origin = env['NODE_ORIGIN'];
	const raw = env['PROXY_SECRET'];
	const secret = typeof raw === 'string' ? raw.trim() : '';
	if (typeof origin !== 'string' || !origin || secret.length < MIN_PROXY_SECRET_LENGTH) return null;
	return { origin, secret };
}
