// @ts-check
// A local stand-in for GitHub's two OAuth endpoints, for the editor's sign-in in the tests of
// tests/e2e-cdn: GET /login/oauth/authorize approves at once and sends the browser back to the
// OAuth app's callback URL (CALLBACK_URL) with a one-time code and the state it was given;
// POST /login/oauth/access_token trades that code, with the app's id and secret, for a token.
// GET /last says what the last authorisation asked for (the scope), for the test to check.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.env.PORT);
const callback = String(process.env.CALLBACK_URL);
const clientId = String(process.env.CLIENT_ID);
const clientSecret = String(process.env.CLIENT_SECRET);
export const TOKEN = 'gho_e2eStandInToken0123456789';

/** @type {Map<string, string>} code -> scope */
const codes = new Map();
let last = {};

/** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} body */
function json(res, status, body) {
	res.writeHead(status, { 'Content-Type': 'application/json' });
	res.end(JSON.stringify(body));
}

createServer((req, res) => {
	const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
	if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
		const scope = url.searchParams.get('scope') ?? '';
		last = { clientId: url.searchParams.get('client_id'), scope };
		if (url.searchParams.get('client_id') !== clientId) return json(res, 404, { error: 'app' });
		const code = randomBytes(10).toString('hex');
		codes.set(code, scope);
		const back = new URL(callback);
		back.searchParams.set('code', code);
		back.searchParams.set('state', url.searchParams.get('state') ?? '');
		res.writeHead(302, { Location: back.href });
		return res.end();
	}
	if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
		let body = '';
		req.on('data', (chunk) => (body += chunk));
		req.on('end', () => {
			/** @type {Record<string, string>} */
			let fields = {};
			try {
				fields = JSON.parse(body);
			} catch {
				// Answered below.
			}
			const scope = codes.get(fields.code ?? '');
			codes.delete(fields.code ?? '');
			if (fields.client_id !== clientId || fields.client_secret !== clientSecret || !scope) {
				return json(res, 200, { error: 'bad_verification_code' });
			}
			json(res, 200, { access_token: TOKEN, token_type: 'bearer', scope });
		});
		return;
	}
	if (url.pathname === '/last') return json(res, 200, last);
	if (url.pathname === '/') return json(res, 200, { ok: true });
	json(res, 404, { error: 'not found' });
}).listen(port, '127.0.0.1');
