// @ts-check
// Reads a systemd unit file (deploy/*.service, *.timer) for the tests: its sections and their
// settings, each name with every value it is given, in order. No side effects.
import { readFile } from 'node:fs/promises';

/**
 * Sections by name, each a map from setting name to its values. Comments (# ;) and blank lines
 * are skipped; a trailing backslash continues the line.
 * @param {string} text
 * @returns {Map<string, Map<string, string[]>>}
 */
export function parseUnit(text) {
	/** @type {Map<string, Map<string, string[]>>} */
	const sections = new Map();
	/** @type {Map<string, string[]> | undefined} */
	let current;
	const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
	for (const raw of lines) {
		const line = raw.trim();
		if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
		const section = /^\[(.+)\]$/.exec(line);
		if (section) {
			current = new Map();
			sections.set(section[1] ?? '', current);
			continue;
		}
		const at = line.indexOf('=');
		if (at === -1 || !current) throw new Error(`Riga non valida nel file di unità: ${line}`);
		const name = line.slice(0, at).trim();
		current.set(name, [...(current.get(name) ?? []), line.slice(at + 1).trim()]);
	}
	return sections;
}

/** @param {string} path */
export async function readUnit(path) {
	return parseUnit(await readFile(path, 'utf8'));
}
