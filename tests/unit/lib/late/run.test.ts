import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLateParts, type LatePart } from '../../../../src/lib/late/run';

/**
 * The page's late parts (src/lib/late/run.ts): only the parts a page needs are loaded, in their
 * order, each of their steps run in a task of its own after a yield, and one that fails does not
 * stop the others. Every late part's module gives the runner steps, so none can run its work in
 * one task.
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

/** A part of two steps that logs its load and steps; `fails` makes the load or a step throw. */
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
				steps: [
					() => {
						log.push(`start ${name}`);
						if (fails === 'start') throw new Error('broken');
					},
					() => void log.push(`then ${name}`),
				],
			});
		},
	};
}

describe('runLateParts', () => {
	it('loads the needed parts in order, yielding before each load and each step', async () => {
		const { log, environment } = recorder();
		const started = await runLateParts([part(log, 'a'), part(log, 'b')], environment);
		expect(started).toEqual(['a', 'b']);
		expect(log).toEqual([
			'yield',
			'load a',
			'yield',
			'start a',
			'yield',
			'then a',
			'yield',
			'load b',
			'yield',
			'start b',
			'yield',
			'then b',
		]);
	});

	it.each([
		[
			'not needed',
			{ needed: false },
			['yield', 'yield', 'load c', 'yield', 'start c', 'yield', 'then c'],
			['c'],
		],
		[
			'failing to load',
			{ fails: 'load' },
			['yield', 'load b', 'report b', 'yield', 'load c', 'yield', 'start c', 'yield', 'then c'],
			['c'],
		],
		[
			'failing in a step',
			{ fails: 'start' },
			[
				'yield',
				'load b',
				'yield',
				'start b',
				'report b',
				'yield',
				'load c',
				'yield',
				'start c',
				'yield',
				'then c',
			],
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

describe('every late part', () => {
	const SCRIPTS = join(import.meta.dirname, '../../../../src/scripts');
	const parts = readFileSync(join(SCRIPTS, 'late/parts.ts'), 'utf8');
	const modules = [...parts.matchAll(/import\('\.\.\/([\w-]+)'\)/g)].map(([, name]) => name);

	it('is found in the list of late parts', () => {
		expect(modules).toEqual(
			expect.arrayContaining(['live-stock', 'open-now', 'pickup-bar', 'prefetch', 'register-sw']),
		);
		// Every part loads a module of its own: none hands the runner work written in the list.
		expect(parts.match(/\bload: /g)).toHaveLength(modules.length);
	});

	it.each(modules)(
		'%s gives the runner its steps, which it runs one per task after a yield',
		(name) => {
			const source = readFileSync(join(SCRIPTS, `${name}.ts`), 'utf8');
			expect(source).toMatch(/^export const steps = \[[\w, ]+\];$/m);
			// No other way in: a start() would run all its work in the one task.
			expect(source).not.toMatch(/^export (async )?function /m);
		},
	);
});
