import { describe, expect, it } from 'vitest';
import { isBodyWrittenEntry, isUncertainFailure } from '../../../../src/server/core/mailer';

/** When a failed send may still have delivered the e-mail (never sent twice). */
describe('isUncertainFailure', () => {
	const timeout = Object.assign(new Error('Timeout'), { code: 'ETIMEDOUT', command: 'CONN' });
	const dropped = Object.assign(new Error('Connection closed unexpectedly'), {
		code: 'ECONNECTION',
	});
	const refused = Object.assign(new Error('Message failed: 451 busy'), {
		code: 'EMESSAGE',
		responseCode: 451,
	});
	const connectRefused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' });

	it.each([
		['a timeout after the message was written', timeout, true, true],
		['a dropped connection after the message was written', dropped, true, true],
		['an explicit refusal of the message (a reply code)', refused, true, false],
		['a timeout before the message was written', timeout, false, false],
		['a refused connection', connectRefused, false, false],
		['something that is not an error, after the message', 'boom', true, true],
		['null, before the message', null, false, false],
	])('%s -> %s', (_case, error, bodyWritten, uncertain) => {
		expect(isUncertainFailure(error, bodyWritten)).toBe(uncertain);
	});
});

describe('isBodyWrittenEntry', () => {
	it.each([
		[{ tnx: 'message', inByteCount: 10, outByteCount: 12 }, true],
		[{ tnx: 'message' }, false],
		[{ tnx: 'client', outByteCount: 12 }, false],
		[{ tnx: 'server' }, false],
		[undefined, false],
	])('%j -> %s', (fields, expected) => {
		expect(isBodyWrittenEntry(fields)).toBe(expected);
	});
});
