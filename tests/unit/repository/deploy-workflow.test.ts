import { describe, expect, it } from 'vitest';
import { buildScriptOf, readWorkflow, workflowProblems } from '../../helpers/workflow.mjs';

const root = new URL('../../..', import.meta.url).pathname;

describe('the deploy workflow (.github/workflows/deploy.yml)', () => {
	it('is valid: builds on every push to main, then deploys', async () => {
		expect(workflowProblems(await readWorkflow(root))).toEqual([]);
	});

	it('builds with the project’s own command, after installing', async () => {
		expect(buildScriptOf(await readWorkflow(root))).toBe('npm run build');
	});

	it('gives the CDN the Node server’s address and the shared secret before publishing', async () => {
		const workflow = (await readWorkflow(root)) as {
			jobs: { deploy: { steps: { run?: string; env?: Record<string, string> }[] } };
		};
		const steps = workflow.jobs.deploy.steps;
		const at = (pattern: RegExp) => steps.findIndex((step) => pattern.test(step.run ?? ''));
		const secrets = at(/wrangler pages secret put NODE_ORIGIN/);
		const deploy = at(/wrangler pages deploy dist\/client/);
		expect(secrets).toBeGreaterThan(-1);
		expect(deploy).toBeGreaterThan(secrets);
		const step = steps[secrets];
		expect(step?.run).toMatch(
			/printf '%s' "\$PROXY_SECRET" \| npx wrangler pages secret put PROXY_SECRET/,
		);
		expect(step?.env).toMatchObject({
			NODE_ORIGIN: '${{ vars.NODE_ORIGIN }}',
			PROXY_SECRET: '${{ secrets.PROXY_SECRET }}',
			CF_PAGES_PROJECT: '${{ vars.CF_PAGES_PROJECT }}',
		});
		// The wrangler of package.json (its workerd knows wrangler.toml's compatibility date), and
		// the repository's functions/ beside it.
		for (const index of [secrets, deploy]) expect(steps[index]?.run).not.toMatch(/wrangler@/);
		expect(at(/^npm ci\b/)).toBeGreaterThan(-1);
		expect(at(/^npm ci\b/)).toBeLessThan(secrets);
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
