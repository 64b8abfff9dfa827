import { describe, expect, it } from 'vitest';
import { buildScriptOf, readWorkflow, workflowProblems } from '../helpers/workflow.mjs';

const root = new URL('../..', import.meta.url).pathname;

describe('the deploy workflow (.github/workflows/deploy.yml)', () => {
	it('is valid: builds on every push to main, then deploys', async () => {
		expect(workflowProblems(await readWorkflow(root))).toEqual([]);
	});

	it('builds with the project’s own command, after installing', async () => {
		expect(buildScriptOf(await readWorkflow(root))).toBe('npm run build');
	});

	it.each([
		[
			{ name: 'x', on: { push: { branches: ['dev'] } }, jobs: {} },
			'non parte a ogni push su main (on.push.branches)',
		],
		[
			{
				name: 'x',
				on: { push: { branches: ['main'] } },
				jobs: { build: { 'runs-on': 'u', steps: [{ uses: 'actions/checkout' }] } },
			},
			"build, passo 1: l'azione «actions/checkout» va fissata a una versione",
		],
		[
			{
				name: 'x',
				on: { push: { branches: ['main'] } },
				jobs: { build: { 'runs-on': 'u', steps: [{ run: 'npm test' }] } },
			},
			'il job «build» non esegue npm run build',
		],
		[
			{
				name: 'x',
				on: { push: { branches: ['main'] } },
				jobs: {
					build: { 'runs-on': 'u', steps: [{ run: 'npm run build' }] },
					deploy: { 'runs-on': 'u', steps: [{ run: 'echo' }] },
				},
			},
			'«deploy» non aspetta «build» (needs)',
		],
	])('a broken workflow is reported (%#)', (workflow, problem) => {
		expect(workflowProblems(workflow)).toContain(problem);
	});
});
