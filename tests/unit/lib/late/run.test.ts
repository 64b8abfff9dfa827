import { describe, expect, it } from 'vitest';
import { runLateParts, type LatePart } from '../../../../src/lib/late/run';

/**
 * The page's late parts (src/lib/late/run.ts): only the parts a page needs are loaded, in their
 * order, each started in a task of its own, and one that fails does not stop the others.
 */

/** A recording environment: every yield and report goes into `log`. */
function recorder() {
	const log: string[] = [];
	return {
		log,
		environment: {
			yield: () => {
				log.push('yield');
				return Promise.resolve();
			},
			report: (name: string) => void log.push(`report ${name}`),
		},
	};
}

/** A part that logs its load and start; `fails` makes one of them throw. */
function part(
	log: string[],
	name: string,
	{ needed = true, fails }: { needed?: boolean; fails?: 'load' | 'start' } = {},
): LatePart {
	return {
		name,
		needed: () => needed,
		load: () => {
			log.push(`load ${name}`);
			if (fails === 'load') return Promise.reject(new Error('offline'));
			return Promise.resolve({
				start: () => {
					log.push(`start ${name}`);
					if (fails === 'start') throw new Error('broken');
				},
			});
		},
	};
}

describe('runLateParts', () => {
	it('loads and starts the needed parts in order, yielding before each load and each start', async () => {
		const { log, environment } = recorder();
		const started = await runLateParts([part(log, 'a'), part(log, 'b')], environment);
		expect(started).toEqual(['a', 'b']);
		expect(log).toEqual([
			'yield',
			'load a',
			'yield',
			'start a',
			'yield',
			'load b',
			'yield',
			'start b',
		]);
	});

	it.each([
		['not needed', { needed: false }, ['yield', 'yield', 'load c', 'yield', 'start c'], ['c']],
		[
			'failing to load',
			{ fails: 'load' },
			['yield', 'load b', 'report b', 'yield', 'load c', 'yield', 'start c'],
			['c'],
		],
		[
			'failing to start',
			{ fails: 'start' },
			['yield', 'load b', 'yield', 'start b', 'report b', 'yield', 'load c', 'yield', 'start c'],
			['c'],
		],
	] as const)('a part %s is skipped and the next one runs', async (_, options, expected, names) => {
		const { log, environment } = recorder();
		const started = await runLateParts([part(log, 'b', options), part(log, 'c')], environment);
		expect(log).toEqual(expected);
		expect(started).toEqual(names);
	});

	it('does nothing but yield for a page that needs no part', async () => {
		const { log, environment } = recorder();
		expect(await runLateParts([part(log, 'a', { needed: false })], environment)).toEqual([]);
		expect(log).toEqual(['yield']);
	});
});
