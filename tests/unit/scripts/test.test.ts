import { describe, expect, it } from 'vitest';
import { STAGES, runsOf } from '../../../scripts/test.mjs';

/** The names of each run's stages, as `npm test` makes them from the stages chosen. */
const runNames = (names: string[]) =>
	runsOf(STAGES.filter((stage) => names.includes(stage.name))).map((run) =>
		run.map((stage) => stage.name),
	);

describe('npm test: the stages and the runs they make', () => {
	it('runs the static checks side by side, unit and build alone, then the built group together', () => {
		expect(runNames(STAGES.map((stage) => stage.name))).toEqual([
			['format', 'lint', 'check'],
			['unit'],
			['build'],
			['server', 'e2e', 'cdn'],
		]);
	});

	it('runs a stage named alone as a run of its own', () => {
		expect(runNames(['cdn'])).toEqual([['cdn']]);
		expect(runNames(['unit', 'e2e'])).toEqual([['unit'], ['e2e']]);
	});

	it('lets a stage wait only for an earlier stage of its own group', () => {
		for (const [index, stage] of STAGES.entries()) {
			if (stage.after === undefined) continue;
			const before = STAGES.findIndex((other) => other.name === stage.after);
			expect(before, `${stage.name} after ${stage.after}`).toBeGreaterThanOrEqual(0);
			expect(before, `${stage.name} after ${stage.after}`).toBeLessThan(index);
			expect(STAGES[before]?.group, `${stage.name} after ${stage.after}`).toBe(stage.group);
		}
	});
});
