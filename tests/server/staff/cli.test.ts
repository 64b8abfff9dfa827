import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runStaffCommand, StaffCliError, STAFF_HELP } from '../../../src/server/staff/cli';
import { StaffStore } from '../../../src/server/staff/store';
import { REGISTRY } from '../../../src/server/services';

/** `npm run staff -- …` on a real SQLite file: what each command prints, or refuses. */
const SHOPS = [
	{ id: 'torino', name: 'Sede di Buttigliera Alta' },
	{ id: 'aosta', name: 'Sede di Aosta' },
];
const NOW = Date.UTC(2026, 10, 26, 9, 0);

let dir: string;
let store: StaffStore;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'vigorsport-staff-cli-'));
	store = StaffStore.open(join(dir, 'messages.sqlite'), REGISTRY);
});
afterEach(() => {
	store.close();
	rmSync(dir, { recursive: true, force: true });
});

function run(...args: string[]): string[] {
	const lines: string[] = [];
	runStaffCommand(args, {
		store,
		shops: SHOPS,
		origin: 'https://www.vigorsport.it',
		now: NOW,
		mailLinks: false,
		print: (line) => lines.push(line),
	});
	return lines;
}

function refusal(...args: string[]): { message: string; exitCode: number } {
	try {
		run(...args);
	} catch (error) {
		if (error instanceof StaffCliError) return { message: error.message, exitCode: error.exitCode };
		throw error;
	}
	throw new Error('the command was not refused');
}

const ADD = ['aggiungi', '--nome', 'Giulia Rossi', '--email', 'giulia@vigorsport.it'];

describe('npm run staff', () => {
	it.each([[[]], [['aiuto']], [['--help']]])('%j prints the help', (args) => {
		expect(run(...args)).toEqual([STAFF_HELP]);
	});

	it('adds, lists, gives a link to and disables a member', () => {
		expect(run(...ADD, '--negozi', 'aosta,torino')).toEqual([
			'Aggiunto: Giulia Rossi <giulia@vigorsport.it> (aosta, torino).',
			'Per il primo accesso: npm run staff -- link giulia@vigorsport.it',
		]);
		expect(run('elenco')).toEqual([
			'Membri dello staff (1):',
			'- Giulia Rossi <giulia@vigorsport.it> · Sede di Aosta, Sede di Buttigliera Alta · attivo; 0 passkey, 0 sessioni aperte',
		]);
		const link = run('link', 'GIULIA@vigorsport.it');
		expect(link[0]).toBe(
			'Link di accesso per Giulia Rossi (valido fino alle 26/11/26, 10:15, una volta sola):',
		);
		expect(link[1]).toMatch(/^https:\/\/www\.vigorsport\.it\/gestione\/attiva#[A-Za-z0-9_-]{43}$/);
		expect(run('link', 'giulia@vigorsport.it', '--origine', 'http://localhost:4660/x')[1]).toMatch(
			/^http:\/\/localhost:4660\/gestione\/attiva#/,
		);
		expect(run('disattiva', 'giulia@vigorsport.it')[0]).toMatch(/^Disattivato: giulia@/);
		expect(run('elenco')[1]).toMatch(/disattivato il 26\/11\/26, 10:00$/);
	});

	it.each([
		[['sconosciuto'], 2, /Comando sconosciuto: «sconosciuto»/],
		[['aggiungi', '--email', 'a@b.it', '--negozi', 'aosta'], 2, /Manca il nome/],
		[['aggiungi', '--nome', 'A'], 2, /Manca l’indirizzo e-mail/],
		[
			['aggiungi', '--nome', 'A', '--email', 'non-una-email', '--negozi', 'aosta'],
			2,
			/non è un indirizzo e-mail valido/,
		],
		[[...ADD], 2, /Manca il negozio \(--negozi torino,aosta\)/],
		[
			[...ADD, '--negozi', 'milano'],
			2,
			/Negozio sconosciuto: milano\. I negozi sono: torino, aosta/,
		],
		[[...ADD, '--negozi'], 2, /Manca il valore di --negozi/],
		[['disattiva'], 2, /Manca l’indirizzo e-mail/],
		[['disattiva', 'nessuno@vigorsport.it'], 1, /Nessun membro attivo/],
		[['link', 'nessuno@vigorsport.it'], 1, /Nessun membro attivo/],
	])('%j is refused (exit %i)', (args, exitCode, message) => {
		const refused = refusal(...args);
		expect(refused.exitCode).toBe(exitCode);
		expect(refused.message).toMatch(message);
	});

	it('refuses a second member with the same address, whatever its case', () => {
		run(...ADD, '--negozi', 'aosta');
		expect(
			refusal(
				'aggiungi',
				'--nome',
				'Altra',
				'--email',
				'Giulia@Vigorsport.it',
				'--negozi',
				'torino',
			),
		).toEqual({
			message: 'Esiste già un membro dello staff con l’e-mail Giulia@Vigorsport.it.',
			exitCode: 1,
		});
	});

	it('refuses a link for a disabled member, and a bad --origine', () => {
		run(...ADD, '--negozi', 'aosta');
		expect(refusal('link', 'giulia@vigorsport.it', '--origine', 'non un indirizzo').exitCode).toBe(
			2,
		);
		run('disattiva', 'giulia@vigorsport.it');
		expect(refusal('link', 'giulia@vigorsport.it').exitCode).toBe(1);
	});
});
