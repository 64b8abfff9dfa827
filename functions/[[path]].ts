/**
 * Cloudflare Pages Function: the server routes of src/lib/http/server-routes.ts, which the
 * build's _routes.json sends here (every other path is a static file of the CDN), forwarded to
 * the Node server at NODE_ORIGIN with the shared PROXY_SECRET and the visitor's address.
 * Both are set in the Pages project (docs/operations.md, 'Deploy'); without the secret every
 * server route answers 503; `npm run preview:cdn` passes them to
 * `wrangler pages dev`.
 */
import { forward, proxySettingsFrom } from '../src/lib/http/proxy';
import { isServerRoute } from '../src/lib/http/server-routes';

interface Context {
	request: Request;
	env: Record<string, unknown>;
	next: () => Promise<Response>;
}

export async function onRequest({ request, env, next }: Context): Promise<Response> {
	let pathname: string;
	try {
		pathname = decodeURI(new URL(request.url).pathname);
	} catch {
		return next();
	}
	// _routes.json already restricts this function; a path outside the list is a static file.
	if (!isServerRoute(pathname)) return next();
	return forward(request, proxySettingsFrom(env), request.headers.get('cf-connecting-ip'));
}
