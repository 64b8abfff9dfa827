import { describe, expect, it } from 'vitest';
import { importsOf, staticImportsOf, withModulePreloads } from '../../src/lib/build/module-preload';

describe('the static imports of a built chunk', () => {
	it.each([
		[
			'named, side-effect and namespace imports, as Rollup writes them',
			'import{s as w}from"./toasts.js";import"./index.js";import * as m from "./site.js";const a=1;',
			['./toasts.js', './index.js', './site.js'],
		],
		['no imports', 'const a=1;export{a as b};', []],
		['a dynamic import is not one', 'const a=()=>import("./prefetch.js");', []],
		[
			'reading stops at the first other statement',
			'import"./a.js";const s="import\\"./b.js\\"";import("./c.js");',
			['./a.js'],
		],
		[
			'single quotes and line breaks',
			"import { a } from './a.js';\nimport './b.js';\n",
			['./a.js', './b.js'],
		],
		['a default import', 'import React from"./react.js";', ['./react.js']],
	])('%s', (_case, code, imports) => {
		expect(staticImportsOf(code)).toEqual(imports);
	});
});

/** A build: address -> code. */
const BUILD: Record<string, string> = {
	'/_astro/page.js': 'import{a}from"./toasts.js";import"./consent.js";console.log(a);',
	'/_astro/toasts.js': 'import{n}from"./nanostores.js";export const a=n;',
	'/_astro/consent.js': 'import{n}from"./nanostores.js";import"./site.js";',
	'/_astro/nanostores.js': 'export const n=1;',
	'/_astro/site.js': 'export const s=1;',
	'/_astro/lonely.js': 'console.log(1);',
	'/_astro/broken.js': 'import"./missing.js";import"https://cdn.invalid/x.js";',
	'/_astro/loop-a.js': 'import"./loop-b.js";',
	'/_astro/loop-b.js': 'import"./loop-a.js";',
};
const read = (address: string) => BUILD[address] ?? null;

describe('every module a page script imports', () => {
	it.each([
		[
			'directly and through another, each once, in order',
			'/_astro/page.js',
			['/_astro/toasts.js', '/_astro/consent.js', '/_astro/nanostores.js', '/_astro/site.js'],
		],
		['none', '/_astro/lonely.js', []],
		['a file the build lacks, or another host, is left out', '/_astro/broken.js', []],
		['a cycle ends', '/_astro/loop-a.js', ['/_astro/loop-b.js']],
		['an entry the build lacks', '/_astro/nothing.js', []],
	])('%s', (_case, entry, imports) => {
		expect(importsOf(entry, read)).toEqual(imports);
	});
});

describe('a page with its module preloads', () => {
	const script = (src: string) => `<script type="module" src="${src}"></script>`;
	const link = (href: string) => `<link rel="modulepreload" href="${href}">`;
	it.each([
		[
			'a link before the script for each module it imports',
			`<body><p>x</p>${script('/_astro/page.js')}</body>`,
			`<body><p>x</p>${link('/_astro/toasts.js')}${link('/_astro/consent.js')}${link('/_astro/nanostores.js')}${link('/_astro/site.js')}${script('/_astro/page.js')}</body>`,
		],
		[
			'a page without module scripts is unchanged',
			'<body><p>x</p></body>',
			'<body><p>x</p></body>',
		],
		[
			'a script that imports nothing gets no link',
			script('/_astro/lonely.js'),
			script('/_astro/lonely.js'),
		],
		[
			'a module already preloaded, or met by an earlier script, is not preloaded again',
			`${link('/_astro/site.js')}${script('/_astro/consent.js')}${script('/_astro/toasts.js')}`,
			`${link('/_astro/site.js')}${link('/_astro/nanostores.js')}${script('/_astro/consent.js')}${script('/_astro/toasts.js')}`,
		],
	])('%s', (_case, html, expected) => {
		expect(withModulePreloads(html, read)).toBe(expected);
	});
});
