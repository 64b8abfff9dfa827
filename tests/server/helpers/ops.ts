import { spawn } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ROOT } from '../../../scripts/start-server.mjs';
import { postJson, VALID_MESSAGE } from './contact';

/** What a script printed, and how it ended. */
export interface ScriptRun {
	code: number | null;
	stdout: string;
	stderr: string;
}

/** Runs `node scripts/<script> ...args` with only `env` added to a clean environment. */
export function runScript(
	script: string,
	args: string[],
	env: Record<string, string>,
): Promise<ScriptRun> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [join(ROOT, 'scripts', script), ...args], {
			cwd: ROOT,
			env: { PATH: process.env['PATH'] ?? '', ...env },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		child.once('error', reject);
		child.once('close', (code) => resolve({ code, stdout, stderr }));
	});
}

/** The messages of a database by id, with the name each was sent under. */
export function messageNames(dbPath: string): Map<number, string> {
	const db = new Database(dbPath, { readonly: true, fileMustExist: true });
	try {
		const rows = db.prepare('SELECT id, name FROM messages').all() as {
			id: number;
			name: string;
		}[];
		return new Map(rows.map((row) => [row.id, row.name]));
	} finally {
		db.close();
	}
}

/** `PRAGMA integrity_check` of a database file: ['ok'] when sound. */
export function integrityOf(dbPath: string): string[] {
	const db = new Database(dbPath, { readonly: true, fileMustExist: true });
	try {
		return (db.pragma('integrity_check') as { integrity_check: string }[]).map(
			(row) => row.integrity_check,
		);
	} finally {
		db.close();
	}
}

/** A name made of letters only (names are letters, spaces, apostrophes), unique per `n`. */
export function uniqueName(prefix: string, n: number): string {
	const letters = n
		.toString(26)
		.split('')
		.map((digit) => String.fromCharCode(97 + parseInt(digit, 26)))
		.join('');
	return `${prefix} ${letters}`;
}

/**
 * A write load on POST /api/contact: `concurrency` clients posting until stopped. Every message
 * that got a 2xx is in `acknowledged` (id -> name), added the moment its answer arrived.
 */
export function contactLoad(url: string, { concurrency = 6, prefix = 'Cliente' } = {}) {
	const acknowledged = new Map<number, string>();
	let stopped = false;
	let next = 0;
	let failures = 0;
	async function client(): Promise<void> {
		while (!stopped) {
			const n = next++;
			const name = uniqueName(prefix, n);
			try {
				const { status, json } = await postJson(url, {
					...VALID_MESSAGE,
					name,
					email: `cliente.${n}@example.it`,
				});
				if (status >= 200 && status < 300) acknowledged.set(Number(json['id']), name);
				else failures++;
			} catch {
				// No answer (the server stopping): nothing was promised.
				failures++;
			}
		}
	}
	const clients = Promise.all(Array.from({ length: concurrency }, client));
	return {
		acknowledged,
		get failures() {
			return failures;
		},
		async stop(): Promise<void> {
			stopped = true;
			await clients;
		},
	};
}
