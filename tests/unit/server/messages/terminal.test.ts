import { describe, expect, it } from 'vitest';
import { describeMessage } from '../../../../src/server/messages/report';
import type { StoredMessage } from '../../../../src/server/messages/store';
import { escapeForTerminal } from '../../../../src/lib/format/terminal';

/** What a visitor wrote can never drive the staff's terminal. */

/** Any character a terminal would act on rather than show. */
const ACTIVE =
	// eslint-disable-next-line no-control-regex
	/[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/;

describe('escapeForTerminal', () => {
	it.each([
		['clear screen', 'Mario\u001b[2J\u001b[H', 'Mario\\x1B[2J\\x1B[H'],
		['window title (OSC)', '\u001b]0;Hacked\u0007Mario', '\\x1B]0;Hacked\\x07Mario'],
		['C1 CSI and NEL', 'a\u009b2Jb\u0085c', 'a\\x9B2Jb\\x85c'],
		['lone carriage return', 'Mario\rFalso', 'Mario\\rFalso'],
		['line feed in a one-line field', 'Mario\nFalso', 'Mario\\nFalso'],
		['NUL, BEL, backspace, DEL', '\u0000\u0007\b\u007f', '\\x00\\x07\\x08\\x7F'],
		['bidi override and isolate', 'a\u202Eb\u2066c\u2069', 'a\\u202Eb\\u2066c\\u2069'],
		[
			'marks, separators, BOM',
			'\u200E\u200F\u061C\u2028\u2029\uFEFF',
			'\\u200E\\u200F\\u061C\\u2028\\u2029\\uFEFF',
		],
		['ordinary text', 'Zoë, caffè 😀 – «ciao»\tok', 'Zoë, caffè 😀 – «ciao»\tok'],
	])('%s', (_, text, expected) => {
		expect(escapeForTerminal(text)).toBe(expected);
		expect(escapeForTerminal(text)).not.toMatch(ACTIVE);
	});

	it.each([
		['keeps line feeds', 'uno\ndue', 'uno\ndue'],
		['keeps CR LF pairs', 'uno\r\ndue', 'uno\r\ndue'],
		['escapes a lone carriage return', 'uno\rdue\r', 'uno\\rdue\\r'],
		['escapes ESC between lines', 'uno\n\u001b[1Adue', 'uno\n\\x1B[1Adue'],
		['escapes form feed and vertical tab', 'a\fb\vc', 'a\\x0Cb\\x0Bc'],
	])('with lines: %s', (_, text, expected) => {
		expect(escapeForTerminal(text, { lines: true })).toBe(expected);
	});

	it('leaves no active character in any text', () => {
		let all = '';
		for (let code = 0; code <= 0x3000; code += 1) all += String.fromCharCode(code);
		expect(escapeForTerminal(all)).not.toMatch(ACTIVE);
		expect(escapeForTerminal(all, { lines: true }).replace(/\r?\n/g, '')).not.toMatch(ACTIVE);
	});
});

describe('npm run messages', () => {
	const hostile: StoredMessage = {
		id: 7,
		createdAt: '2026-03-03T13:05:00.000Z',
		name: '\u001b]0;Tutto ok\u0007Mario\u001b[2J',
		email: 'mario@example.it',
		phone: '011\r12345',
		message: 'Prima riga\rRiga falsa\n\u202Eotseb\u001b[31m rosso',
		spam: false,
		confirmationWithheld: false,
		clientAddress: '203.0.113.7\u001b[2J',
		delivery: 'smtp',
		emails: [
			{
				kind: 'admin',
				recipient: 'negozio@example.it',
				status: 'failed',
				attempts: 10,
				nextAttemptAt: null,
				sentAt: null,
				lastError: '550 no\r\n\u001b[2Jfalso',
			},
		],
	};

	it('prints every stored field with visible escapes', () => {
		const report = describeMessage(hostile);
		expect(report.replace(/\n/g, '')).not.toMatch(ACTIVE);
		expect(report).toContain('\\x1B]0;Tutto ok\\x07Mario\\x1B[2J <mario@example.it>');
		expect(report).toContain('tel. 011\\r12345');
		expect(report).toContain('  > Prima riga\\rRiga falsa\n  > \\u202Eotseb\\x1B[31m rosso');
		expect(report).toContain('ultimo errore: 550 no\\r\\n\\x1B[2Jfalso');
		expect(report).toContain('  Inviato da: 203.0.113.7\\x1B[2J');
	});
});
