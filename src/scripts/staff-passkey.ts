/**
 * The passkey buttons of the staff area's sign-in pages: 'Accedi con la passkey'
 * (/gestione/accesso) and 'Crea la passkey' (/gestione/attiva#<token>), with
 * @simplewebauthn/browser talking to the authenticator and the routes of
 * src/server/staff/routes.ts checking everything. On success the server has set the session
 * cookie, and the page goes to /gestione.
 */
import {
	startAuthentication,
	startRegistration,
	type PublicKeyCredentialCreationOptionsJSON,
	type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

const FALLBACK = 'Qualcosa non ha funzionato: riprova tra poco.';
const CANCELLED = 'Operazione annullata o non consentita dal dispositivo: riprova.';
const OFFLINE = 'Connessione assente: controlla la rete e riprova.';
const UNSUPPORTED =
	'Questo browser non supporta le passkey: usa un browser aggiornato (Chrome, Safari, Edge, Firefox).';

/** Posts JSON; the answer's body, or a thrown Error with the server's Italian text. */
async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
	let answer: Response;
	try {
		answer = await fetch(path, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			body: JSON.stringify(body),
			credentials: 'same-origin',
		});
	} catch {
		throw new Error(OFFLINE);
	}
	const data = (await answer.json().catch(() => ({}))) as Record<string, unknown>;
	if (!answer.ok) throw new Error(typeof data['error'] === 'string' ? data['error'] : FALLBACK);
	return data;
}

/**
 * The message for an error: the server's Italian text (a plain Error of post()), or the
 * authenticator's refusal or failure, said in Italian.
 */
function messageOf(error: unknown): string {
	if (!(error instanceof Error)) return FALLBACK;
	if (error.name === 'Error') return error.message || FALLBACK;
	if (error.name === 'NotAllowedError' || error.name === 'AbortError') return CANCELLED;
	return FALLBACK;
}

/** Wires one button: runs `action` on click, showing errors in the page's status line. */
function wire(selector: string, action: () => Promise<void>): void {
	const button = document.querySelector<HTMLButtonElement>(selector);
	const status = document.querySelector<HTMLElement>('[data-staff-status]');
	if (!button || !status) return;
	if (!window.PublicKeyCredential) {
		status.textContent = UNSUPPORTED;
		return;
	}
	let busy = false;
	button.addEventListener('click', () => {
		if (busy) return;
		busy = true;
		button.setAttribute('aria-busy', 'true');
		status.textContent = '';
		action()
			.then(() => window.location.assign('/gestione'))
			.catch((error: unknown) => {
				status.textContent = messageOf(error);
			})
			.finally(() => {
				busy = false;
				button.removeAttribute('aria-busy');
			});
	});
}

/** 'Accedi con la passkey'. */
export function startSignIn(): void {
	wire('[data-staff-signin]', async () => {
		const optionsJSON = await post('/api/gestione/auth/opzioni', {});
		const response = await startAuthentication({
			optionsJSON: optionsJSON as unknown as PublicKeyCredentialRequestOptionsJSON,
		});
		await post('/api/gestione/auth/accesso', { response });
	});
}

/** 'Crea la passkey', with the link's token from the address's fragment. */
export function startEnrolment(): void {
	const token = window.location.hash.slice(1);
	wire('[data-staff-enrol]', async () => {
		const optionsJSON = await post('/api/gestione/auth/passkey-opzioni', { token });
		const response = await startRegistration({
			optionsJSON: optionsJSON as unknown as PublicKeyCredentialCreationOptionsJSON,
		});
		await post('/api/gestione/auth/passkey', { token, response });
	});
}
