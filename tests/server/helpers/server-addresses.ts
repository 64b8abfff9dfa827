import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from '../../../scripts/start-server.mjs';
import { isServerRoute, SERVER_ROUTES } from '../../../src/lib/http/server-routes';
import { AVAILABILITY_PARAMS } from '../../../src/server/reservations/availability-http';
import { validReservation, WHEY } from './pickup';
import { staffRoutes } from './staff';

/**
 * Every page and route the server answers, each at an address that shows its data, with the
 * query parameters it reads: the walks of the server's answers (inherited-names.test.ts,
 * route-methods.test.ts) go through this one list. It is checked against the code
 * (`uncoveredRoutes`, `unlistedParameters`), so a page, a route or a parameter added later
 * fails those tests until it is listed here.
 */

/** A reservation of the member's shop, stored by the test, that the addresses open. */
export interface WalkFixture {
	id: number;
	code: string;
	/** Its customer's link, `/prenotazione/<token>`. */
	link: string;
}

/** An address to walk, and the query parameters its page or route reads. */
export interface Walked {
	address: string;
	params: readonly string[];
}

/** Files under a folder of the repository, recursively. */
function filesUnder(dir: string): string[] {
	return readdirSync(dir).flatMap((entry) => {
		const path = join(dir, entry);
		return statSync(path).isDirectory() ? filesUnder(path) : [path];
	});
}

/** The source file an import names, or null (a package). */
function resolveImport(from: string, specifier: string): string | null {
	const base = specifier.startsWith('~/')
		? join(ROOT, 'src', specifier.slice(2))
		: specifier.startsWith('.')
			? join(dirname(from), specifier)
			: null;
	if (base === null) return null;
	const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
	return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

/**
 * Every query parameter the server's code reads by name: in the pages and routes it renders on
 * demand (`prerender = false`; the others are files of the build), the middleware, and every
 * file they import, followed import by import.
 */
export function serverQueryParameters(): string[] {
	const read = /\b(?:searchParams|params|query)\.(?:get|getAll|has)\(\s*'([^']+)'/g;
	const imports = /\b(?:from|import)\s*\(?\s*'([^']+)'/g;
	const names = new Set<string>(Object.values(AVAILABILITY_PARAMS));
	const pending = [
		...filesUnder(join(ROOT, 'src/pages')).filter(
			(file) => /\.(ts|astro)$/.test(file) && /prerender = false/.test(readFileSync(file, 'utf8')),
		),
		join(ROOT, 'src/middleware.ts'),
	];
	const seen = new Set<string>();
	for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
		if (seen.has(file) || !/\.(ts|tsx|astro)$/.test(file)) continue;
		seen.add(file);
		const source = readFileSync(file, 'utf8');
		for (const match of source.matchAll(read)) names.add(match[1] ?? '');
		for (const match of source.matchAll(imports)) {
			const next = resolveImport(file, match[1] ?? '');
			if (next) pending.push(next);
		}
	}
	return [...names].sort();
}

/**
 * The addresses walked, by the file (or the group of SERVER_ROUTES) that answers them: each one
 * shows its notes and its data (a reservation of the member's shop, a variant with stock), so a
 * name reaches the code that reads it rather than a sign-in page or a 404.
 */
export function serverAddresses(reservation: WalkFixture): Map<string, Walked[]> {
	const day = validReservation().day;
	const variant = `negozio=torino&prodotto=${WHEY.productId}&variante=${WHEY.variantId}`;
	const variantParams = ['negozio', 'prodotto', 'variante'];
	const none = (address: string): Walked[] => [{ address, params: [] }];
	return new Map<string, Walked[]>([
		['src/pages/gestione/index.astro', [{ address: '/gestione', params: ['codice'] }]],
		[
			'src/pages/gestione/accesso.astro',
			[{ address: '/gestione/accesso', params: ['link', 'uscito'] }],
		],
		['src/pages/gestione/attiva.astro', none('/gestione/attiva')],
		['src/pages/gestione/[...resto].astro', none('/gestione/nessuna-pagina')],
		[
			'src/pages/gestione/messaggi.astro',
			[{ address: '/gestione/messaggi?esito=gestito', params: ['esito'] }],
		],
		[
			'src/pages/gestione/magazzino/index.astro',
			[
				{
					address: '/gestione/magazzino?esito=movimento',
					params: ['esito', 'cerca', 'filtro', 'modo'],
				},
			],
		],
		[
			'src/pages/gestione/magazzino/variante.astro',
			[
				{
					address: `/gestione/magazzino/variante?${variant}&esito=movimento`,
					params: [...variantParams, 'esito'],
				},
			],
		],
		[
			'src/pages/gestione/prenotazioni/[id].astro',
			[{ address: `/gestione/prenotazioni/${reservation.id}?fatto=pronta`, params: ['fatto'] }],
		],
		[
			'src/pages/gestione/preparazione.astro',
			[
				{
					address: `/gestione/preparazione?giorno=${day}&fatto=pronta&id=${reservation.id}`,
					params: ['giorno', 'fatto', 'id'],
				},
			],
		],
		['src/pages/api/gestione/[...resto].ts', none('/api/gestione/nessuna')],
		[
			'src/pages/api/gestione/magazzino/[...azione].ts',
			[
				{
					address: '/api/gestione/magazzino?negozio=torino',
					params: ['negozio', 'filtro', 'cerca'],
				},
				{ address: `/api/gestione/magazzino/storico?${variant}`, params: variantParams },
				{ address: '/api/gestione/magazzino/esporta?negozio=torino', params: ['negozio'] },
				{ address: '/api/gestione/magazzino/pezzi-mancanti?negozio=torino', params: ['negozio'] },
				// A POST route: its query is read only after the method.
				{
					address: '/api/gestione/magazzino/importa?motivo=conteggio',
					params: ['motivo', 'conferma'],
				},
			],
		],
		[
			'src/pages/gestione/andamento.astro',
			[
				{
					address: '/gestione/andamento?negozio=torino&periodo=settimana&esito=salvato',
					params: ['negozio', 'periodo', 'da', 'a', 'esito'],
				},
			],
		],
		[
			'src/pages/api/gestione/andamento/[...azione].ts',
			[
				{
					address: '/api/gestione/andamento/riordino?negozio=torino&marca=Nordika',
					params: ['negozio', 'marca'],
				},
			],
		],
		['src/pages/api/gestione/messaggi.ts', none('/api/gestione/messaggi')],
		['src/pages/api/gestione/notifiche.ts', none('/api/gestione/notifiche')],
		[
			'src/pages/api/gestione/prenotazioni.ts',
			[{ address: `/api/gestione/prenotazioni?codice=${reservation.code}`, params: ['codice'] }],
		],
		[
			'src/pages/api/gestione/prenotazioni/[id].ts',
			none(`/api/gestione/prenotazioni/${reservation.id}`),
		],
		['src/pages/api/gestione/auth/accesso.ts', none('/api/gestione/auth/accesso')],
		['src/pages/api/gestione/auth/esci.ts', none('/api/gestione/auth/esci')],
		['src/pages/api/gestione/auth/link.ts', none('/api/gestione/auth/link')],
		['src/pages/api/gestione/auth/opzioni.ts', none('/api/gestione/auth/opzioni')],
		['src/pages/api/gestione/auth/passkey-opzioni.ts', none('/api/gestione/auth/passkey-opzioni')],
		['src/pages/api/gestione/auth/passkey.ts', none('/api/gestione/auth/passkey')],
		// The routes visitors reach (SERVER_ROUTES). The customer's page reads `versione` and
		// `motivo` from its form's body with the same code as its query.
		[
			'customer',
			[
				{
					address: `${reservation.link}?annulla`,
					params: ['annulla', 'annullata', 'versione', 'motivo'],
				},
			],
		],
		[
			'availability',
			[
				{
					address: `/api/disponibilita?prodotto=${WHEY.productId}`,
					params: Object.values(AVAILABILITY_PARAMS),
				},
			],
		],
		['submissions', [...none('/api/contact'), ...none('/api/prenotazioni')]],
		[
			'alerts',
			[
				{
					address: `/avviso?prodotto=${WHEY.productId}&variante=${WHEY.variantId}`,
					params: ['token', 'inviata', 'prodotto', 'variante'],
				},
				...none('/api/avvisi'),
			],
		],
		// Without its credentials in the settings (as here), the feed's route does not exist: 404.
		['google feed', none('/api/google/inventario-locale')],
		['health', none('/api/health')],
		[
			'editor sign-in',
			[
				{ address: '/api/auth?provider=github', params: ['provider'] },
				{ address: '/api/auth/callback?code=x&state=y', params: ['code', 'state'] },
			],
		],
	]);
}

/** The staff files and SERVER_ROUTES patterns that no address of the list reaches. */
export function uncoveredRoutes(walked: Map<string, Walked[]>): string[] {
	const files = staffRoutes()
		.map((route) => route.file)
		.filter((file) => !walked.has(file));
	const paths = [...walked.values()].flat().map(({ address }) => address.split('?')[0] ?? '');
	const patterns = SERVER_ROUTES.filter(
		(pattern) => !paths.some((path) => isServerRoute(path, [pattern])),
	);
	return [...files, ...patterns];
}

/** The query parameters the server's code reads that the list gives no address. */
export function unlistedParameters(walked: Map<string, Walked[]>): string[] {
	const listed = new Set([...walked.values()].flat().flatMap(({ params }) => params));
	return serverQueryParameters().filter((name) => !listed.has(name));
}
