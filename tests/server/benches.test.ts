import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/start-server.mjs';

/**
 * Every `npm run bench*` script still runs: each at its smallest size (`--smoke`), against the
 * build, checked to finish and print its table. A bench that nobody runs rots (two crashed on
 * stock figures that had left the content files). Never a timing: the benches print them, the
 * tests read only that the table is there and that nothing accepted was lost.
 */

const run = promisify(execFile);

/** Runs a bench script with --smoke; everything it printed, and its exit code. */
async function smoke(script: string): Promise<{ code: number; output: string }> {
	const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
	delete env.BENCH_PORT;
	try {
		const { stdout, stderr } = await run(process.execPath, [join(ROOT, script), '--smoke'], {
			cwd: ROOT,
			env,
			maxBuffer: 16 * 1024 * 1024,
		});
		return { code: 0, output: `${stdout}${stderr}` };
	} catch (error) {
		const failed = error as { code?: number; stdout?: string; stderr?: string };
		return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
	}
}

/** The lines of a text table whose first cell is `name`. */
const rowOf = (output: string, name: string) =>
	output.split('\n').find((line) => line.trimStart().startsWith(`${name} `)) ?? '';

// Side by side: they only have to finish, and the longest (the build's) sets the file's time.
describe.concurrent('the benches, at their smallest size', () => {
	it(
		'bench:contact stores every accepted message and reservation',
		{ timeout: 180_000 },
		async () => {
			const { code, output } = await smoke('scripts/bench-contact.mjs');
			expect(output).toMatch(/\/api\/contact\s+\/api\/prenotazioni/);
			for (const row of ['accepted (2xx)', 'requests/s (mean)', 'latency p99', 'stored rows']) {
				expect(rowOf(output, row), row).not.toBe('');
			}
			// Each route's 20 requests accepted and stored: the reservations had pieces to hold.
			expect(rowOf(output, 'stored rows')).toMatch(/^stored rows\s+20\s+20\s*$/);
			expect(output).toContain('OK: stored = accepted');
			expect(code, output).toBe(0);
		},
	);

	it('bench:stock answers the availability and lists the stock', { timeout: 180_000 }, async () => {
		const { code, output } = await smoke('scripts/bench-stock.mjs');
		expect(output).toMatch(/GET \/api\/disponibilita, 30 prodotti, 50 client/);
		expect(output).toMatch(/Elenco del magazzino, 2000 righe/);
		expect(code, output).toBe(0);
	});

	it('bench:build builds a synthetic catalogue and measures it', { timeout: 360_000 }, async () => {
		const { code, output } = await smoke('scripts/bench-build.mjs');
		expect(output).toMatch(/\| products \| build time \| peak memory \|/);
		// The one-product row, every figure measured (a failed measure prints NaN).
		const row = output.split('\n').find((line) => /^\|\s+1 \|/.test(line)) ?? '';
		expect(row, output).not.toBe('');
		expect(row).not.toContain('NaN');
		expect(code, output).toBe(0);
	});

	it(
		'bench:alerts tells the waiting and times the arrival beside one nobody waits for',
		{ timeout: 180_000 },
		async () => {
			const { code, output } = await smoke('scripts/bench-alerts.mjs');
			expect(output).toMatch(/Avvisami: 100 in attesa, arrivo di 10 pezzi \(--smoke\), 3 turni/);
			for (const row of [
				'arrivo senza richieste (mediana)',
				'arrivo che avvisa 10 persone (mediana)',
				'GET /api/disponibilita prima',
				'GET /api/health prima',
			]) {
				expect(rowOf(output, row), row).toMatch(/ ms/);
			}
			// Each of the three arrivals told its 10, each once, and the notices leave.
			expect(rowOf(output, 'richieste avvisate')).toMatch(/ 30 di 30, una e-mail ciascuna: 30$/);
			expect(rowOf(output, 'e-mail ricevute')).toMatch(/ 10 \(le prime 10 di 30\)/);
			expect(code, output).toBe(0);
		},
	);

	it("bench:report works out l'andamento's figures", { timeout: 180_000 }, async () => {
		const { code, output } = await smoke('scripts/bench-report.mjs');
		expect(output).toMatch(/48 varianti × 2 negozi, 60 giorni: /);
		for (const period of ['questa settimana, un negozio', 'un anno, due negozi']) {
			expect(rowOf(output, `Pagina dell'andamento, ${period}:`), output).toMatch(/mediana /);
		}
		expect(code, output).toBe(0);
	});

	// Lighthouse, run beside the other server tests on two cores, now and then ends a run without
	// its metrics (NaN in the table): the smoke run checks that the bench works, so a second try
	// is allowed before it fails.
	it(
		'bench (Lighthouse) measures a page and the floor over both transports',
		{ timeout: 360_000, retry: 2 },
		async () => {
			const { code, output } = await smoke('scripts/bench.mjs');
			expect(output).toMatch(/^Pagina\s+Perf\s+A11y.*\s1\.1 LCP ms\s/m);
			for (const page of ['contatti', 'minima']) {
				const row = rowOf(output, page);
				expect(row, output).not.toBe('');
				// A figure in every column: both transports measured (a missing one prints '–').
				expect(row).not.toMatch(/–|NaN/);
			}
			// No run that Lighthouse could not finish (an untrusted certificate, a page that failed).
			expect(output).not.toMatch(/^bench: https?:/m);
			expect(code, output).toBe(0);
		},
	);
});
