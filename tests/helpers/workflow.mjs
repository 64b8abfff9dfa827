// @ts-check
// The deploy workflow (.github/workflows/deploy.yml), read for the tests: its shape is checked
// (tests/unit/repository/deploy-workflow.test.ts), and its build steps build the browser tests' second site, which
// carries the files the editor saved (tests/e2e/helpers/shared-site.ts). No side effects.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';

export const WORKFLOW = '.github/workflows/deploy.yml';

/** The install step, which the tests skip: their copy of the project links the installed packages. */
const INSTALL = /^npm ci\b/;

/** @param {string} root */
export async function readWorkflow(root) {
	return /** @type {Record<string, any>} */ (
		parse(await readFile(path.join(root, WORKFLOW), 'utf8'))
	);
}

/**
 * What is wrong with a workflow, one line each; empty when it builds on every push to main, every
 * job has a runner and steps, every step either runs a command or uses an action pinned to a
 * version, and the deploy waits for the build.
 * @param {Record<string, any>} workflow
 * @returns {string[]}
 */
export function workflowProblems(workflow) {
	const problems = [];
	if (typeof workflow?.name !== 'string') problems.push('manca «name»');
	const branches = workflow?.on?.push?.branches;
	if (!Array.isArray(branches) || !branches.includes('main')) {
		problems.push('non parte a ogni push su main (on.push.branches)');
	}
	const jobs = workflow?.jobs;
	if (!jobs || typeof jobs !== 'object') return [...problems, 'manca «jobs»'];
	for (const [name, job] of Object.entries(jobs)) {
		if (typeof job?.['runs-on'] !== 'string') problems.push(`${name}: manca «runs-on»`);
		if (!Array.isArray(job?.steps) || job.steps.length === 0) {
			problems.push(`${name}: manca «steps»`);
			continue;
		}
		job.steps.forEach(
			(/** @type {Record<string, unknown>} */ step, /** @type {number} */ index) => {
				const where = `${name}, passo ${index + 1}`;
				const kinds = ['run', 'uses'].filter((key) => key in step);
				if (kinds.length !== 1) problems.push(`${where}: serve «run» oppure «uses»`);
				if (typeof step['uses'] === 'string' && !/^[\w.-]+\/[\w.-]+@[\w.-]+$/.test(step['uses'])) {
					problems.push(`${where}: l'azione «${step['uses']}» va fissata a una versione`);
				}
				if ('run' in step && typeof step['run'] !== 'string')
					problems.push(`${where}: «run» non è un testo`);
			},
		);
	}
	const build = jobs['build'];
	if (!build) problems.push('manca il job «build»');
	else if (!build.steps?.some((/** @type {{run?: unknown}} */ s) => s.run === 'npm run build')) {
		problems.push('il job «build» non esegue npm run build');
	}
	const needs = jobs['deploy']?.needs;
	if (!jobs['deploy']) problems.push('manca il job «deploy»');
	else if (needs !== 'build' && !(Array.isArray(needs) && needs.includes('build'))) {
		problems.push('«deploy» non aspetta «build» (needs)');
	}
	return problems;
}

/**
 * The build job's commands after the install, as one bash script, each with its step's
 * environment (GitHub's expressions left out: the tests have no repository variables).
 * @param {Record<string, any>} workflow
 */
export function buildScriptOf(workflow) {
	/** @type {{ run?: string, env?: Record<string, string> }[]} */
	const steps = workflow?.jobs?.build?.steps ?? [];
	return steps
		.filter((step) => typeof step.run === 'string' && !INSTALL.test(step.run))
		.map((step) => {
			const env = Object.entries(step.env ?? {})
				.filter(([, value]) => !String(value).includes('${{'))
				.map(([name, value]) => `export ${name}=${JSON.stringify(String(value))}`);
			return [...env, step.run].join('\n');
		})
		.join('\n');
}

/** @param {string} root */
export async function workflowBuildScript(root) {
	return buildScriptOf(await readWorkflow(root));
}
