/**
 * The stock pages' script (/gestione/magazzino): sends a variant's quick actions and minimum, a
 * stocktake after its review, and a CSV upload after its differences, to the stock API as JSON
 * (src/server/stock/http.ts), then reloads the page the server renders. A count made from a stale
 * row comes back 409: the page shows the current figure and takes the new version, so pressing
 * again confirms it. Everything else is server-rendered HTML and plain links.
 */
import { parseCount, reviewStocktake, signedPieces, type StocktakeRow } from '../lib/stock/page';

const API = '/api/gestione/magazzino';
const FAILED = 'Non è stato possibile salvare: controlla la connessione e riprova.';

interface Answer {
	status: number;
	body: Record<string, unknown>;
}

async function send(path: string, body: unknown, type = 'application/json'): Promise<Answer> {
	try {
		const response = await fetch(`${API}${path}`, {
			method: 'POST',
			headers: { 'Content-Type': type, Accept: 'application/json' },
			body: typeof body === 'string' ? body : JSON.stringify(body),
			credentials: 'same-origin',
		});
		const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
		return { status: response.status, body: json };
	} catch {
		return { status: 0, body: { error: FAILED } };
	}
}

function errorOf(answer: Answer): string {
	return typeof answer.body['error'] === 'string' ? answer.body['error'] : FAILED;
}

/** The same page again, with a note of what was done. */
function reloadWith(esito: string): void {
	const url = new URL(window.location.href);
	url.searchParams.set('esito', esito);
	window.location.replace(url.toString());
}

/** A text field of a form ('' when absent). */
function field(form: HTMLFormElement, name: string): string {
	const value = new FormData(form).get(name);
	return typeof value === 'string' ? value : '';
}

function line(list: HTMLElement, text: string): void {
	const item = document.createElement('li');
	item.textContent = text;
	list.append(item);
}

/** A variant's page: quick actions and minimum. */
export function startStockVariant(): void {
	const form = document.querySelector<HTMLFormElement>('form[data-stock-action]');
	const status = form?.querySelector<HTMLElement>('[data-action-status]');
	if (!form || !status) return;
	const ref = () => ({
		negozio: form.dataset['shop'],
		prodotto: form.dataset['product'],
		variante: form.dataset['variant'],
	});
	form.addEventListener(
		'submit',
		(event) =>
			void (async () => {
				event.preventDefault();
				const button = event.submitter;
				const reason = button instanceof HTMLButtonElement ? button.value : '';
				const pieces = parseCount(field(form, 'pezzi'));
				if (pieces === null || pieces === 'wrong' || (pieces === 0 && reason !== 'count')) {
					status.textContent = 'Scrivi quanti pezzi: un numero intero, per esempio 6.';
					form.querySelector<HTMLInputElement>('#pezzi')?.focus();
					return;
				}
				const buttons = form.querySelectorAll('button');
				buttons.forEach((each) => (each.disabled = true));
				status.textContent = '';
				const note = field(form, 'nota').trim();
				const answer = await send('/movimento', {
					...ref(),
					motivo: reason,
					pezzi: pieces,
					...(note ? { nota: note } : {}),
					...(reason === 'count' ? { versione: Number(form.dataset['version']) } : {}),
				});
				buttons.forEach((each) => (each.disabled = false));
				if (answer.status === 200) return reloadWith('movimento');
				const row = answer.body['riga'] as { onHand?: number; version?: number } | undefined;
				if (answer.status === 409 && row && typeof row.version === 'number') {
					form.dataset['version'] = String(row.version);
					const figure = document.querySelector('[data-figure="in-negozio"]');
					if (figure) figure.textContent = String(row.onHand);
					status.textContent = `${errorOf(answer)} Ora in negozio: ${row.onHand}. Se il tuo conteggio (${pieces}) è giusto, premi di nuovo «Conteggio».`;
					return;
				}
				status.textContent = errorOf(answer);
			})(),
	);

	const minimum = document.querySelector<HTMLFormElement>('form[data-stock-minimum]');
	const minimumStatus = minimum?.querySelector<HTMLElement>('[data-minimum-status]');
	minimum?.addEventListener(
		'submit',
		(event) =>
			void (async () => {
				event.preventDefault();
				const value = parseCount(field(minimum, 'scorta'));
				if (value === null || value === 'wrong') {
					if (minimumStatus)
						minimumStatus.textContent = 'Scrivi la scorta minima: un numero intero.';
					return;
				}
				const answer = await send('/scorta-minima', { ...ref(), scorta: value });
				if (answer.status === 200) return reloadWith('scorta');
				if (minimumStatus) minimumStatus.textContent = errorOf(answer);
			})(),
	);
}

/** The list: the stocktake and the CSV upload. */
export function startStockList(): void {
	const stocktake = document.querySelector<HTMLFormElement>('form[data-stocktake]');
	if (stocktake) startStocktake(stocktake);
	const upload = document.querySelector<HTMLFormElement>('form[data-stock-import]');
	if (upload) startImport(upload);
}

function startStocktake(form: HTMLFormElement): void {
	const review = form.querySelector<HTMLElement>('[data-review]');
	const confirm = form.querySelector<HTMLButtonElement>('[data-confirm]');
	const fields = () => [...form.querySelectorAll<HTMLInputElement>('input[data-count]')];
	if (!review || !confirm) return;
	let pending: ReturnType<typeof reviewStocktake> | null = null;
	const show = () => {
		const inputs = fields();
		const rows: StocktakeRow[] = inputs.map((input) => ({
			key: input.dataset['key'] ?? '',
			name: input.dataset['name'] ?? '',
			onHand: Number(input.dataset['onHand']),
		}));
		const typed: Record<string, string> = {};
		for (const input of inputs) typed[input.dataset['key'] ?? ''] = input.value;
		pending = reviewStocktake(rows, typed);
		review.replaceChildren();
		const list = document.createElement('ul');
		list.className = 'list-disc pl-5';
		for (const error of pending.errors) line(list, error.message);
		for (const difference of pending.differences) {
			line(
				list,
				`${difference.name}: ${difference.before} → ${difference.after} (${difference.change})`,
			);
		}
		const summary = document.createElement('p');
		summary.className = 'font-semibold';
		summary.textContent =
			pending.counts.length === 0
				? 'Scrivi almeno un conteggio.'
				: `${pending.differences.length} differenze, ${pending.same} righe uguali.`;
		review.append(summary, list);
		confirm.hidden = pending.errors.length > 0 || pending.counts.length === 0;
	};
	form.addEventListener('submit', (event) => {
		event.preventDefault();
		show();
	});
	confirm.addEventListener(
		'click',
		() =>
			void (async () => {
				if (!pending) return;
				const inputs = new Map(fields().map((input) => [input.dataset['key'], input]));
				const chosen = pending.counts.map((count) => inputs.get(count.key));
				const note = form.querySelector<HTMLInputElement>('[data-note]')?.value.trim() ?? '';
				confirm.disabled = true;
				const answer = await send('/conteggio', {
					conteggi: chosen.map((input, index) => ({
						negozio: input?.dataset['shop'],
						prodotto: input?.dataset['product'],
						variante: input?.dataset['variant'],
						pezzi: pending?.counts[index]?.counted,
						versione: Number(input?.dataset['version']),
					})),
					...(note ? { nota: note } : {}),
				});
				confirm.disabled = false;
				if (answer.status === 200) return reloadWith('conteggio');
				const stale = typeof answer.body['riga'] === 'number' ? chosen[answer.body['riga']] : null;
				if (answer.status === 409 && stale) {
					// The row changed since the page was drawn: take its figure and version, review again.
					const query = new URLSearchParams({
						negozio: stale.dataset['shop'] ?? '',
						prodotto: stale.dataset['product'] ?? '',
						variante: stale.dataset['variant'] ?? '',
					});
					const fresh = await fetch(`${API}/storico?${query.toString()}`)
						.then(
							(response) =>
								response.json() as Promise<{ riga?: { onHand: number; version: number } }>,
						)
						.catch(() => ({ riga: undefined }));
					if (fresh.riga) {
						stale.dataset['version'] = String(fresh.riga.version);
						stale.dataset['onHand'] = String(fresh.riga.onHand);
						const figure = stale
							.closest('[data-stock-row]')
							?.querySelector('[data-figure="in-negozio"]');
						if (figure) figure.textContent = String(fresh.riga.onHand);
					}
					show();
					const warning = document.createElement('p');
					warning.className = 'mt-2 font-semibold text-red-800';
					warning.textContent = `${stale.dataset['name']}: ${errorOf(answer)} Se i conteggi sono giusti, premi di nuovo «Conferma il conteggio».`;
					review.prepend(warning);
					stale.focus();
					return;
				}
				const problem = document.createElement('p');
				problem.className = 'mt-2 font-semibold text-red-800';
				problem.textContent = errorOf(answer);
				review.prepend(problem);
			})(),
	);
}

function startImport(form: HTMLFormElement): void {
	const result = form.querySelector<HTMLElement>('[data-import-result]');
	const confirm = form.querySelector<HTMLButtonElement>('[data-import-confirm]');
	const file = form.querySelector<HTMLInputElement>('input[type="file"]');
	if (!result || !confirm || !file) return;
	let text = '';
	let mode = 'conteggio';
	// The ledger the preview read: the confirmation names it, and the server refuses the whole
	// file (409, naming the rows) when a row moved since, instead of undoing a sale.
	let version: number | null = null;
	const upload = async (apply: boolean) => {
		const query = new URLSearchParams({ motivo: mode });
		if (apply) query.set('conferma', '1');
		if (apply && version !== null) query.set('versione', String(version));
		return send(`/importa?${query.toString()}`, text, 'text/csv');
	};
	form.addEventListener(
		'submit',
		(event) =>
			void (async () => {
				event.preventDefault();
				confirm.hidden = true;
				const chosen = file.files?.[0];
				if (!chosen) {
					result.textContent = 'Scegli prima il file CSV.';
					return;
				}
				text = await chosen.text();
				mode = field(form, 'motivo') || 'conteggio';
				version = null;
				const answer = await upload(false);
				result.replaceChildren();
				if (answer.status !== 200) {
					result.textContent = errorOf(answer);
					return;
				}
				const differences = (answer.body['differenze'] ?? []) as {
					shopId: string;
					name: string;
					before: number;
					after: number;
					change: number;
				}[];
				version = typeof answer.body['versione'] === 'number' ? answer.body['versione'] : null;
				const summary = document.createElement('p');
				summary.className = 'font-semibold';
				summary.textContent =
					differences.length === 0
						? 'Nessuna differenza: il file dice già quello che c’è in magazzino.'
						: `${differences.length} differenze. Controllale, poi premi «Applica il file».`;
				const list = document.createElement('ul');
				list.className = 'list-disc pl-5';
				for (const difference of differences) {
					line(
						list,
						`${difference.shopId} · ${difference.name}: ${difference.before} → ${difference.after} (${signedPieces(difference.change)})`,
					);
				}
				result.append(summary, list);
				confirm.hidden = differences.length === 0;
			})(),
	);
	confirm.addEventListener(
		'click',
		() =>
			void (async () => {
				confirm.disabled = true;
				const answer = await upload(true);
				confirm.disabled = false;
				if (answer.status === 200) return reloadWith('importa');
				// Stale (409): the differences shown are no longer true; a new preview is needed.
				if (answer.status === 409) confirm.hidden = true;
				result.textContent = errorOf(answer);
			})(),
	);
}
