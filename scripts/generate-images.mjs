#!/usr/bin/env node
/**
 * Generates the illustrative pictures of the site (categories, shops, home, about, gallery, share
 * image, logo and favicon, and one pack shot for every product photo named in
 * content/products/) by composing SVG and rasterising it with sharp.
 *
 *   node scripts/generate-images.mjs           creates only the files that do not exist yet
 *   node scripts/generate-images.mjs --force   regenerates every file
 *
 * Only the sample catalogue is drawn: imported products show the neutral 'Foto in arrivo'
 * picture until an editor adds the real photo.
 *
 * By default an existing file is never overwritten, so the real photos that editors drop into
 * `content/` survive. Every picture has its own fixed random seed: a run with --force always
 * produces the same images.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { parse } from 'yaml';
import { importTypeScript } from './typescript.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FORCE = process.argv.includes('--force');
const QUALITY = 82;
const MAX_BYTES = 150 * 1024;

/** Site palette plus a few product colours. */
const C = {
	yellow: '#facc15',
	yellowDark: '#eab308',
	yellowSoft: '#fef9c3',
	night: '#18181b',
	nightSoft: '#27272a',
	grey700: '#3f3f46',
	grey600: '#52525b',
	grey500: '#71717a',
	grey400: '#a1a1aa',
	grey300: '#d4d4d8',
	grey200: '#e4e4e7',
	grey100: '#f4f4f5',
	white: '#ffffff',
	skin: '#e8b98f',
	skinDark: '#b9835a',
};

/** Colour schemes of the tubs, bottles and jars on the shelves (no real brand liveries). */
const STYLES = [
	{ body: '#18181b', lid: '#facc15', label: '#facc15', accent: '#27272a' },
	{ body: '#facc15', lid: '#18181b', label: '#ffffff', accent: '#18181b' },
	{ body: '#f8fafc', lid: '#dc2626', label: '#dc2626', accent: '#facc15' },
	{ body: '#1e3a8a', lid: '#f8fafc', label: '#f8fafc', accent: '#38bdf8' },
	{ body: '#7c2d12', lid: '#18181b', label: '#fde68a', accent: '#f97316' },
	{ body: '#f8fafc', lid: '#16a34a', label: '#16a34a', accent: '#bbf7d0' },
	{ body: '#27272a', lid: '#ef4444', label: '#f4f4f5', accent: '#ef4444' },
	{ body: '#6d28d9', lid: '#18181b', label: '#f5f3ff', accent: '#facc15' },
	{ body: '#0f766e', lid: '#f8fafc', label: '#ccfbf1', accent: '#facc15' },
	{ body: '#fb923c', lid: '#27272a', label: '#fff7ed', accent: '#27272a' },
	{ body: '#0ea5e9', lid: '#0f172a', label: '#f0f9ff', accent: '#facc15' },
];

const FONT = "DejaVu Sans, 'Liberation Sans', Arial, sans-serif";

// ---------------------------------------------------------------------------------------------
// SVG helpers

/** Rounds to one decimal, to keep the SVG short. */
const n = (value) => Math.round(value * 10) / 10;

/** Template tag for path data: numbers are rounded. */
const p = (strings, ...values) =>
	strings.reduce(
		(out, part, i) =>
			out +
			part +
			(i < values.length ? (typeof values[i] === 'number' ? n(values[i]) : values[i]) : ''),
		'',
	);

function el(tag, attrs, children) {
	const list = Object.entries(attrs)
		.filter(([, value]) => value !== undefined && value !== null && value !== false)
		.map(([key, value]) => `${key}="${typeof value === 'number' ? n(value) : value}"`)
		.join(' ');
	return children === undefined ? `<${tag} ${list}/>` : `<${tag} ${list}>${children}</${tag}>`;
}

const rect = (x, y, width, height, fill, extra = {}) =>
	el('rect', { x, y, width, height, fill, ...extra });
const circle = (cx, cy, r, fill, extra = {}) => el('circle', { cx, cy, r, fill, ...extra });
const ellipse = (cx, cy, rx, ry, fill, extra = {}) =>
	el('ellipse', { cx, cy, rx, ry, fill, ...extra });
const path_ = (d, fill, extra = {}) => el('path', { d, fill, ...extra });
const poly = (points, fill, extra = {}) =>
	el('polygon', { points: points.map(([x, y]) => `${n(x)},${n(y)}`).join(' '), fill, ...extra });
const group = (children, extra = {}) => el('g', extra, children.join(''));

/** Definitions (gradients, clips, filters) of the picture being drawn. */
let defs = [];
let idCounter = 0;

function gradientStops(stops) {
	return stops
		.map(
			([offset, color, opacity = 1]) =>
				`<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
		)
		.join('');
}

/** A linear gradient, top to bottom unless told otherwise; returns its url(). */
function lin(stops, x2 = 0, y2 = 1) {
	const id = `g${++idCounter}`;
	defs.push(
		`<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${gradientStops(stops)}</linearGradient>`,
	);
	return `url(#${id})`;
}

function rad(stops) {
	const id = `g${++idCounter}`;
	defs.push(`<radialGradient id="${id}">${gradientStops(stops)}</radialGradient>`);
	return `url(#${id})`;
}

function clip(shape) {
	const id = `c${++idCounter}`;
	defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
	return `url(#${id})`;
}

function blur(deviation) {
	const id = `f${++idCounter}`;
	defs.push(
		`<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`,
	);
	return `url(#${id})`;
}

/** Seeded random numbers (mulberry32), so that each picture is always drawn the same way. */
function random(seedText) {
	let seed = 2166136261;
	for (const char of seedText) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619);
	return () => {
		seed = (seed + 0x6d2b79f5) | 0;
		let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
const between = (rng, min, max) => min + rng() * (max - min);
const pick = (rng, items) => items[Math.floor(rng() * items.length)];

/** Whether a #rrggbb colour is dark; anything else (no colour at all) counts as light. */
function isDark(hex) {
	if (typeof hex !== 'string' || !/^#[0-9a-f]{6}$/i.test(hex)) return false;
	const value = parseInt(hex.slice(1), 16);
	const r = value >> 16;
	const g = (value >> 8) & 255;
	const b = value & 255;
	return 0.299 * r + 0.587 * g + 0.114 * b < 140;
}

// ---------------------------------------------------------------------------------------------
// Objects. Standing objects are placed by the centre of their base (cx, base).

function groundShadow(cx, base, w) {
	return ellipse(cx, base, w * 0.58, Math.max(3, w * 0.07), '#000', { opacity: 0.2 });
}

/** A tub of protein powder: lid, label with a coloured band and two lines of "text". */
function tub(cx, base, w, h, s) {
	const x = cx - w / 2;
	const y = base - h;
	const lidH = h * 0.15;
	const ink = isDark(s.label) ? '#f4f4f5' : '#3f3f46';
	return [
		groundShadow(cx, base, w),
		rect(x, y + lidH * 0.7, w, h - lidH * 0.7, s.body, { rx: w * 0.08 }),
		rect(x, y + h * 0.36, w, h * 0.38, s.label),
		rect(x, y + h * 0.36, w, h * 0.07, s.accent),
		rect(cx - w * 0.3, y + h * 0.5, w * 0.6, h * 0.06, ink, { rx: h * 0.03, opacity: 0.85 }),
		rect(cx - w * 0.2, y + h * 0.61, w * 0.4, h * 0.035, ink, { rx: h * 0.017, opacity: 0.5 }),
		rect(x - w * 0.03, y, w * 1.06, lidH, s.lid, { rx: w * 0.05 }),
		rect(x - w * 0.03, y + lidH * 0.72, w * 1.06, lidH * 0.28, '#000', { opacity: 0.15 }),
		rect(x + w * 0.1, y + lidH * 1.2, w * 0.08, h - lidH * 1.7, '#fff', {
			rx: w * 0.04,
			opacity: 0.2,
		}),
		rect(x + w * 0.8, y + lidH, w * 0.2, h - lidH - w * 0.08, '#000', { opacity: 0.1 }),
	].join('');
}

/** A supplement bottle with a ridged cap. */
function bottle(cx, base, w, h, s) {
	const capH = h * 0.18;
	const neckH = h * 0.05;
	const bodyH = h - capH - neckH;
	const top = base - h;
	const ink = isDark(s.label) ? '#f4f4f5' : '#3f3f46';
	const ridges = [];
	for (let i = 1; i < 8; i++) {
		const rx = cx - w * 0.38 + (w * 0.76 * i) / 8;
		ridges.push(
			rect(rx, top + capH * 0.15, Math.max(1, w * 0.015), capH * 0.7, '#000', { opacity: 0.18 }),
		);
	}
	return [
		groundShadow(cx, base, w),
		rect(cx - w / 2, base - bodyH, w, bodyH, s.body, { rx: w * 0.14 }),
		rect(cx - w * 0.35, base - bodyH - neckH, w * 0.7, neckH + w * 0.1, s.body),
		rect(cx - w * 0.38, top, w * 0.76, capH, s.lid, { rx: w * 0.06 }),
		...ridges,
		rect(cx - w / 2, base - bodyH * 0.78, w, bodyH * 0.5, s.label),
		rect(cx - w / 2, base - bodyH * 0.78, w, bodyH * 0.08, s.accent),
		rect(cx - w * 0.28, base - bodyH * 0.58, w * 0.56, bodyH * 0.06, ink, { rx: 2, opacity: 0.85 }),
		rect(cx - w * 0.18, base - bodyH * 0.47, w * 0.36, bodyH * 0.04, ink, { rx: 2, opacity: 0.5 }),
		rect(cx - w * 0.38, base - bodyH * 0.92, w * 0.08, bodyH * 0.84, '#fff', {
			rx: w * 0.04,
			opacity: 0.22,
		}),
	].join('');
}

/** A shaker bottle, translucent, partly filled. */
function shaker(cx, base, w, h, s) {
	const lidH = h * 0.2;
	const top = base - h + lidH;
	const bottomW = w * 0.84;
	const widthAt = (y) => bottomW + ((w - bottomW) * (base - y)) / (base - top);
	const body = p`M ${cx - w / 2} ${top} L ${cx + w / 2} ${top} L ${cx + bottomW / 2} ${base - w * 0.08} Q ${cx + bottomW / 2} ${base} ${cx + bottomW / 2 - w * 0.08} ${base} L ${cx - bottomW / 2 + w * 0.08} ${base} Q ${cx - bottomW / 2} ${base} ${cx - bottomW / 2} ${base - w * 0.08} Z`;
	const level = base - (base - top) * (s.level ?? 0.55);
	const lw = widthAt(level);
	const content = p`M ${cx - lw / 2} ${level} L ${cx + lw / 2} ${level} L ${cx + bottomW / 2} ${base - w * 0.08} Q ${cx + bottomW / 2} ${base} ${cx + bottomW / 2 - w * 0.08} ${base} L ${cx - bottomW / 2 + w * 0.08} ${base} Q ${cx - bottomW / 2} ${base} ${cx - bottomW / 2} ${base - w * 0.08} Z`;
	const ticks = [];
	for (let i = 1; i <= 5; i++) {
		const ty = base - ((base - top) * i) / 6.5;
		ticks.push(
			rect(
				cx + widthAt(ty) / 2 - w * 0.2,
				ty,
				w * (i % 2 ? 0.14 : 0.08),
				Math.max(1.5, h * 0.006),
				'#fff',
				{ opacity: 0.7 },
			),
		);
	}
	return [
		s.hanging ? '' : groundShadow(cx, base, w),
		path_(body, s.body, { opacity: 0.55 }),
		path_(content, s.content ?? '#78350f', { opacity: 0.9 }),
		...ticks,
		rect(cx - w * 0.34, top + h * 0.04, w * 0.07, (base - top) * 0.82, '#fff', {
			rx: w * 0.035,
			opacity: 0.35,
		}),
		rect(cx - w * 0.53, top - lidH * 0.5, w * 1.06, lidH * 0.55, s.lid, { rx: w * 0.06 }),
		path_(
			p`M ${cx - w * 0.46} ${top - lidH * 0.48} Q ${cx} ${top - lidH * 1.25} ${cx + w * 0.46} ${top - lidH * 0.48} Z`,
			s.lid,
		),
		rect(cx + w * 0.1, top - lidH * 1.1, w * 0.14, lidH * 0.35, s.cap ?? C.yellow, {
			rx: w * 0.04,
		}),
	].join('');
}

/** A dumbbell lying horizontally, centred on (cx, cy). */
function dumbbell(cx, cy, len, size, plate = C.night, ring = C.yellow) {
	const head = size * 0.42;
	return [
		ellipse(cx, cy + size * 0.52, len * 0.5, size * 0.08, '#000', { opacity: 0.18 }),
		rect(cx - len / 2 + head, cy - size * 0.08, len - head * 2, size * 0.16, '#a1a1aa', {
			rx: size * 0.05,
		}),
		rect(cx - len / 2 + head, cy - size * 0.07, len - head * 2, size * 0.04, '#fff', {
			opacity: 0.45,
		}),
		...[-1, 1].flatMap((side) => {
			const x = side < 0 ? cx - len / 2 : cx + len / 2 - head;
			const inner = side < 0 ? x + head - head * 0.2 : x;
			return [
				rect(x, cy - size / 2, head, size, plate, { rx: size * 0.1 }),
				rect(inner, cy - size * 0.4, head * 0.2, size * 0.8, ring, { rx: size * 0.04 }),
				rect(x + head * 0.15, cy - size * 0.44, head * 0.7, size * 0.1, '#fff', {
					rx: size * 0.05,
					opacity: 0.18,
				}),
			];
		}),
	].join('');
}

function kettlebell(cx, base, size, color, accent = C.yellow) {
	const r = size * 0.42;
	const cy = base - r;
	return [
		groundShadow(cx, base, size * 0.9),
		path_(
			p`M ${cx - r * 0.62} ${cy - r * 0.6} C ${cx - r * 0.75} ${cy - r * 2.05} ${cx + r * 0.75} ${cy - r * 2.05} ${cx + r * 0.62} ${cy - r * 0.6}`,
			'none',
			{ stroke: color, 'stroke-width': size * 0.13, 'stroke-linecap': 'round' },
		),
		circle(cx, cy, r, color),
		rect(cx - r * 0.6, base - size * 0.06, r * 1.2, size * 0.06, color),
		rect(cx - r * 0.5, cy - r * 0.05, r, r * 0.28, accent, { rx: r * 0.08 }),
		ellipse(cx - r * 0.4, cy - r * 0.42, r * 0.22, r * 0.12, '#fff', { opacity: 0.25 }),
	].join('');
}

/** A protein bar in its wrapper, centred on (cx, cy), optionally rotated. */
function proteinBar(cx, cy, w, h, s, angle = 0) {
	const crimp = h * 0.22;
	const lines = [];
	for (let i = 0; i < 5; i++) {
		const y = cy - h / 2 + (h * (i + 0.5)) / 5;
		lines.push(rect(cx - w / 2, y, crimp, Math.max(1, h * 0.04), '#000', { opacity: 0.2 }));
		lines.push(rect(cx + w / 2 - crimp, y, crimp, Math.max(1, h * 0.04), '#000', { opacity: 0.2 }));
	}
	return group(
		[
			ellipse(cx, cy + h * 0.6, w * 0.48, h * 0.14, '#000', { opacity: 0.15 }),
			rect(cx - w / 2, cy - h / 2, w, h, s.body, { rx: h * 0.08 }),
			poly(
				[
					[cx - w * 0.1, cy - h / 2],
					[cx + w * 0.12, cy - h / 2],
					[cx - w * 0.02, cy + h / 2],
					[cx - w * 0.24, cy + h / 2],
				],
				s.accent,
			),
			rect(cx + w * 0.08, cy - h * 0.22, w * 0.26, h * 0.44, s.label, { rx: h * 0.06 }),
			rect(cx - w / 2 + crimp, cy - h / 2, w - crimp * 2, h * 0.14, '#fff', { opacity: 0.2 }),
			...lines,
		],
		angle ? { transform: `rotate(${angle} ${n(cx)} ${n(cy)})` } : {},
	);
}

/** A two-colour capsule, centred on (cx, cy). */
function capsule(cx, cy, len, r, c1, c2, angle = 0) {
	return group(
		[
			rect(cx - len / 2, cy - r, len, r * 2, c2, { rx: r }),
			rect(cx - len / 2, cy - r, len / 2 + 0.5, r * 2, c1, { rx: r }),
			rect(cx - r, cy - r, r + 0.5, r * 2, c1),
			rect(cx - len / 2 + r * 0.6, cy - r * 0.6, len * 0.7, r * 0.35, '#fff', {
				rx: r * 0.2,
				opacity: 0.45,
			}),
		],
		{ transform: `rotate(${n(angle)} ${n(cx)} ${n(cy)})` },
	);
}

function softgel(cx, cy, rx, ry, angle = 0) {
	return group(
		[
			ellipse(cx, cy, rx, ry, '#f59e0b', { opacity: 0.9 }),
			ellipse(cx, cy, rx * 0.8, ry * 0.7, '#fcd34d', { opacity: 0.8 }),
			ellipse(cx - rx * 0.3, cy - ry * 0.35, rx * 0.35, ry * 0.2, '#fff', { opacity: 0.6 }),
		],
		{ transform: `rotate(${n(angle)} ${n(cx)} ${n(cy)})` },
	);
}

/** A drink can with a lightning mark. */
function can(cx, base, w, h, s) {
	const x = cx - w / 2;
	const top = base - h;
	return [
		groundShadow(cx, base, w),
		rect(x, top + w * 0.08, w, h - w * 0.12, s.body, { rx: w * 0.06 }),
		ellipse(cx, top + w * 0.1, w * 0.48, w * 0.1, '#d4d4d8'),
		ellipse(cx, top + w * 0.1, w * 0.38, w * 0.07, '#a1a1aa'),
		rect(x, base - w * 0.1, w, w * 0.06, '#a1a1aa'),
		rect(x, top + h * 0.3, w, h * 0.12, s.accent),
		bolt(cx, top + h * 0.62, w * 0.5, s.label),
		rect(x + w * 0.12, top + w * 0.2, w * 0.1, h - w * 0.4, '#fff', {
			rx: w * 0.05,
			opacity: 0.25,
		}),
	].join('');
}

function bolt(cx, cy, size, fill) {
	const s = size;
	return poly(
		[
			[cx + s * 0.12, cy - s * 0.6],
			[cx - s * 0.36, cy + s * 0.08],
			[cx - s * 0.02, cy + s * 0.08],
			[cx - s * 0.14, cy + s * 0.6],
			[cx + s * 0.36, cy - s * 0.1],
			[cx + s * 0.02, cy - s * 0.1],
		],
		fill,
	);
}

/** An energy gel sachet, centred on (cx, cy). */
function gel(cx, cy, w, h, s, angle = 0) {
	const lines = [];
	for (let i = 0; i < 6; i++) {
		lines.push(
			rect(cx - w / 2 + (w * (i + 0.5)) / 6, cy - h / 2, Math.max(1, w * 0.03), h * 0.1, '#000', {
				opacity: 0.2,
			}),
		);
	}
	return group(
		[
			ellipse(cx, cy + h * 0.56, w * 0.5, h * 0.08, '#000', { opacity: 0.15 }),
			rect(cx - w / 2, cy - h / 2, w, h, s.body, { rx: w * 0.08 }),
			rect(cx - w / 2, cy - h / 2, w, h * 0.12, '#000', { opacity: 0.15, rx: w * 0.08 }),
			...lines,
			rect(cx - w / 2, cy - h * 0.05, w, h * 0.2, s.accent),
			bolt(cx, cy + h * 0.28, w * 0.32, s.label),
		],
		angle ? { transform: `rotate(${angle} ${n(cx)} ${n(cy)})` } : {},
	);
}

/** A T-shirt hanging from a hanger; (cx, y) is the top of the collar. */
function tshirt(cx, y, s, color, stripe = C.yellow) {
	const shirt = p`M ${cx - s * 0.16} ${y} Q ${cx} ${y + s * 0.1} ${cx + s * 0.16} ${y} L ${cx + s * 0.48} ${y + s * 0.1} L ${cx + s * 0.6} ${y + s * 0.36} L ${cx + s * 0.42} ${y + s * 0.43} L ${cx + s * 0.34} ${y + s * 0.3} L ${cx + s * 0.34} ${y + s} L ${cx - s * 0.34} ${y + s} L ${cx - s * 0.34} ${y + s * 0.3} L ${cx - s * 0.42} ${y + s * 0.43} L ${cx - s * 0.6} ${y + s * 0.36} L ${cx - s * 0.48} ${y + s * 0.1} Z`;
	return [
		path_(
			p`M ${cx - s * 0.36} ${y + s * 0.06} L ${cx} ${y - s * 0.12} L ${cx + s * 0.36} ${y + s * 0.06}`,
			'none',
			{ stroke: '#a1a1aa', 'stroke-width': s * 0.025, 'stroke-linejoin': 'round' },
		),
		path_(
			p`M ${cx} ${y - s * 0.12} L ${cx} ${y - s * 0.2} Q ${cx} ${y - s * 0.28} ${cx + s * 0.06} ${y - s * 0.26}`,
			'none',
			{ stroke: '#a1a1aa', 'stroke-width': s * 0.02 },
		),
		path_(shirt, color),
		rect(cx - s * 0.34, y + s * 0.5, s * 0.68, s * 0.07, stripe),
		path_(p`M ${cx - s * 0.16} ${y} Q ${cx} ${y + s * 0.1} ${cx + s * 0.16} ${y}`, 'none', {
			stroke: stripe,
			'stroke-width': s * 0.025,
		}),
	].join('');
}

/** A cream tube standing on its cap. */
function tube(cx, base, w, h, s) {
	const capH = h * 0.16;
	const top = base - h;
	return [
		groundShadow(cx, base, w),
		rect(cx - w * 0.32, base - capH, w * 0.64, capH, s.lid, { rx: w * 0.06 }),
		path_(
			p`M ${cx - w * 0.36} ${base - capH} L ${cx - w / 2} ${top + h * 0.06} L ${cx + w / 2} ${top + h * 0.06} L ${cx + w * 0.36} ${base - capH} Z`,
			s.body,
		),
		rect(cx - w / 2 - w * 0.02, top, w * 1.04, h * 0.07, s.body),
		rect(cx - w / 2 - w * 0.02, top + h * 0.02, w * 1.04, h * 0.015, '#000', { opacity: 0.2 }),
		rect(cx - w * 0.3, top + h * 0.28, w * 0.6, h * 0.08, s.accent, { rx: 3 }),
		rect(cx - w * 0.22, top + h * 0.42, w * 0.44, h * 0.04, s.label, { rx: 2, opacity: 0.8 }),
	].join('');
}

function plant(cx, base, size) {
	const leaves = [];
	for (let i = 0; i < 7; i++) {
		const angle = -70 + i * 23;
		leaves.push(
			ellipse(cx, base - size * 0.62, size * 0.1, size * 0.34, i % 2 ? '#15803d' : '#22c55e', {
				transform: `rotate(${angle} ${n(cx)} ${n(base - size * 0.38)})`,
			}),
		);
	}
	return [
		...leaves,
		path_(
			p`M ${cx - size * 0.22} ${base - size * 0.36} L ${cx + size * 0.22} ${base - size * 0.36} L ${cx + size * 0.16} ${base} L ${cx - size * 0.16} ${base} Z`,
			C.nightSoft,
		),
		rect(cx - size * 0.22, base - size * 0.36, size * 0.44, size * 0.06, C.yellow),
	].join('');
}

function pine(cx, base, h, color) {
	return [
		rect(cx - h * 0.04, base - h * 0.15, h * 0.08, h * 0.15, '#78350f'),
		poly(
			[
				[cx, base - h],
				[cx - h * 0.22, base - h * 0.55],
				[cx + h * 0.22, base - h * 0.55],
			],
			color,
		),
		poly(
			[
				[cx, base - h * 0.78],
				[cx - h * 0.3, base - h * 0.3],
				[cx + h * 0.3, base - h * 0.3],
			],
			color,
		),
		poly(
			[
				[cx, base - h * 0.55],
				[cx - h * 0.36, base - h * 0.12],
				[cx + h * 0.36, base - h * 0.12],
			],
			color,
		),
	].join('');
}

function cloud(cx, cy, s, opacity = 0.85) {
	return group(
		[
			ellipse(cx, cy, s * 0.9, s * 0.28, '#fff'),
			circle(cx - s * 0.3, cy - s * 0.15, s * 0.3, '#fff'),
			circle(cx + s * 0.15, cy - s * 0.25, s * 0.38, '#fff'),
		],
		{ opacity },
	);
}

/** The brand mark: a dark rounded square with a yellow V. */
function mark(x, y, s, back = C.nightSoft, front = C.yellow) {
	return [
		rect(x, y, s, s, back, { rx: s * 0.2 }),
		poly(
			[
				[x + s * 0.2, y + s * 0.22],
				[x + s * 0.38, y + s * 0.22],
				[x + s * 0.5, y + s * 0.58],
				[x + s * 0.62, y + s * 0.22],
				[x + s * 0.8, y + s * 0.22],
				[x + s * 0.59, y + s * 0.8],
				[x + s * 0.41, y + s * 0.8],
			],
			front,
		),
	].join('');
}

/**
 * A person in a simple flat style (no face): (cx, base) is the bottom of the torso, h the height
 * from the top of the head to base.
 */
function person(cx, base, h, { shirt, skin = C.skin, hair = '#3f2a1d', back = false, collar }) {
	const headR = h * 0.11;
	const headCy = base - h + headR;
	const shoulder = headCy + headR * 1.75;
	const half = h * 0.2;
	const round = h * 0.09;
	const torso = p`M ${cx - half} ${base} L ${cx - half} ${shoulder + round} Q ${cx - half} ${shoulder} ${cx - half + round} ${shoulder} L ${cx + half - round} ${shoulder} Q ${cx + half} ${shoulder} ${cx + half} ${shoulder + round} L ${cx + half} ${base} Z`;
	const parts = [
		rect(cx - headR * 0.38, headCy + headR * 0.5, headR * 0.76, headR * 1.3, skin),
		path_(torso, shirt),
	];
	if (back) {
		parts.push(circle(cx, headCy, headR, hair));
		parts.push(rect(cx - half, shoulder + round, half * 2, h * 0.03, '#000', { opacity: 0.12 }));
	} else {
		parts.push(circle(cx, headCy, headR, skin));
		parts.push(
			path_(
				p`M ${cx - headR * 1.05} ${headCy + headR * 0.05} A ${headR * 1.05} ${headR * 1.05} 0 0 1 ${cx + headR * 1.05} ${headCy + headR * 0.05} Q ${cx + headR * 0.2} ${headCy - headR * 0.55} ${cx - headR * 1.05} ${headCy + headR * 0.05} Z`,
				hair,
			),
		);
		parts.push(
			path_(
				p`M ${cx - headR * 0.55} ${shoulder} L ${cx} ${shoulder + headR * 0.8} L ${cx + headR * 0.55} ${shoulder} Z`,
				collar ?? skin,
			),
		);
	}
	return parts.join('');
}

/** A ridge line from (0, y) to (w, y) through `points`, filled down to `bottom`. */
function ridge(points, bottom, fill) {
	const first = points[0];
	const last = points[points.length - 1];
	return path_(
		`M ${n(first[0])} ${n(bottom)} ` +
			points.map(([x, y]) => `L ${n(x)} ${n(y)}`).join(' ') +
			` L ${n(last[0])} ${n(bottom)} Z`,
		fill,
	);
}

/** Snow on every peak of a ridge line. */
function snowCaps(points, fill, depth = 0.32) {
	const caps = [];
	for (let i = 1; i < points.length - 1; i++) {
		const [px, py] = points[i];
		const [lx, ly] = points[i - 1];
		const [rx, ry] = points[i + 1];
		if (!(py < ly && py < ry)) continue;
		const a = [px + (lx - px) * depth, py + (ly - py) * depth];
		const b = [px + (rx - px) * depth, py + (ry - py) * depth];
		const at = (t, dy) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t + dy];
		caps.push(poly([[px, py], a, at(0.25, 14), at(0.45, 2), at(0.65, 16), at(0.82, 4), b], fill));
	}
	return caps.join('');
}

/** Scattered confetti: small shapes in the palette, for the still lifes. */
function confetti(rng, count, area, colors) {
	const out = [];
	for (let i = 0; i < count; i++) {
		const x = between(rng, area[0], area[2]);
		const y = between(rng, area[1], area[3]);
		const color = pick(rng, colors);
		const size = between(rng, 6, 14);
		if (rng() < 0.5) out.push(circle(x, y, size / 2, color, { opacity: 0.7 }));
		else
			out.push(
				rect(x, y, size * 1.8, size * 0.5, color, {
					rx: size * 0.25,
					opacity: 0.7,
					transform: `rotate(${n(between(rng, 0, 180))} ${n(x)} ${n(y)})`,
				}),
			);
	}
	return out.join('');
}

// ---------------------------------------------------------------------------------------------
// Furniture

/** A shelving unit filled with tubs, bottles and jars. */
function shelfUnit(rng, x, y, w, h, options = {}) {
	const {
		rows = 4,
		back = C.nightSoft,
		plank = '#d6d3d1',
		tags = false,
		frame = C.grey700,
	} = options;
	const out = [rect(x, y, w, h, back)];
	const rowH = h / rows;
	const plankH = Math.max(4, rowH * 0.07);
	for (let r = 0; r < rows; r++) {
		const base = y + rowH * (r + 1) - plankH;
		const items = [];
		let used = 0;
		const gap = rowH * 0.05;
		for (;;) {
			const kind = rng() < 0.22 ? 'bottle' : rng() < 0.2 ? 'jar' : 'tub';
			let ih = rowH * between(rng, 0.58, 0.8);
			let iw = ih * between(rng, 0.66, 0.86);
			if (kind === 'bottle') iw = ih * 0.5;
			if (kind === 'jar') {
				ih *= 0.7;
				iw = ih * 1.05;
			}
			if (used + iw + gap > w - gap * 2) break;
			items.push({ kind, iw, ih, style: pick(rng, STYLES) });
			used += iw + gap;
		}
		let cx = x + (w - used + gap) / 2;
		for (const item of items) {
			const centre = cx + item.iw / 2;
			out.push(
				item.kind === 'bottle'
					? bottle(centre, base, item.iw, item.ih, item.style)
					: tub(centre, base, item.iw, item.ih, item.style),
			);
			cx += item.iw + gap;
		}
		out.push(rect(x, base, w, plankH, plank));
		out.push(rect(x, base + plankH * 0.7, w, plankH * 0.3, '#000', { opacity: 0.2 }));
		if (tags) {
			for (let tx = x + w * 0.06; tx < x + w - 40; tx += w / Math.max(3, Math.round(w / 160))) {
				out.push(
					rect(
						tx,
						base + plankH * 0.15,
						Math.max(18, rowH * 0.16),
						plankH * 0.7 + rowH * 0.04,
						C.yellow,
						{ rx: 2 },
					),
				);
			}
		}
	}
	out.push(rect(x - 6, y - 6, w + 12, 10, frame, { rx: 3 }));
	out.push(rect(x - 6, y - 6, 10, h + 6, frame));
	out.push(rect(x + w - 4, y - 6, 10, h + 6, frame));
	return out.join('');
}

/** The shop counter: light top, dark front with a yellow band. */
function counter(x, top, w, h, rng, extras = true) {
	const out = [
		rect(x, top, w, h * 0.1, '#e7e5e4', { rx: 4 }),
		rect(x + 8, top + h * 0.1, w - 16, h * 0.9, C.nightSoft),
		rect(x + 8, top + h * 0.32, w - 16, h * 0.09, C.yellow),
		rect(x + 8, top + h * 0.1, w - 16, h * 0.05, '#000', { opacity: 0.25 }),
		rect(x + w * 0.06, top + h * 0.5, w * 0.88, h * 0.005 + 2, '#fff', { opacity: 0.06 }),
	];
	if (extras) {
		// Till screen on its stand.
		out.push(rect(x + w * 0.1 + 28, top - 34, 12, 34, C.grey600));
		out.push(rect(x + w * 0.1, top - 110, 72, 78, C.night, { rx: 6 }));
		out.push(rect(x + w * 0.1 + 6, top - 104, 60, 60, '#38bdf8', { rx: 3, opacity: 0.55 }));
		out.push(rect(x + w * 0.1 + 12, top - 96, 30, 8, '#fff', { opacity: 0.7 }));
		out.push(plant(x + w * 0.88, top, 110));
		out.push(tub(x + w * 0.58, top, 58, 74, pick(rng, STYLES)));
		out.push(tub(x + w * 0.66, top, 52, 66, pick(rng, STYLES)));
	}
	return out.join('');
}

function pendantLamps(xs, ceiling, floor, glow = 0.07) {
	return xs
		.map((x) =>
			[
				poly(
					[
						[x - 24, ceiling + 72],
						[x + 24, ceiling + 72],
						[x + 160, floor],
						[x - 160, floor],
					],
					'#fff',
					{ opacity: glow },
				),
				rect(x - 1.5, ceiling, 3, 50, C.grey500),
				path_(
					p`M ${x - 30} ${ceiling + 74} Q ${x} ${ceiling + 30} ${x + 30} ${ceiling + 74} Z`,
					C.yellow,
				),
				ellipse(x, ceiling + 74, 30, 5, '#fef08a'),
			].join(''),
		)
		.join('');
}

function floor(top, bottom, w, c1, c2) {
	const lines = [];
	const vx = w / 2;
	for (let i = -9; i <= 9; i++) {
		lines.push(
			el('line', {
				x1: vx + i * 70,
				y1: top,
				x2: vx + i * 300,
				y2: bottom,
				stroke: '#000',
				'stroke-width': 1.5,
				opacity: 0.08,
			}),
		);
	}
	for (const t of [0.16, 0.38, 0.68]) {
		const y = top + (bottom - top) * t;
		lines.push(
			el('line', {
				x1: 0,
				y1: y,
				x2: w,
				y2: y,
				stroke: '#000',
				'stroke-width': 1.5,
				opacity: 0.07,
			}),
		);
	}
	return (
		rect(
			0,
			top,
			w,
			bottom - top,
			lin([
				[0, c1],
				[1, c2],
			]),
		) + lines.join('')
	);
}

/** Shop palette: Torino bright, warm white with yellow; Aosta wood and stone. */
function shopLook(shop) {
	return shop === 'aosta'
		? {
				wall: '#efe3cf',
				wall2: '#e2cfb0',
				floor1: '#a16207',
				floor2: '#713f12',
				back: '#3f2d1d',
				plank: '#e7d3b3',
				shirt: C.yellow,
			}
		: {
				wall: '#f5f5f4',
				wall2: '#e7e5e4',
				floor1: '#d6d3d1',
				floor2: '#a8a29e',
				back: C.nightSoft,
				plank: '#e4e4e7',
				shirt: C.yellow,
			};
}

/** The view through a window or behind a building: Alps for Aosta, hills for Torino. */
function landscape(shop, x, y, w, h, dusk = false) {
	const sx = (t) => x + w * t;
	const sy = (t) => y + h * t;
	const out = [];
	if (shop === 'aosta') {
		const far = [
			[sx(0), sy(0.42)],
			[sx(0.1), sy(0.3)],
			[sx(0.2), sy(0.36)],
			[sx(0.32), sy(0.16)],
			[sx(0.4), sy(0.26)],
			[sx(0.48), sy(0.21)],
			[sx(0.58), sy(0.08)],
			[sx(0.69), sy(0.24)],
			[sx(0.78), sy(0.18)],
			[sx(0.89), sy(0.3)],
			[sx(1), sy(0.22)],
		];
		out.push(ridge(far, sy(1), dusk ? '#7e22ce' : '#94a3b8'));
		out.push(snowCaps(far, dusk ? '#fbcfe8' : '#f8fafc', 0.36));
		const near = [
			[sx(0), sy(0.55)],
			[sx(0.14), sy(0.46)],
			[sx(0.26), sy(0.54)],
			[sx(0.4), sy(0.48)],
			[sx(0.54), sy(0.57)],
			[sx(0.68), sy(0.47)],
			[sx(0.82), sy(0.55)],
			[sx(1), sy(0.49)],
		];
		out.push(ridge(near, sy(1), dusk ? '#4c1d95' : '#64748b'));
		out.push(snowCaps(near, dusk ? '#f5d0fe' : '#e2e8f0', 0.2));
		const forest = [
			[sx(0), sy(0.7)],
			[sx(0.2), sy(0.64)],
			[sx(0.45), sy(0.7)],
			[sx(0.7), sy(0.63)],
			[sx(1), sy(0.69)],
		];
		out.push(ridge(forest, sy(1), dusk ? '#1e1b4b' : '#166534'));
	} else {
		const far = [
			[sx(0), sy(0.4)],
			[sx(0.14), sy(0.33)],
			[sx(0.26), sy(0.26)],
			[sx(0.35), sy(0.17)],
			[sx(0.44), sy(0.24)],
			[sx(0.55), sy(0.33)],
			[sx(0.7), sy(0.29)],
			[sx(0.84), sy(0.36)],
			[sx(1), sy(0.32)],
		];
		out.push(ridge(far, sy(1), dusk ? '#6d28d9' : '#94a3b8'));
		// The abbey on the mountain top, as seen from the Susa valley.
		const ax = sx(0.35);
		const ay = sy(0.17);
		const abbey = dusk ? '#3b0764' : '#475569';
		out.push(rect(ax - w * 0.025, ay - h * 0.03, w * 0.05, h * 0.035, abbey));
		out.push(rect(ax + w * 0.012, ay - h * 0.055, w * 0.012, h * 0.03, abbey));
		const hills = [
			[sx(0), sy(0.58)],
			[sx(0.18), sy(0.5)],
			[sx(0.36), sy(0.56)],
			[sx(0.55), sy(0.48)],
			[sx(0.76), sy(0.55)],
			[sx(1), sy(0.5)],
		];
		out.push(ridge(hills, sy(1), dusk ? '#312e81' : '#4d7c0f'));
		const near = [
			[sx(0), sy(0.7)],
			[sx(0.3), sy(0.64)],
			[sx(0.6), sy(0.7)],
			[sx(1), sy(0.63)],
		];
		out.push(ridge(near, sy(1), dusk ? '#1e1b4b' : '#65a30d'));
	}
	return out.join('');
}

// ---------------------------------------------------------------------------------------------
// Scenes. 4:3 scenes are drawn on a 1200 x 900 canvas and scaled to the output size.

const W = 1200;
const H = 900;

function studio(bg1, bg2, table1, table2, disc, discOpacity = 1) {
	return [
		rect(
			0,
			0,
			W,
			H,
			lin([
				[0, bg1],
				[1, bg2],
			]),
		),
		disc ? circle(600, 400, 320, disc, { opacity: discOpacity }) : '',
		rect(
			0,
			660,
			W,
			240,
			lin([
				[0, table1],
				[1, table2],
			]),
		),
		rect(0, 660, W, 5, '#fff', { opacity: 0.4 }),
	].join('');
}

function scoop(cx, cy, s, powder = '#fde68a') {
	return [
		rect(cx + s * 0.35, cy - s * 0.06, s * 0.9, s * 0.12, C.white, {
			rx: s * 0.06,
			transform: `rotate(-12 ${n(cx)} ${n(cy)})`,
		}),
		path_(
			p`M ${cx - s * 0.45} ${cy - s * 0.05} A ${s * 0.45} ${s * 0.4} 0 0 0 ${cx + s * 0.45} ${cy - s * 0.05} Z`,
			C.white,
		),
		ellipse(cx, cy - s * 0.07, s * 0.46, s * 0.1, '#e4e4e7'),
		path_(
			p`M ${cx - s * 0.42} ${cy - s * 0.08} Q ${cx} ${cy - s * 0.55} ${cx + s * 0.42} ${cy - s * 0.08} Z`,
			powder,
		),
	].join('');
}

const categoryScenes = {
	proteine(rng) {
		return [
			studio('#fef9c3', '#fde68a', '#f5f5f4', '#e7e5e4', C.yellow),
			confetti(rng, 18, [60, 60, 1140, 600], ['#f59e0b', '#27272a', '#fff']),
			tub(480, 690, 260, 350, STYLES[0]),
			tub(740, 705, 210, 280, STYLES[4]),
			tub(290, 730, 170, 220, STYLES[2]),
			shaker(950, 745, 130, 320, {
				body: '#e4e4e7',
				lid: C.night,
				content: '#92400e',
				cap: C.yellow,
			}),
			ellipse(600, 818, 110, 18, '#fde68a'),
			scoop(560, 812, 120),
		].join('');
	},
	'aminoacidi-e-creatina'(rng) {
		const hexes = [];
		for (const [hx, hy] of [
			[190, 170],
			[262, 212],
			[262, 296],
			[1000, 160],
			[1072, 202],
		]) {
			const pts = [];
			for (let i = 0; i < 6; i++)
				pts.push([hx + 44 * Math.cos((Math.PI / 3) * i), hy + 44 * Math.sin((Math.PI / 3) * i)]);
			hexes.push(poly(pts, 'none', { stroke: '#0284c7', 'stroke-width': 6, opacity: 0.35 }));
		}
		const caps = [];
		for (let i = 0; i < 12; i++) {
			const colours = pick(rng, [
				['#0ea5e9', '#fff'],
				[C.yellow, '#fff'],
				['#f43f5e', '#fef2f2'],
			]);
			caps.push(
				capsule(
					between(rng, 180, 1020),
					between(rng, 770, 860),
					64,
					15,
					colours[0],
					colours[1],
					between(rng, -60, 60),
				),
			);
		}
		return [
			studio('#e0f2fe', '#bae6fd', '#f8fafc', '#e2e8f0', '#7dd3fc', 0.7),
			...hexes,
			tub(420, 700, 240, 300, {
				body: '#f8fafc',
				lid: '#0ea5e9',
				label: '#0ea5e9',
				accent: C.yellow,
			}),
			bottle(670, 705, 150, 270, {
				body: '#f8fafc',
				lid: C.night,
				label: C.yellow,
				accent: C.nightSoft,
			}),
			tub(880, 715, 190, 240, STYLES[7]),
			scoop(260, 790, 110, '#ffffff'),
			...caps,
		].join('');
	},
	'alimenti-fit'(rng) {
		const flakes = [];
		for (let i = 0; i < 26; i++) {
			flakes.push(
				ellipse(
					between(rng, 545, 735),
					between(rng, 598, 632),
					between(rng, 8, 13),
					between(rng, 4, 7),
					pick(rng, ['#d6b370', '#e9cf97', '#c89b52']),
				),
			);
		}
		const almonds = [];
		for (let i = 0; i < 7; i++) {
			const ax = between(rng, 120, 1100);
			const ay = between(rng, 800, 870);
			almonds.push(
				ellipse(ax, ay, 17, 10, '#a16207', {
					transform: `rotate(${n(between(rng, -40, 40))} ${n(ax)} ${n(ay)})`,
				}),
			);
		}
		return [
			studio('#ffedd5', '#fed7aa', '#fafaf9', '#e7e5e4', '#fdba74', 0.8),
			confetti(rng, 14, [60, 60, 1140, 560], ['#fb923c', '#fff', C.yellow]),
			tub(300, 700, 220, 190, {
				body: '#78350f',
				lid: C.yellow,
				label: '#fef3c7',
				accent: '#f97316',
			}),
			path_(p`M 520 620 A 120 95 0 0 0 760 620 Z`, C.white),
			rect(520, 612, 240, 14, C.yellow, { rx: 7 }),
			...flakes,
			proteinBar(950, 585, 300, 66, STYLES[0], 0),
			proteinBar(950, 650, 300, 66, STYLES[2], 0),
			proteinBar(950, 715, 300, 66, { body: '#16a34a', accent: '#bbf7d0', label: '#fff' }, 0),
			rect(500, 790, 170, 52, '#7c2d12', { rx: 10 }),
			rect(512, 798, 146, 12, '#a16207', { rx: 6, opacity: 0.7 }),
			proteinBar(740, 815, 260, 60, { body: C.yellow, accent: C.night, label: C.white }, -8),
			...almonds,
		].join('');
	},
	supplementi(rng) {
		const gels = [];
		for (let i = 0; i < 9; i++)
			gels.push(
				softgel(between(rng, 140, 560), between(rng, 790, 860), 24, 14, between(rng, 0, 180)),
			);
		const tablets = [];
		for (let i = 0; i < 6; i++) {
			const tx = between(rng, 600, 780);
			const ty = between(rng, 800, 860);
			tablets.push(ellipse(tx, ty, 18, 12, '#fff'), ellipse(tx, ty - 2, 14, 7, '#e5e7eb'));
		}
		const segments = [];
		for (let i = 0; i < 10; i++) {
			const a = (Math.PI * 2 * i) / 10;
			segments.push(
				el('line', {
					x1: 950,
					y1: 790,
					x2: 950 + 92 * Math.cos(a),
					y2: 790 + 92 * Math.sin(a) * 0.55,
					stroke: '#fff7ed',
					'stroke-width': 5,
				}),
			);
		}
		return [
			studio('#dcfce7', '#bbf7d0', '#f8fafc', '#e2e8f0', '#86efac', 0.8),
			confetti(rng, 14, [60, 60, 1140, 560], ['#f97316', '#16a34a', '#fff']),
			bottle(380, 700, 170, 300, {
				body: '#f97316',
				lid: '#f8fafc',
				label: '#fff7ed',
				accent: C.yellow,
			}),
			bottle(600, 690, 150, 250, {
				body: '#15803d',
				lid: C.night,
				label: '#f0fdf4',
				accent: C.yellow,
			}),
			tub(820, 712, 200, 230, {
				body: '#fbbf24',
				lid: '#f8fafc',
				label: C.nightSoft,
				accent: '#f97316',
			}),
			...gels,
			...tablets,
			ellipse(950, 790, 110, 62, '#f97316'),
			ellipse(950, 790, 98, 54, '#fdba74'),
			...segments,
			circle(950, 790, 9, '#fff7ed'),
		].join('');
	},
	dimagranti(rng) {
		const caps = [];
		for (let i = 0; i < 6; i++)
			caps.push(
				capsule(
					between(rng, 230, 520),
					between(rng, 780, 820),
					56,
					13,
					'#16a34a',
					'#f0fdf4',
					between(rng, -50, 50),
				),
			);
		const tape = 'M 90 850 C 360 720 640 900 1120 770';
		return [
			studio('#ccfbf1', '#99f6e4', '#f8fafc', '#e2e8f0', '#5eead4', 0.75),
			confetti(rng, 14, [60, 60, 1140, 560], ['#0d9488', '#fff', C.yellow]),
			bottle(430, 700, 160, 300, {
				body: '#0f766e',
				lid: '#f8fafc',
				label: '#ccfbf1',
				accent: C.yellow,
			}),
			tub(680, 710, 210, 250, {
				body: '#f8fafc',
				lid: '#0d9488',
				label: '#0d9488',
				accent: C.yellow,
			}),
			ellipse(900, 700, 78, 72, '#65a30d'),
			ellipse(878, 686, 28, 18, '#fff', { opacity: 0.25 }),
			rect(897, 612, 6, 28, '#78350f', { rx: 3 }),
			ellipse(930, 620, 30, 13, '#22c55e', { transform: 'rotate(-25 930 620)' }),
			...caps,
			path_(tape, 'none', { stroke: C.yellow, 'stroke-width': 40, 'stroke-linecap': 'round' }),
			path_(tape, 'none', {
				stroke: C.nightSoft,
				'stroke-width': 14,
				'stroke-dasharray': '3 16',
				transform: 'translate(0 -12)',
			}),
			circle(1120, 770, 58, C.nightSoft),
			circle(1120, 770, 22, C.yellow),
		].join('');
	},
	'pre-workout-energetici'(rng) {
		const glow = rad([
			[0, C.yellow, 0.55],
			[1, C.yellow, 0],
		]);
		return [
			studio('#27272a', '#18181b', '#3f3f46', '#27272a', null),
			circle(600, 420, 420, glow),
			bolt(600, 360, 520, C.yellow),
			confetti(rng, 16, [60, 60, 1140, 560], [C.yellow, '#f97316', '#fff']),
			tub(390, 700, 250, 310, { body: '#dc2626', lid: C.night, label: C.night, accent: C.yellow }),
			can(650, 715, 100, 210, { body: C.night, accent: C.yellow, label: C.yellow }),
			can(780, 722, 100, 210, { body: '#2563eb', accent: C.white, label: C.yellow }),
			shaker(960, 740, 130, 310, {
				body: '#71717a',
				lid: C.yellow,
				content: '#ec4899',
				cap: C.night,
				level: 0.62,
			}),
			gel(320, 820, 90, 140, { body: '#f97316', accent: C.white, label: C.night }, -70),
			gel(520, 830, 90, 140, { body: C.yellow, accent: C.night, label: C.night }, -100),
			gel(700, 820, 90, 140, { body: '#ef4444', accent: C.white, label: C.yellow }, -80),
		].join('');
	},
	'merchandising-e-cosmetici'(rng) {
		const towels = [
			{ color: C.yellow, stripe: C.nightSoft },
			{ color: '#3f3f46', stripe: C.yellow },
			{ color: '#f4f4f5', stripe: '#0ea5e9' },
		];
		return [
			studio('#f4f4f5', '#e4e4e7', '#fafaf9', '#d4d4d8', C.yellow, 0.55),
			confetti(rng, 12, [60, 60, 1140, 560], [C.yellow, C.nightSoft, '#fff']),
			tshirt(360, 170, 400, C.nightSoft),
			...towels.map((t, i) =>
				[
					rect(650, 650 - i * 52, 250, 50, t.color, { rx: 14 }),
					rect(650, 664 - i * 52, 250, 10, t.stripe),
				].join(''),
			),
			shaker(560, 750, 130, 300, {
				body: C.yellow,
				lid: C.nightSoft,
				content: '#fafaf9',
				cap: C.yellow,
				level: 0.15,
			}),
			tube(980, 745, 110, 260, {
				body: '#f8fafc',
				lid: C.nightSoft,
				accent: C.yellow,
				label: C.grey500,
			}),
			tube(1080, 755, 80, 190, {
				body: '#fde68a',
				lid: C.white,
				accent: '#f97316',
				label: C.grey500,
			}),
			path_('M 170 800 Q 260 730 360 800 Z', C.night),
			rect(150, 800, 240, 70, C.night, { rx: 22 }),
			rect(150, 816, 240, 10, C.yellow),
		].join('');
	},
};

function interiorOverview(rng, shop) {
	const look = shopLook(shop);
	const out = [
		rect(
			0,
			0,
			W,
			660,
			lin([
				[0, look.wall],
				[1, look.wall2],
			]),
		),
		floor(660, H, W, look.floor1, look.floor2),
		shelfUnit(rng, 40, 150, 360, 480, { rows: 4, back: look.back, plank: look.plank, tags: true }),
		shelfUnit(rng, 800, 150, 360, 480, { rows: 4, back: look.back, plank: look.plank, tags: true }),
	];
	if (shop === 'aosta') {
		out.push(
			rect(
				440,
				140,
				320,
				400,
				lin([
					[0, '#7dd3fc'],
					[1, '#e0f2fe'],
				]),
			),
		);
		out.push(landscape('aosta', 440, 140, 320, 400));
		out.push(rect(440, 140, 320, 400, 'none', { stroke: '#78350f', 'stroke-width': 14 }));
		out.push(rect(596, 140, 8, 400, '#78350f'));
		out.push(
			poly(
				[
					[470, 160],
					[540, 160],
					[460, 300],
					[450, 300],
				],
				'#fff',
				{ opacity: 0.25 },
			),
		);
	} else {
		out.push(rect(450, 150, 300, 380, C.yellow, { rx: 10 }));
		out.push(mark(530, 230, 140));
		out.push(rect(490, 420, 220, 16, C.nightSoft, { rx: 8 }));
		out.push(rect(530, 452, 140, 12, C.nightSoft, { rx: 6, opacity: 0.6 }));
	}
	out.push(rect(0, 0, W, 70, C.night));
	out.push(pendantLamps([260, 600, 940], 70, 660));
	out.push(counter(300, 600, 600, 210, rng));
	return out.join('');
}

function shelfCloseup(rng, shop) {
	const look = shopLook(shop);
	return [
		rect(0, 0, W, H, look.wall2),
		shelfUnit(rng, 30, 30, 1140, 840, { rows: 3, back: look.back, plank: look.plank, tags: true }),
		rect(
			0,
			0,
			W,
			H,
			lin([
				[0, '#fff', 0.08],
				[0.5, '#fff', 0],
				[1, '#000', 0.12],
			]),
		),
	].join('');
}

function consultation(rng, shop) {
	const look = shopLook(shop);
	return [
		rect(
			0,
			0,
			W,
			640,
			lin([
				[0, look.wall],
				[1, look.wall2],
			]),
		),
		floor(640, H, W, look.floor1, look.floor2),
		shelfUnit(rng, 70, 80, 1060, 420, { rows: 3, back: look.back, plank: look.plank, tags: true }),
		person(760, 600, 420, { shirt: look.shirt, hair: '#4a2f1b', collar: C.nightSoft }),
		counter(420, 580, 760, 240, rng, false),
		shaker(660, 580, 70, 170, { body: '#e4e4e7', lid: C.night, content: '#92400e', cap: C.yellow }),
		tub(880, 580, 110, 140, pick(rng, STYLES)),
		tub(1000, 580, 100, 124, pick(rng, STYLES)),
		rect(520, 566, 110, 14, C.grey200, { rx: 3 }),
		person(300, 960, 640, { shirt: '#1d4ed8', hair: '#171717', back: true }),
	].join('');
}

function accessoriesWall(rng, shop) {
	const look = shopLook(shop);
	defs.push(
		`<pattern id="peg" width="36" height="36" patternUnits="userSpaceOnUse"><circle cx="18" cy="18" r="3.5" fill="#000" fill-opacity="0.18"/></pattern>`,
	);
	const out = [
		rect(0, 0, W, 680, look.wall2),
		rect(60, 60, 700, 560, '#e7e5e4'),
		rect(60, 60, 700, 560, 'url(#peg)'),
		rect(60, 60, 700, 560, 'none', { stroke: C.grey600, 'stroke-width': 10 }),
		floor(680, H, W, look.floor1, look.floor2),
	];
	const shakerStyles = [
		{ body: C.yellow, lid: C.night, content: '#fafaf9', cap: C.yellow, level: 0.05 },
		{ body: '#0ea5e9', lid: C.white, content: '#fafaf9', cap: C.yellow, level: 0.05 },
		{ body: '#ef4444', lid: C.night, content: '#fafaf9', cap: C.white, level: 0.05 },
		{ body: C.grey700, lid: C.yellow, content: '#fafaf9', cap: C.night, level: 0.05 },
		{ body: '#22c55e', lid: C.night, content: '#fafaf9', cap: C.yellow, level: 0.05 },
	];
	for (let row = 0; row < 2; row++) {
		for (let i = 0; i < 5; i++) {
			const cx = 140 + i * 135;
			const base = 330 + row * 260;
			out.push(rect(cx - 2, base - 230, 4, 26, C.grey500));
			out.push(shaker(cx, base, 84, 200, { ...shakerStyles[(i + row * 2) % 5], hanging: true }));
		}
	}
	out.push(rect(800, 90, 360, 10, C.grey500, { rx: 5 }));
	out.push(tshirt(880, 130, 150, C.nightSoft));
	out.push(tshirt(1080, 130, 150, shop === 'aosta' ? '#1e3a8a' : '#dc2626', C.white));
	out.push(tshirt(980, 150, 150, C.yellow, C.nightSoft));
	// Dumbbell rack with two tiers.
	out.push(
		poly(
			[
				[620, 870],
				[650, 700],
				[1170, 700],
				[1190, 870],
			],
			C.grey700,
		),
	);
	out.push(rect(640, 712, 540, 12, C.grey500));
	out.push(rect(625, 800, 570, 12, C.grey500));
	[52, 58, 64].forEach((s, i) =>
		out.push(
			dumbbell(735 + i * 172, 712 - s * 0.42, 150, s, C.night, i === 1 ? C.grey300 : C.yellow),
		),
	);
	[68, 74, 80].forEach((s, i) =>
		out.push(
			dumbbell(725 + i * 180, 800 - s * 0.42, 160, s, C.night, i === 1 ? C.yellow : C.grey300),
		),
	);
	out.push(kettlebell(180, 880, 140, C.night));
	out.push(kettlebell(360, 885, 120, '#b91c1c', C.night));
	out.push(kettlebell(510, 880, 100, C.grey600));
	return out.join('');
}

function fridgeAndBars(rng, shop) {
	const look = shopLook(shop);
	const out = [
		rect(
			0,
			0,
			W,
			700,
			lin([
				[0, look.wall],
				[1, look.wall2],
			]),
		),
		floor(700, H, W, look.floor1, look.floor2),
		rect(100, 90, 430, 760, C.night, { rx: 14 }),
		rect(
			126,
			150,
			378,
			670,
			lin([
				[0, '#e0f2fe'],
				[1, '#bae6fd'],
			]),
		),
		rect(100, 90, 430, 50, C.yellow, { rx: 14 }),
		rect(100, 120, 430, 20, C.yellow),
	];
	for (let r = 0; r < 4; r++) {
		const base = 300 + r * 165;
		for (let i = 0; i < 5; i++) {
			const cx = 168 + i * 74;
			const style = pick(rng, [
				{ body: C.night, accent: C.yellow, label: C.yellow },
				{ body: '#2563eb', accent: C.white, label: C.yellow },
				{ body: '#16a34a', accent: C.white, label: C.white },
				{ body: '#f97316', accent: C.night, label: C.white },
			]);
			out.push(
				r % 2
					? bottle(cx, base, 50, 140, {
							body: style.body,
							lid: C.white,
							label: style.accent,
							accent: C.yellow,
						})
					: can(cx, base, 56, 120, style),
			);
		}
		out.push(rect(126, base, 378, 8, '#fff', { opacity: 0.8 }));
	}
	out.push(
		poly(
			[
				[150, 160],
				[230, 160],
				[150, 420],
			],
			'#fff',
			{ opacity: 0.25 },
		),
	);
	out.push(rect(490, 420, 10, 120, C.grey400, { rx: 5 }));
	// Stepped display with open boxes of bars.
	const tiers = [
		{ y: 760, x: 600, w: 560 },
		{ y: 620, x: 640, w: 480 },
		{ y: 480, x: 680, w: 400 },
	];
	out.push(
		poly(
			[
				[600, 860],
				[680, 480],
				[1080, 480],
				[1160, 860],
			],
			C.nightSoft,
		),
	);
	for (const tier of tiers) {
		out.push(rect(tier.x, tier.y, tier.w, 16, C.grey300));
		const count = Math.floor(tier.w / 130);
		for (let i = 0; i < count; i++) {
			const bx = tier.x + 20 + i * ((tier.w - 20) / count);
			const style = pick(rng, STYLES);
			out.push(rect(bx, tier.y - 80, 110, 80, style.body, { rx: 6 }));
			out.push(rect(bx, tier.y - 80, 110, 22, style.accent));
			for (let k = 0; k < 4; k++)
				out.push(rect(bx + 8 + k * 25, tier.y - 96, 20, 30, style.label, { rx: 4 }));
			out.push(rect(bx + 20, tier.y - 44, 70, 10, style.label, { rx: 5, opacity: 0.8 }));
		}
	}
	out.push(rect(0, 0, W, 40, C.night));
	return out.join('');
}

function storefront(rng, shop, dusk = false) {
	const aosta = shop === 'aosta';
	const out = [
		rect(
			0,
			0,
			W,
			H,
			lin(
				dusk
					? [
							[0, '#1e1b4b'],
							[0.5, '#7c3aed'],
							[1, '#fb923c'],
						]
					: [
							[0, '#7dd3fc'],
							[1, '#e0f2fe'],
						],
			),
		),
	];
	if (dusk) {
		for (let i = 0; i < 40; i++)
			out.push(
				circle(between(rng, 0, W), between(rng, 0, 260), between(rng, 1, 2.5), '#fff', {
					opacity: between(rng, 0.4, 0.9),
				}),
			);
	} else {
		out.push(cloud(between(rng, 150, 400), 110, 90), cloud(between(rng, 800, 1050), 80, 70));
	}
	out.push(landscape(shop, 0, aosta ? 40 : 50, W, aosta ? 700 : 640, dusk));
	const bx = aosta ? 190 : 110;
	const bw = aosta ? 820 : 980;
	const top = aosta ? 330 : 250;
	const ground = 800;
	const wall = aosta ? (dusk ? '#a8a29e' : '#e7e5e4') : dusk ? '#d6b98c' : '#f3e3c3';
	if (aosta) {
		out.push(
			poly(
				[
					[bx - 40, top + 6],
					[600, top - 120],
					[bx + bw + 40, top + 6],
				],
				dusk ? '#1e293b' : '#475569',
			),
		);
		out.push(
			poly(
				[
					[bx - 40, top + 6],
					[600, top - 120],
					[600, top - 100],
					[bx - 10, top + 6],
				],
				'#fff',
				{ opacity: 0.08 },
			),
		);
	}
	out.push(rect(bx, top, bw, ground - top, wall));
	if (!aosta)
		out.push(
			rect(bx - 12, top - 24, bw + 24, 30, '#b45309'),
			rect(bx - 12, top - 24, bw + 24, 8, '#92400e'),
		);
	// Upper floor.
	const windows = aosta ? 3 : 4;
	const shutter = aosta ? '#92400e' : '#166534';
	for (let i = 0; i < windows; i++) {
		const wx = bx + (bw / windows) * (i + 0.5);
		const lit = dusk && i % 2 === 0;
		out.push(rect(wx - 45, top + 40, 90, 120, lit ? '#fde68a' : dusk ? '#334155' : '#bfdbfe'));
		out.push(rect(wx - 45, top + 40, 90, 120, 'none', { stroke: C.white, 'stroke-width': 6 }));
		out.push(rect(wx - 2, top + 40, 4, 120, C.white));
		out.push(rect(wx - 80, top + 36, 32, 128, shutter), rect(wx + 48, top + 36, 32, 128, shutter));
		for (let k = 0; k < 5; k++) {
			out.push(
				rect(wx - 78, top + 48 + k * 24, 28, 4, '#000', { opacity: 0.2 }),
				rect(wx + 50, top + 48 + k * 24, 28, 4, '#000', { opacity: 0.2 }),
			);
		}
	}
	if (aosta) {
		out.push(rect(bx + 40, top + 160, bw - 80, 14, '#78350f'));
		for (let x = bx + 50; x < bx + bw - 50; x += 26) out.push(rect(x, top + 120, 8, 40, '#92400e'));
		out.push(rect(bx + 40, top + 112, bw - 80, 10, '#78350f'));
	}
	// Sign.
	const signY = aosta ? 540 : 470;
	const signX = bx + 40;
	const signW = bw - 80;
	out.push(rect(signX, signY, signW, 76, C.night, { rx: 6 }));
	out.push(mark(signX + 16, signY + 10, 56));
	const text = el(
		'text',
		{
			x: signX + signW / 2 + 30,
			y: signY + 55,
			'font-family': FONT,
			'font-weight': 'bold',
			'font-size': 46,
			'letter-spacing': 4,
			'text-anchor': 'middle',
			fill: C.yellow,
		},
		'VIGOR SPORT',
	);
	if (dusk) out.push(group([text], { filter: blur(6), opacity: 0.9 }));
	out.push(text);
	// Shop windows and door.
	const glassTop = signY + 96;
	const doorX = 600 - 60;
	const panes = [
		[bx + 40, doorX - 24],
		[doorX + 144, bx + bw - 40],
	];
	for (const [x1, x2] of panes) {
		const clipId = clip(rect(x1, glassTop, x2 - x1, ground - glassTop));
		out.push(
			group(
				[
					rect(x1, glassTop, x2 - x1, ground - glassTop, dusk ? '#fde68a' : '#fef3c7'),
					shelfUnit(rng, x1 + 20, glassTop + 20, x2 - x1 - 40, ground - glassTop + 30, {
						rows: 2,
						back: dusk ? '#78350f' : '#e7e5e4',
						plank: '#a8a29e',
						frame: '#a8a29e',
					}),
					rect(x1, glassTop, x2 - x1, ground - glassTop, '#bae6fd', {
						opacity: dusk ? 0.05 : 0.22,
					}),
					poly(
						[
							[x1 + 20, glassTop],
							[x1 + 90, glassTop],
							[x1 + 10, ground],
							[x1 - 60, ground],
						],
						'#fff',
						{ opacity: 0.22 },
					),
					poly(
						[
							[x1 + 130, glassTop],
							[x1 + 160, glassTop],
							[x1 + 80, ground],
							[x1 + 50, ground],
						],
						'#fff',
						{ opacity: 0.16 },
					),
				],
				{ 'clip-path': clipId },
			),
		);
		out.push(
			rect(x1, glassTop, x2 - x1, ground - glassTop, 'none', {
				stroke: C.nightSoft,
				'stroke-width': 10,
			}),
		);
	}
	out.push(rect(doorX, glassTop, 120, ground - glassTop, C.nightSoft));
	out.push(
		rect(doorX + 12, glassTop + 12, 96, ground - glassTop - 12, dusk ? '#fcd34d' : '#bfdbfe', {
			opacity: 0.85,
		}),
	);
	out.push(rect(doorX + 88, glassTop + 80, 8, 60, C.yellow, { rx: 4 }));
	out.push(
		poly(
			[
				[doorX + 20, glassTop + 12],
				[doorX + 50, glassTop + 12],
				[doorX + 20, glassTop + 90],
			],
			'#fff',
			{ opacity: 0.3 },
		),
	);
	// Street.
	out.push(rect(0, ground, W, 44, dusk ? '#71717a' : '#d4d4d8'));
	out.push(rect(0, ground + 40, W, 6, dusk ? '#52525b' : '#a1a1aa'));
	out.push(rect(0, ground + 46, W, H - ground - 46, dusk ? '#27272a' : '#3f3f46'));
	for (let x = 20; x < W; x += 140) out.push(rect(x, 876, 70, 8, '#f4f4f5', { opacity: 0.8 }));
	out.push(plant(doorX - 8, ground + 10, 110), plant(doorX + 128, ground + 10, 110));
	if (aosta) {
		out.push(
			pine(90, ground + 20, 300, dusk ? '#14532d' : '#166534'),
			pine(1110, ground + 20, 320, dusk ? '#14532d' : '#15803d'),
		);
	} else {
		out.push(rect(1150, 420, 10, ground - 420 + 20, C.grey700));
		out.push(rect(1120, 410, 50, 14, C.grey700, { rx: 5 }));
		if (dusk)
			out.push(
				circle(
					1140,
					440,
					90,
					rad([
						[0, '#fde68a', 0.85],
						[1, '#fde68a', 0],
					]),
				),
			);
		out.push(ellipse(1140, 430, 20, 10, dusk ? '#fef08a' : '#f4f4f5'));
	}
	return out.join('');
}

function shakersStill(rng) {
	const styles = [
		{ body: C.yellow, lid: C.night, content: '#fafaf9', cap: C.yellow, level: 0.1 },
		{ body: '#e4e4e7', lid: C.night, content: '#92400e', cap: C.yellow, level: 0.6 },
		{ body: '#0ea5e9', lid: C.white, content: '#fafaf9', cap: C.yellow, level: 0.1 },
		{ body: '#a1a1aa', lid: C.yellow, content: '#ec4899', cap: C.night, level: 0.5 },
		{ body: '#ef4444', lid: C.night, content: '#fafaf9', cap: C.white, level: 0.1 },
	];
	return [
		studio('#fef9c3', '#fde047', '#27272a', '#18181b', '#fff', 0.35),
		confetti(rng, 16, [60, 60, 1140, 520], ['#27272a', '#fff', '#f59e0b']),
		...styles.map((s, i) => shaker(180 + i * 210, i % 2 ? 740 : 760, 150, i % 2 ? 340 : 380, s)),
	].join('');
}

function hero(rng) {
	const glow = rad([
		[0, C.yellow, 0.5],
		[1, C.yellow, 0],
	]);
	const stripes = [];
	for (let i = 0; i < 9; i++) {
		const x = 760 + i * 110;
		stripes.push(
			poly(
				[
					[x, 0],
					[x + 40, 0],
					[x - 360, 900],
					[x - 400, 900],
				],
				C.yellow,
				{ opacity: 0.05 },
			),
		);
	}
	const caps = [];
	for (let i = 0; i < 8; i++)
		caps.push(
			capsule(
				between(rng, 820, 1500),
				between(rng, 820, 870),
				46,
				11,
				C.yellow,
				'#fff',
				between(rng, -70, 70),
			),
		);
	const far = [
		[0, 700],
		[120, 640],
		[260, 680],
		[420, 590],
		[560, 660],
		[700, 610],
		[860, 690],
		[1000, 640],
		[1600, 700],
	];
	return [
		rect(
			0,
			0,
			1600,
			900,
			lin(
				[
					[0, '#27272a'],
					[1, '#09090b'],
				],
				1,
				1,
			),
		),
		...stripes,
		ridge(far, 900, '#3f3f46'),
		snowCaps(far, '#52525b', 0.3),
		rect(0, 760, 1600, 140, '#18181b'),
		circle(1140, 440, 470, glow),
		circle(1140, 440, 300, C.yellow),
		circle(1140, 440, 300, 'none', { stroke: '#fef08a', 'stroke-width': 6, opacity: 0.6 }),
		rect(760, 720, 800, 60, C.grey700, { rx: 10 }),
		rect(760, 720, 800, 10, '#fff', { opacity: 0.12, rx: 5 }),
		tub(1010, 722, 230, 310, STYLES[0]),
		tub(1250, 722, 200, 260, STYLES[7]),
		tub(830, 722, 150, 200, STYLES[2]),
		shaker(1450, 722, 120, 290, {
			body: '#e4e4e7',
			lid: C.night,
			content: '#92400e',
			cap: C.yellow,
		}),
		dumbbell(1120, 830, 380, 110, C.night, C.yellow),
		kettlebell(660, 880, 170, C.grey600),
		...caps,
	].join('');
}

/**
 * The neutral picture of a product whose photo has not arrived yet (an imported product): a
 * camera outline and 'Foto in arrivo', never a pack that could pass for the real product.
 */
function photoComing() {
	const line = { fill: 'none', stroke: C.grey400, 'stroke-width': 14, 'stroke-linejoin': 'round' };
	return [
		rect(0, 0, 800, 800, C.grey100),
		el('path', {
			d: 'M250 300h70l30-50h100l30 50h70a30 30 0 0 1 30 30v200a30 30 0 0 1-30 30H250a30 30 0 0 1-30-30V330a30 30 0 0 1 30-30z',
			...line,
		}),
		circle(400, 425, 75, 'none', { stroke: C.grey400, 'stroke-width': 14 }),
		el(
			'text',
			{
				x: 400,
				y: 650,
				'text-anchor': 'middle',
				'font-family': 'DejaVu Sans, Arial, sans-serif',
				'font-size': 48,
				'font-weight': 600,
				fill: C.grey600,
			},
			'Foto in arrivo',
		),
	].join('');
}

function shareImage() {
	return [
		rect(
			0,
			0,
			1200,
			630,
			lin(
				[
					[0, '#27272a'],
					[1, '#09090b'],
				],
				1,
				1,
			),
		),
		poly(
			[
				[820, 0],
				[1200, 0],
				[1200, 630],
				[640, 630],
			],
			C.yellow,
		),
		poly(
			[
				[760, 0],
				[790, 0],
				[610, 630],
				[580, 630],
			],
			C.yellow,
			{ opacity: 0.4 },
		),
		mark(80, 150, 120),
		el(
			'text',
			{ x: 80, y: 370, 'font-family': FONT, 'font-weight': 'bold', 'font-size': 74, fill: C.white },
			'Vigor Sport',
		),
		rect(84, 400, 120, 8, C.yellow, { rx: 4 }),
		el(
			'text',
			{ x: 80, y: 470, 'font-family': FONT, 'font-size': 34, fill: '#e4e4e7' },
			'Integratori sportivi',
		),
		el(
			'text',
			{ x: 80, y: 518, 'font-family': FONT, 'font-size': 34, fill: C.yellow },
			'Torino · Aosta',
		),
		rect(700, 520, 500, 110, C.nightSoft),
		tub(900, 530, 190, 260, STYLES[0]),
		tub(1080, 530, 160, 210, STYLES[4]),
		shaker(760, 530, 100, 240, {
			body: '#e4e4e7',
			lid: C.night,
			content: '#92400e',
			cap: C.yellow,
		}),
		dumbbell(980, 585, 300, 80, C.night, C.yellow),
	].join('');
}

// ---------------------------------------------------------------------------------------------
// Logo and favicon (plain SVG files, text kept as text)

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 64" width="256" height="64" role="img" aria-labelledby="logo-title">
	<title id="logo-title">Vigor Sport</title>
	<rect width="256" height="64" rx="14" fill="#27272a"/>
	<rect x="8" y="8" width="48" height="48" rx="10" fill="#facc15"/>
	<polygon points="17.6,18.6 26.2,18.6 32,35.8 37.8,18.6 46.4,18.6 36.3,46.4 27.7,46.4" fill="#27272a"/>
	<text x="70" y="42.5" textLength="170" lengthAdjust="spacingAndGlyphs" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" font-size="30" font-weight="800"><tspan fill="#ffffff">Vigor</tspan><tspan fill="#facc15"> Sport</tspan></text>
</svg>
`;

const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
	<rect width="64" height="64" rx="14" fill="#27272a"/>
	<polygon points="11,13 22.5,13 32,41 41.5,13 53,13 39,52 25,52" fill="#facc15"/>
</svg>
`;

// ---------------------------------------------------------------------------------------------
// Product packs. Every product photo named in content/products/<category>/<slug>.md (images[]
// and variants[].image) that does not exist yet is drawn as a stylised pack: the kind of pack
// comes from the category, the name and the size; its colours from the colour words of the
// photo's `alt` text ("Barattolo nero con coperchio giallo") and from the flavour, so that picture
// and description agree. Brand, short name, flavour and size are written on the label.

const PRODUCT_SIZE = 800;
const PRODUCT_MAX_BYTES = 80 * 1024;

/** Flavour (or colour) → colour: the variant picker's own rule, so picture and dot agree. */
const { flavourColour } = await importTypeScript(path.join(ROOT, 'src/lib/catalogue/variants.ts'));

/** Colour words of the alt texts (longest first, so that "blu notte" wins over "blu"). */
const COLOUR_WORDS = [
	['blu notte', '#1e1b4b'],
	['blu scuro', '#172554'],
	['blu navy', '#1e3a8a'],
	['rosso scuro', '#7f1d1d'],
	['verde acqua', '#14b8a6'],
	['verde scuro', '#166534'],
	['marrone chiaro', '#c08a5a'],
	['color sabbia', '#d6c6a5'],
	['color crema', '#f3e5ab'],
	['nero', '#18181b'],
	['nera', '#18181b'],
	['neri', '#18181b'],
	['nere', '#18181b'],
	['bianco', '#f8fafc'],
	['bianca', '#f8fafc'],
	['giallo', '#facc15'],
	['gialla', '#facc15'],
	['gialle', '#facc15'],
	['rosso', '#dc2626'],
	['rossa', '#dc2626'],
	['verde', '#16a34a'],
	['viola', '#7c3aed'],
	['arancione', '#f97316'],
	['azzurro', '#38bdf8'],
	['azzurra', '#38bdf8'],
	['azzurri', '#38bdf8'],
	['blu', '#1d4ed8'],
	['ambrato', '#b45309'],
	['marrone', '#78350f'],
	['grigio', '#71717a'],
	['grigia', '#71717a'],
	['rosa', '#f472b6'],
	['argento', '#cbd5e1'],
	['dorato', '#d4a017'],
	['dorate', '#d4a017'],
	['trasparente', '#e0f2fe'],
];
const ROLE_WORDS = {
	lid: ['tappo', 'coperchio'],
	label: ['etichetta'],
	band: ['fascia', 'cerniere', 'logo'],
};

/**
 * The colours an alt text names, by role: "Barattolo nero con coperchio giallo" gives a black
 * body and a yellow lid; a colour after "e" ("bianco e blu") is the label's.
 */
function altColours(alt) {
	const words = alt
		.toLowerCase()
		.replace(/[^a-zàèéìòù' ]+/g, ' ')
		.split(/\s+/)
		.filter(Boolean);
	const found = {};
	for (let i = 0; i < words.length; i++) {
		const match = COLOUR_WORDS.find(([name]) => {
			const parts = name.split(' ');
			return parts.every((part, k) => words[i + k] === part);
		});
		if (!match) continue;
		const previous = words[i - 1];
		let role = Object.keys(ROLE_WORDS).find((key) => ROLE_WORDS[key].includes(previous));
		if (!role) role = ['body', 'label', 'band'].find((key) => !found[key]);
		if (role && !found[role]) found[role] = match[1];
		i += match[0].split(' ').length - 1;
	}
	return found;
}

/** Pictures named in the alt text: small symbols drawn on the label. */
const SYMBOLS = [
	[/fulmine/, 'bolt'],
	[/luna/, 'moon'],
	[/foglie/, 'leaf'],
	[/pesce/, 'fish'],
	[/fior[ei]/, 'flower'],
	[/mela/, 'apple'],
	[/montagn/, 'mountain'],
	[/arancia/, 'orange'],
	[/occhio/, 'eye'],
	[/fiamma/, 'flame'],
	[/pancake/, 'pancakes'],
];

const xml = (text) =>
	String(text)
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;');

/** Text centred on (x, y), shrunk to fit `maxWidth`. */
function label(
	x,
	y,
	text,
	{ size, maxWidth, fill, weight = 'bold', opacity, spacing = 0, anchor = 'middle' },
) {
	const chars = Math.max(1, [...text].length);
	const width = chars * size * (weight === 'bold' ? 0.64 : 0.58) + chars * spacing;
	const fitted = width > maxWidth ? (size * maxWidth) / width : size;
	return el(
		'text',
		{
			x,
			y,
			'font-family': FONT,
			'font-weight': weight,
			'font-size': fitted,
			'text-anchor': anchor,
			'letter-spacing': spacing || undefined,
			fill,
			opacity,
		},
		xml(text),
	);
}

/** Splits a name into at most two balanced lines. */
function twoLines(name) {
	if (name.length <= 14) return [name];
	const words = name.split(' ');
	let best = [name];
	let bestScore = Infinity;
	for (let i = 1; i < words.length; i++) {
		const a = words.slice(0, i).join(' ');
		const b = words.slice(i).join(' ');
		const score = Math.max(a.length, b.length);
		if (score < bestScore) {
			bestScore = score;
			best = [a, b];
		}
	}
	return best;
}

/**
 * The printed part of a label, inside the box (x, y, w, h): brand, name on one or two lines, a
 * chip with the flavour colour and the size.
 */
function labelPrint(box, info, ink, { compact = false } = {}) {
	const { x, y, w, h } = box;
	const cx = x + w / 2;
	const out = [];
	const lines = compact ? [info.name] : twoLines(info.name);
	const brandSize = Math.min(h * (compact ? 0.2 : 0.11), w * 0.09);
	out.push(
		label(cx, y + h * (compact ? 0.28 : 0.17), info.brand.toUpperCase(), {
			size: brandSize,
			maxWidth: w * 0.86,
			fill: ink,
			opacity: 0.75,
			spacing: brandSize * 0.12,
		}),
	);
	const nameSize = Math.min(h * (compact ? 0.32 : lines.length > 1 ? 0.16 : 0.2), w * 0.16);
	const nameTop = y + h * (compact ? 0.62 : lines.length > 1 ? 0.4 : 0.47);
	// Both lines share the size of the longer one.
	const longest = Math.max(...lines.map((line) => [...line].length));
	const lineSize = Math.min(nameSize, (w * 0.9) / (longest * 0.64));
	lines.forEach((line, i) =>
		out.push(
			label(cx, nameTop + i * lineSize * 1.15, line, {
				size: lineSize,
				maxWidth: w * 0.9,
				fill: ink,
			}),
		),
	);
	if (compact) {
		if (info.size)
			out.push(
				label(cx, y + h * 0.88, info.size, {
					size: h * 0.15,
					maxWidth: w * 0.8,
					fill: ink,
					weight: 'normal',
					opacity: 0.8,
				}),
			);
		return out.join('');
	}
	const chipY = y + h * 0.76;
	const chipH = h * 0.15;
	if (info.flavour) {
		const chipW = Math.min(
			w * 0.78,
			Math.max(w * 0.42, [...info.flavour].length * chipH * 0.42 + chipH),
		);
		out.push(
			rect(cx - chipW / 2, chipY - chipH / 2, chipW, chipH, info.flavourColour, { rx: chipH / 2 }),
		);
		out.push(
			rect(cx - chipW / 2, chipY - chipH / 2, chipW, chipH, 'none', {
				rx: chipH / 2,
				stroke: ink,
				'stroke-opacity': 0.25,
				'stroke-width': 2,
			}),
		);
		out.push(
			label(cx, chipY + chipH * 0.2, info.flavour, {
				size: chipH * 0.55,
				maxWidth: chipW * 0.86,
				fill: isDark(info.flavourColour) ? '#f8fafc' : '#27272a',
			}),
		);
		out.push(
			label(cx, y + h * 0.97, info.size, {
				size: h * 0.08,
				maxWidth: w * 0.6,
				fill: ink,
				weight: 'normal',
				opacity: 0.8,
			}),
		);
	} else {
		out.push(
			label(cx, chipY + chipH * 0.3, info.size, {
				size: chipH * 0.75,
				maxWidth: w * 0.7,
				fill: ink,
			}),
		);
	}
	return out.join('');
}

/** A symbol named in the alt text, centred on (cx, cy) with size s. */
function symbol(kind, cx, cy, s, colour) {
	switch (kind) {
		case 'bolt':
			return bolt(cx, cy, s, C.yellow);
		case 'moon':
			return [
				circle(cx, cy, s * 0.42, C.yellow),
				circle(cx + s * 0.18, cy - s * 0.12, s * 0.36, colour),
			].join('');
		case 'leaf':
			return [-1, 1]
				.map((side) =>
					[
						path_(
							p`M ${cx} ${cy + s * 0.36} Q ${cx + side * s * 0.5} ${cy + s * 0.1} ${cx + side * s * 0.36} ${cy - s * 0.38} Q ${cx + side * s * 0.02} ${cy - s * 0.1} ${cx} ${cy + s * 0.36} Z`,
							side < 0 ? '#16a34a' : '#22c55e',
						),
						path_(p`M ${cx} ${cy + s * 0.36} L ${cx + side * s * 0.3} ${cy - s * 0.28}`, 'none', {
							stroke: '#dcfce7',
							'stroke-width': s * 0.03,
						}),
					].join(''),
				)
				.join('');
		case 'fish':
			return [
				ellipse(cx - s * 0.08, cy, s * 0.36, s * 0.2, '#38bdf8'),
				poly(
					[
						[cx + s * 0.2, cy],
						[cx + s * 0.46, cy - s * 0.2],
						[cx + s * 0.46, cy + s * 0.2],
					],
					'#38bdf8',
				),
				circle(cx - s * 0.28, cy - s * 0.04, s * 0.04, '#0f172a'),
			].join('');
		case 'flower': {
			const petals = [];
			for (let i = 0; i < 8; i++)
				petals.push(
					ellipse(cx, cy - s * 0.24, s * 0.1, s * 0.2, '#c084fc', {
						transform: `rotate(${i * 45} ${n(cx)} ${n(cy)})`,
					}),
				);
			return [...petals, circle(cx, cy, s * 0.13, '#f59e0b')].join('');
		}
		case 'apple':
			return [
				circle(cx - s * 0.14, cy + s * 0.04, s * 0.28, '#65a30d'),
				circle(cx + s * 0.14, cy + s * 0.04, s * 0.28, '#65a30d'),
				rect(cx - s * 0.02, cy - s * 0.38, s * 0.05, s * 0.16, '#78350f'),
				ellipse(cx + s * 0.14, cy - s * 0.3, s * 0.12, s * 0.06, '#22c55e'),
			].join('');
		case 'mountain':
			return [
				poly(
					[
						[cx - s * 0.5, cy + s * 0.3],
						[cx - s * 0.1, cy - s * 0.3],
						[cx + s * 0.2, cy + s * 0.05],
						[cx + s * 0.32, cy - s * 0.1],
						[cx + s * 0.5, cy + s * 0.3],
					],
					'#64748b',
				),
				poly(
					[
						[cx - s * 0.1, cy - s * 0.3],
						[cx - s * 0.22, cy - s * 0.12],
						[cx - s * 0.1, cy - s * 0.16],
						[cx + s * 0.01, cy - s * 0.12],
					],
					'#f8fafc',
				),
			].join('');
		case 'orange': {
			const segments = [];
			for (let i = 0; i < 8; i++) {
				const a = (Math.PI * 2 * i) / 8;
				segments.push(
					el('line', {
						x1: cx,
						y1: cy,
						x2: cx + s * 0.34 * Math.cos(a),
						y2: cy + s * 0.34 * Math.sin(a),
						stroke: '#fff7ed',
						'stroke-width': s * 0.04,
					}),
				);
			}
			return [
				circle(cx, cy, s * 0.42, '#f97316'),
				circle(cx, cy, s * 0.36, '#fdba74'),
				...segments,
			].join('');
		}
		case 'eye':
			return [
				ellipse(cx, cy, s * 0.44, s * 0.24, '#fff'),
				circle(cx, cy, s * 0.17, '#0ea5e9'),
				circle(cx, cy, s * 0.08, '#0f172a'),
			].join('');
		case 'flame':
			return [
				path_(
					p`M ${cx} ${cy - s * 0.45} C ${cx + s * 0.35} ${cy - s * 0.1} ${cx + s * 0.35} ${cy + s * 0.42} ${cx} ${cy + s * 0.42} C ${cx - s * 0.35} ${cy + s * 0.42} ${cx - s * 0.35} ${cy} ${cx} ${cy - s * 0.45} Z`,
					'#f97316',
				),
				path_(
					p`M ${cx} ${cy - s * 0.05} C ${cx + s * 0.18} ${cy + s * 0.12} ${cx + s * 0.16} ${cy + s * 0.38} ${cx} ${cy + s * 0.38} C ${cx - s * 0.16} ${cy + s * 0.38} ${cx - s * 0.16} ${cy + s * 0.15} ${cx} ${cy - s * 0.05} Z`,
					C.yellow,
				),
			].join('');
		case 'pancakes':
			return [0, 1, 2]
				.map((i) =>
					ellipse(
						cx,
						cy + s * 0.22 - i * s * 0.16,
						s * 0.44,
						s * 0.12,
						i % 2 ? '#d97706' : '#f59e0b',
					),
				)
				.concat(ellipse(cx, cy - s * 0.2, s * 0.12, s * 0.05, C.yellow))
				.join('');
		default:
			return '';
	}
}

/** The colours of one pack: alt colours first, then the flavour, then the brand's scheme. */
function packColours(info) {
	const named = altColours(info.colourAlt);
	const scheme = STYLES[Math.floor(random(info.brand)() * STYLES.length)];
	const body = named.body ?? scheme.body;
	const lid =
		named.lid ?? (named.band && named.label ? named.band : isDark(body) ? C.yellow : C.night);
	const panel =
		info.flavour && info.labelFromFlavour
			? info.flavourColour
			: (named.label ?? (isDark(body) ? C.white : body));
	const band = named.band ?? (info.flavour ? info.flavourColour : lid);
	return { body, lid, panel, band, ink: isDark(panel) ? '#f8fafc' : '#18181b' };
}

/** Pack drawers: each takes the centre of the base (cx, base), a scale, the colours and the info. */
const packs = {
	tub(cx, base, k, c, info) {
		const w = 330 * k;
		const h = 400 * k;
		const x = cx - w / 2;
		const y = base - h;
		const lidH = h * 0.14;
		const box = { x: x + w * 0.06, y: y + h * 0.3, w: w * 0.88, h: h * 0.5 };
		return [
			groundShadow(cx, base, w),
			rect(x, y + lidH * 0.7, w, h - lidH * 0.7, c.body, { rx: w * 0.07 }),
			rect(x, y + h * 0.27, w, h * 0.56, c.panel),
			rect(x, y + h * 0.27, w, h * 0.035, c.band),
			rect(x, y + h * 0.795, w, h * 0.035, c.band),
			labelPrint(box, info, c.ink),
			rect(x - w * 0.03, y, w * 1.06, lidH, c.lid, { rx: w * 0.05 }),
			rect(x - w * 0.03, y + lidH * 0.72, w * 1.06, lidH * 0.28, '#000', { opacity: 0.15 }),
			rect(x + w * 0.05, y + lidH * 1.2, w * 0.05, h - lidH * 1.7, '#fff', {
				rx: w * 0.025,
				opacity: 0.2,
			}),
			rect(x + w * 0.86, y + lidH, w * 0.14, h - lidH - w * 0.07, '#000', { opacity: 0.1 }),
		].join('');
	},
	pouch(cx, base, k, c, info) {
		const w = 360 * k;
		const h = 470 * k;
		const top = base - h;
		const outline = p`M ${cx - w * 0.46} ${top} L ${cx + w * 0.46} ${top} L ${cx + w / 2} ${base - h * 0.1} Q ${cx + w * 0.5} ${base} ${cx + w * 0.38} ${base} L ${cx - w * 0.38} ${base} Q ${cx - w * 0.5} ${base} ${cx - w / 2} ${base - h * 0.1} Z`;
		const box = { x: cx - w * 0.4, y: top + h * 0.26, w: w * 0.8, h: h * 0.52 };
		return [
			groundShadow(cx, base, w),
			path_(outline, c.body),
			rect(cx - w * 0.46, top, w * 0.92, h * 0.07, '#000', { opacity: 0.12 }),
			rect(cx - w * 0.44, top + h * 0.1, w * 0.88, h * 0.012, '#000', { opacity: 0.25 }),
			rect(box.x - w * 0.02, box.y - h * 0.02, box.w + w * 0.04, box.h + h * 0.04, c.panel, {
				rx: w * 0.05,
			}),
			rect(box.x - w * 0.02, box.y - h * 0.02, box.w + w * 0.04, h * 0.03, c.band, {
				rx: w * 0.02,
			}),
			labelPrint(box, info, c.ink),
			path_(
				p`M ${cx - w * 0.4} ${top + h * 0.14} Q ${cx - w * 0.46} ${base - h * 0.3} ${cx - w * 0.42} ${base - h * 0.06}`,
				'none',
				{
					stroke: '#fff',
					'stroke-width': w * 0.03,
					opacity: 0.25,
				},
			),
		].join('');
	},
	bottle(cx, base, k, c, info) {
		const w = 250 * k;
		const h = 420 * k;
		const top = base - h;
		const capH = h * 0.17;
		const neckH = h * 0.05;
		const bodyTop = top + capH + neckH;
		const ridges = [];
		for (let i = 1; i < 9; i++)
			ridges.push(
				rect(
					cx - w * 0.36 + (w * 0.72 * i) / 9,
					top + capH * 0.12,
					w * 0.012,
					capH * 0.76,
					'#000',
					{ opacity: 0.18 },
				),
			);
		const box = {
			x: cx - w * 0.45,
			y: bodyTop + (base - bodyTop) * 0.2,
			w: w * 0.9,
			h: (base - bodyTop) * 0.62,
		};
		return [
			groundShadow(cx, base, w),
			rect(cx - w / 2, bodyTop, w, base - bodyTop, c.body, { rx: w * 0.13 }),
			rect(cx - w * 0.34, top + capH, w * 0.68, neckH + w * 0.1, c.body),
			rect(cx - w * 0.38, top, w * 0.76, capH, c.lid, { rx: w * 0.05 }),
			...ridges,
			rect(cx - w / 2, box.y - h * 0.02, w, box.h + h * 0.04, c.panel),
			rect(cx - w / 2, box.y - h * 0.02, w, h * 0.025, c.band),
			rect(cx - w / 2, box.y + box.h + h * 0.0, w, h * 0.02, c.band),
			labelPrint(box, info, c.ink),
			rect(cx - w * 0.4, bodyTop + h * 0.04, w * 0.06, (base - bodyTop) * 0.84, '#fff', {
				rx: w * 0.03,
				opacity: 0.22,
			}),
		].join('');
	},
	drink(cx, base, k, c, info) {
		const w = 190 * k;
		const h = 480 * k;
		const top = base - h;
		const shoulder = top + h * 0.24;
		const outline = p`M ${cx - w * 0.2} ${top + h * 0.1} L ${cx + w * 0.2} ${top + h * 0.1} Q ${cx + w / 2} ${shoulder - h * 0.04} ${cx + w / 2} ${shoulder + h * 0.04} L ${cx + w / 2} ${base - w * 0.1} Q ${cx + w / 2} ${base} ${cx + w * 0.4} ${base} L ${cx - w * 0.4} ${base} Q ${cx - w / 2} ${base} ${cx - w / 2} ${base - w * 0.1} L ${cx - w / 2} ${shoulder + h * 0.04} Q ${cx - w / 2} ${shoulder - h * 0.04} ${cx - w * 0.2} ${top + h * 0.1} Z`;
		const box = { x: cx - w * 0.46, y: shoulder + h * 0.1, w: w * 0.92, h: h * 0.46 };
		return [
			groundShadow(cx, base, w),
			path_(outline, c.body, { opacity: info.clear ? 0.55 : 1 }),
			info.clear
				? rect(cx - w / 2, shoulder + h * 0.08, w, base - shoulder - h * 0.1, info.liquid, {
						opacity: 0.45,
						rx: w * 0.08,
					})
				: '',
			rect(cx - w * 0.22, top + h * 0.02, w * 0.44, h * 0.09, c.lid, { rx: w * 0.04 }),
			rect(cx - w * 0.08, top - h * 0.03, w * 0.16, h * 0.06, c.lid, { rx: w * 0.04 }),
			rect(cx - w / 2, box.y - h * 0.015, w, box.h + h * 0.03, c.panel),
			rect(cx - w / 2, box.y - h * 0.015, w, h * 0.02, c.band),
			labelPrint(box, info, c.ink),
			rect(cx - w * 0.38, shoulder, w * 0.07, base - shoulder - h * 0.06, '#fff', {
				rx: w * 0.035,
				opacity: 0.3,
			}),
		].join('');
	},
	jar(cx, base, k, c, info) {
		const w = 330 * k;
		const h = 330 * k;
		const top = base - h;
		const lidH = h * 0.17;
		const glass = info.clear ? info.liquid : c.body;
		const box = { x: cx - w * 0.44, y: top + h * 0.32, w: w * 0.88, h: h * 0.5 };
		return [
			groundShadow(cx, base, w),
			rect(cx - w / 2, top + lidH * 0.8, w, h - lidH * 0.8, glass, { rx: w * 0.12 }),
			rect(cx - w / 2, top + lidH * 0.8, w, h - lidH * 0.8, '#fff', {
				rx: w * 0.12,
				opacity: 0.12,
			}),
			rect(cx - w * 0.47, top, w * 0.94, lidH, c.lid, { rx: w * 0.04 }),
			rect(cx - w * 0.47, top + lidH * 0.7, w * 0.94, lidH * 0.3, '#000', { opacity: 0.15 }),
			rect(cx - w / 2, box.y - h * 0.02, w, box.h + h * 0.04, c.panel),
			rect(cx - w / 2, box.y - h * 0.02, w, h * 0.025, c.band),
			labelPrint(box, info, c.ink),
			rect(cx - w * 0.42, top + lidH * 1.2, w * 0.06, h * 0.7, '#fff', {
				rx: w * 0.03,
				opacity: 0.3,
			}),
		].join('');
	},
	sachet(cx, base, k, c, info) {
		const w = 310 * k;
		const h = 470 * k;
		const top = base - h;
		const teeth = [];
		for (let i = 0; i < 12; i++)
			teeth.push(
				rect(cx - w / 2 + (w * (i + 0.3)) / 12, top, w * 0.035, h * 0.06, '#000', {
					opacity: 0.15,
				}),
			);
		const box = { x: cx - w * 0.42, y: top + h * 0.2, w: w * 0.84, h: h * 0.62 };
		return [
			ellipse(cx, base + 4, w * 0.5, 14, '#000', { opacity: 0.18 }),
			rect(cx - w / 2, top, w, h, c.body, { rx: w * 0.05 }),
			rect(cx - w / 2, top, w, h * 0.08, '#000', { opacity: 0.12 }),
			rect(cx - w / 2, base - h * 0.06, w, h * 0.06, '#000', { opacity: 0.12 }),
			...teeth,
			poly(
				[
					[cx + w / 2, top + h * 0.1],
					[cx + w / 2 - w * 0.05, top + h * 0.12],
					[cx + w / 2, top + h * 0.14],
				],
				'#fff',
			),
			rect(box.x, box.y, box.w, box.h, c.panel, { rx: w * 0.04 }),
			rect(box.x, box.y, box.w, h * 0.025, c.band),
			labelPrint(box, info, c.ink),
		].join('');
	},
	carton(cx, base, k, c, info) {
		// A box seen slightly from above, with its contents peeking out of the open top.
		const w = 420 * k;
		const h = 300 * k;
		const depth = 70 * k;
		const top = base - h;
		const items = [];
		const count = 5;
		for (let i = 0; i < count; i++) {
			const ix = cx - w * 0.4 + (w * 0.8 * (i + 0.5)) / count;
			if (info.contents === 'bar')
				items.push(
					rect(ix - w * 0.07, top - depth * 0.6, w * 0.14, depth * 1.2, c.band, { rx: 6 }),
				);
			else if (info.contents === 'vial') {
				items.push(
					rect(ix - w * 0.04, top - depth * 0.9, w * 0.08, depth * 1.4, info.liquid, { rx: 8 }),
				);
				items.push(
					rect(ix - w * 0.045, top - depth * 1.05, w * 0.09, depth * 0.3, c.lid, { rx: 4 }),
				);
			} else if (info.contents !== 'blister')
				items.push(
					rect(ix - w * 0.07, top - depth * 0.8, w * 0.14, depth * 1.4, c.band, { rx: 4 }),
				);
		}
		const blister = [];
		if (info.contents === 'blister') {
			// A blister strip leaning against the box.
			const bx = cx - w * 0.62;
			const by = base - h * 0.55;
			blister.push(
				rect(bx, by, w * 0.3, h * 0.6, '#d4d4d8', {
					rx: 6,
					transform: `rotate(-12 ${n(bx)} ${n(by)})`,
				}),
			);
			for (let r = 0; r < 4; r++)
				for (let q = 0; q < 2; q++)
					blister.push(
						ellipse(
							bx + w * (0.08 + q * 0.14),
							by + h * (0.09 + r * 0.14),
							w * 0.05,
							h * 0.045,
							'#fff',
							{
								transform: `rotate(-12 ${n(bx)} ${n(by)})`,
								stroke: '#a1a1aa',
								'stroke-width': 2,
							},
						),
					);
		}
		const box = { x: cx - w * 0.44, y: top + h * 0.18, w: w * 0.88, h: h * 0.72 };
		// A box of blisters is closed; the others are open and show their contents.
		const closed = info.contents === 'blister';
		const lidFace = [
			[cx - w / 2, top],
			[cx - w / 2 + depth * 0.6, top - depth],
			[cx + w / 2 + depth * 0.6, top - depth],
			[cx + w / 2, top],
		];
		return [
			groundShadow(cx, base, w),
			poly(lidFace, closed ? c.body : '#000', { opacity: closed ? 1 : 0.35 }),
			closed ? poly(lidFace, '#fff', { opacity: 0.25 }) : '',
			...items,
			poly(
				[
					[cx + w / 2, top],
					[cx + w / 2 + depth * 0.6, top - depth],
					[cx + w / 2 + depth * 0.6, base - depth],
					[cx + w / 2, base],
				],
				c.body,
			),
			poly(
				[
					[cx + w / 2, top],
					[cx + w / 2 + depth * 0.6, top - depth],
					[cx + w / 2 + depth * 0.6, base - depth],
					[cx + w / 2, base],
				],
				'#000',
				{ opacity: 0.2 },
			),
			rect(cx - w / 2, top, w, h, c.body),
			rect(box.x, box.y, box.w, box.h, c.panel, { rx: 8 }),
			rect(cx - w / 2, top, w, h * 0.08, c.band),
			labelPrint(box, info, c.ink),
			...blister,
		].join('');
	},
	bar(cx, base, k, c, info) {
		const w = 600 * k;
		const h = 170 * k;
		const cy = base - h * 0.9;
		const crimp = h * 0.2;
		const lines = [];
		for (let i = 0; i < 7; i++) {
			const y = cy - h / 2 + (h * (i + 0.5)) / 7;
			lines.push(rect(cx - w / 2, y, crimp, h * 0.03, '#000', { opacity: 0.2 }));
			lines.push(rect(cx + w / 2 - crimp, y, crimp, h * 0.03, '#000', { opacity: 0.2 }));
		}
		const box = { x: cx - w * 0.3, y: cy - h * 0.42, w: w * 0.6, h: h * 0.84 };
		return group(
			[
				ellipse(cx, cy + h * 0.62, w * 0.46, h * 0.1, '#000', { opacity: 0.18 }),
				rect(cx - w / 2, cy - h / 2, w, h, c.body, { rx: h * 0.06 }),
				poly(
					[
						[cx - w * 0.42, cy - h / 2],
						[cx - w * 0.34, cy - h / 2],
						[cx - w * 0.4, cy + h / 2],
						[cx - w * 0.48 + crimp, cy + h / 2],
					],
					c.band,
				),
				rect(box.x, box.y, box.w, box.h, c.panel, { rx: h * 0.06 }),
				labelPrint(box, info, c.ink, { compact: true }),
				rect(cx - w / 2 + crimp, cy - h / 2, w - crimp * 2, h * 0.1, '#fff', { opacity: 0.18 }),
				...lines,
			],
			{ transform: `rotate(-6 ${n(cx)} ${n(cy)})` },
		);
	},
	cookie(cx, base, k, c, info) {
		const r = 190 * k;
		const cy = base - r * 1.05;
		const chips = [];
		const rng = random(info.name);
		for (let i = 0; i < 14; i++) {
			const a = rng() * Math.PI * 2;
			const d = Math.sqrt(rng()) * r * 0.8;
			chips.push(
				ellipse(cx + d * Math.cos(a), cy + d * Math.sin(a), r * 0.07, r * 0.05, '#3f2a1d'),
			);
		}
		const box = { x: cx - r * 1.05, y: cy - r * 0.3, w: r * 2.1, h: r * 0.6 };
		return [
			ellipse(cx, base - 4, r * 1.05, 16, '#000', { opacity: 0.18 }),
			rect(cx - r * 1.15, cy - r * 1.08, r * 2.3, r * 2.16, '#e0f2fe', {
				rx: r * 0.1,
				opacity: 0.6,
			}),
			circle(cx, cy, r, info.flavourColour === '#5b3a29' ? '#7c4a2d' : '#c68a4c'),
			...chips,
			rect(box.x, box.y, box.w, box.h, c.panel, { opacity: 0.95 }),
			labelPrint(box, info, c.ink, { compact: true }),
			rect(cx - r * 1.15, cy - r * 1.08, r * 2.3, r * 2.16, 'none', {
				rx: r * 0.1,
				stroke: '#fff',
				'stroke-width': 6,
				opacity: 0.7,
			}),
		].join('');
	},
	tube(cx, base, k, c, info) {
		const w = 230 * k;
		const h = 520 * k;
		const top = base - h;
		const capH = h * 0.14;
		const box = { x: cx - w * 0.4, y: top + h * 0.18, w: w * 0.8, h: h * 0.5 };
		return [
			groundShadow(cx, base, w),
			rect(cx - w * 0.3, base - capH, w * 0.6, capH, c.lid, { rx: w * 0.05 }),
			path_(
				p`M ${cx - w * 0.34} ${base - capH} L ${cx - w / 2} ${top + h * 0.06} L ${cx + w / 2} ${top + h * 0.06} L ${cx + w * 0.34} ${base - capH} Z`,
				c.body,
			),
			rect(cx - w * 0.52, top, w * 1.04, h * 0.07, c.body),
			rect(cx - w * 0.52, top + h * 0.02, w * 1.04, h * 0.012, '#000', { opacity: 0.2 }),
			rect(box.x, box.y, box.w, box.h, c.panel, { rx: 8 }),
			rect(box.x, box.y, box.w, h * 0.02, c.band),
			labelPrint(box, info, c.ink),
		].join('');
	},
	pumpBottle(cx, base, k, c, info) {
		const w = 230 * k;
		const h = 480 * k;
		const top = base - h;
		const box = { x: cx - w * 0.44, y: top + h * 0.3, w: w * 0.88, h: h * 0.5 };
		return [
			groundShadow(cx, base, w),
			rect(cx - w / 2, top + h * 0.14, w, h * 0.86, c.body, { rx: w * 0.2 }),
			rect(cx - w * 0.3, top + h * 0.04, w * 0.6, h * 0.12, c.lid, { rx: w * 0.06 }),
			rect(cx - w * 0.3, top + h * 0.04, w * 0.6, h * 0.03, '#000', { opacity: 0.2, rx: w * 0.03 }),
			rect(box.x, box.y, box.w, box.h, c.panel, { rx: 10 }),
			rect(box.x, box.y, box.w, h * 0.02, c.band),
			labelPrint(box, info, c.ink),
			rect(cx - w * 0.38, top + h * 0.2, w * 0.06, h * 0.7, '#fff', {
				rx: w * 0.03,
				opacity: 0.25,
			}),
		].join('');
	},
	flask(cx, base, k, c, info) {
		const w = 200 * k;
		const h = 520 * k;
		const top = base - h;
		return [
			groundShadow(cx, base, w),
			rect(cx - w / 2, top + h * 0.16, w, h * 0.84, c.body, { rx: w * 0.22 }),
			rect(cx - w * 0.3, top + h * 0.1, w * 0.6, h * 0.1, c.body),
			rect(cx - w * 0.34, top, w * 0.68, h * 0.12, c.lid, { rx: w * 0.08 }),
			path_(p`M ${cx - w * 0.1} ${top} Q ${cx} ${top - h * 0.08} ${cx + w * 0.1} ${top}`, 'none', {
				stroke: c.lid,
				'stroke-width': w * 0.05,
			}),
			rect(cx - w * 0.38, top + h * 0.22, w * 0.08, h * 0.7, '#fff', {
				rx: w * 0.04,
				opacity: 0.25,
			}),
			mark(cx - w * 0.22, top + h * 0.42, w * 0.44, c.lid, c.body),
			label(cx, top + h * 0.72, info.brand.toUpperCase(), {
				size: w * 0.1,
				maxWidth: w * 0.8,
				fill: isDark(c.body) ? '#f8fafc' : '#18181b',
			}),
		].join('');
	},
	shaker(cx, base, k, c, info) {
		const w = 250 * k;
		const h = 540 * k;
		return [
			shaker(cx, base, w, h, {
				body: info.flavourColour,
				lid: isDark(info.flavourColour) ? C.yellow : C.nightSoft,
				content: '#fafaf9',
				cap: isDark(info.flavourColour) ? C.nightSoft : C.yellow,
				level: 0.05,
			}),
			mark(cx - w * 0.2, base - h * 0.5, w * 0.4),
			label(cx, base - h * 0.2, info.size, {
				size: w * 0.13,
				maxWidth: w * 0.7,
				fill: isDark(info.flavourColour) ? '#f8fafc' : '#18181b',
			}),
		].join('');
	},
	garment(cx, base, k, c, info) {
		const s = 470 * k;
		const y = base - s * 1.08;
		const colour = info.flavourColour;
		const trim = colour === C.yellow || colour === '#facc15' ? C.nightSoft : C.yellow;
		const kind = info.garment;
		let body;
		if (kind === 'tank') {
			body = [
				path_(
					p`M ${cx - s * 0.2} ${y} Q ${cx} ${y + s * 0.26} ${cx + s * 0.2} ${y} L ${cx + s * 0.3} ${y} Q ${cx + s * 0.3} ${y + s * 0.3} ${cx + s * 0.38} ${y + s * 0.38} L ${cx + s * 0.38} ${y + s} L ${cx - s * 0.38} ${y + s} L ${cx - s * 0.38} ${y + s * 0.38} Q ${cx - s * 0.3} ${y + s * 0.3} ${cx - s * 0.3} ${y} Z`,
					colour,
				),
				path_(p`M ${cx - s * 0.2} ${y} Q ${cx} ${y + s * 0.26} ${cx + s * 0.2} ${y}`, 'none', {
					stroke: trim,
					'stroke-width': s * 0.02,
				}),
			];
		} else if (kind === 'hoodie') {
			body = [
				path_(
					p`M ${cx - s * 0.2} ${y + s * 0.02} L ${cx - s * 0.5} ${y + s * 0.12} L ${cx - s * 0.62} ${y + s * 0.9} L ${cx - s * 0.48} ${y + s * 0.92} L ${cx - s * 0.38} ${y + s * 0.42} L ${cx - s * 0.38} ${y + s} L ${cx + s * 0.38} ${y + s} L ${cx + s * 0.38} ${y + s * 0.42} L ${cx + s * 0.48} ${y + s * 0.92} L ${cx + s * 0.62} ${y + s * 0.9} L ${cx + s * 0.5} ${y + s * 0.12} L ${cx + s * 0.2} ${y + s * 0.02} Z`,
					colour,
				),
				path_(
					p`M ${cx - s * 0.22} ${y + s * 0.04} Q ${cx} ${y - s * 0.22} ${cx + s * 0.22} ${y + s * 0.04} Q ${cx} ${y + s * 0.2} ${cx - s * 0.22} ${y + s * 0.04} Z`,
					colour,
				),
				path_(
					p`M ${cx - s * 0.22} ${y + s * 0.04} Q ${cx} ${y + s * 0.2} ${cx + s * 0.22} ${y + s * 0.04}`,
					'none',
					{ stroke: '#000', 'stroke-opacity': 0.3, 'stroke-width': s * 0.015 },
				),
				rect(cx - s * 0.2, y + s * 0.68, s * 0.4, s * 0.18, '#000', {
					opacity: 0.12,
					rx: s * 0.03,
				}),
				rect(cx - s * 0.38, y + s * 0.94, s * 0.76, s * 0.06, '#000', { opacity: 0.15 }),
				rect(cx - s * 0.05, y + s * 0.1, s * 0.012, s * 0.16, '#e4e4e7'),
				rect(cx + s * 0.04, y + s * 0.1, s * 0.012, s * 0.14, '#e4e4e7'),
			];
		} else {
			body = [
				path_(
					p`M ${cx - s * 0.16} ${y} Q ${cx} ${y + s * 0.1} ${cx + s * 0.16} ${y} L ${cx + s * 0.48} ${y + s * 0.1} L ${cx + s * 0.6} ${y + s * 0.36} L ${cx + s * 0.42} ${y + s * 0.43} L ${cx + s * 0.34} ${y + s * 0.3} L ${cx + s * 0.34} ${y + s} L ${cx - s * 0.34} ${y + s} L ${cx - s * 0.34} ${y + s * 0.3} L ${cx - s * 0.42} ${y + s * 0.43} L ${cx - s * 0.6} ${y + s * 0.36} L ${cx - s * 0.48} ${y + s * 0.1} Z`,
					colour,
				),
				path_(p`M ${cx - s * 0.16} ${y} Q ${cx} ${y + s * 0.1} ${cx + s * 0.16} ${y}`, 'none', {
					stroke: trim,
					'stroke-width': s * 0.02,
				}),
			];
		}
		return [
			path_(
				p`M ${cx - s * 0.34} ${y + s * 0.05} L ${cx} ${y - s * 0.1} L ${cx + s * 0.34} ${y + s * 0.05}`,
				'none',
				{
					stroke: '#a1a1aa',
					'stroke-width': s * 0.02,
					'stroke-linejoin': 'round',
				},
			),
			path_(
				p`M ${cx} ${y - s * 0.1} L ${cx} ${y - s * 0.17} Q ${cx} ${y - s * 0.24} ${cx + s * 0.05} ${y - s * 0.22}`,
				'none',
				{
					stroke: '#a1a1aa',
					'stroke-width': s * 0.016,
				},
			),
			...body,
			mark(cx - s * 0.07, y + s * 0.24, s * 0.14, trim === C.yellow ? C.nightSoft : C.yellow, trim),
			label(cx, y + s * 0.5, 'VIGOR SPORT', {
				size: s * 0.05,
				maxWidth: s * 0.5,
				fill: trim,
				spacing: s * 0.006,
			}),
		].join('');
	},
	duffel(cx, base, k, c) {
		const w = 560 * k;
		const h = 300 * k;
		const top = base - h;
		return [
			groundShadow(cx, base, w),
			path_(
				p`M ${cx - w * 0.22} ${top + h * 0.1} Q ${cx} ${top - h * 0.5} ${cx + w * 0.22} ${top + h * 0.1}`,
				'none',
				{
					stroke: c.body,
					'stroke-width': h * 0.07,
				},
			),
			rect(cx - w / 2, top, w, h, c.body, { rx: h * 0.35 }),
			rect(cx - w * 0.42, top + h * 0.08, w * 0.84, h * 0.05, c.band, { rx: h * 0.02 }),
			rect(cx + w * 0.34, top + h * 0.3, w * 0.14, h * 0.5, '#000', {
				opacity: 0.25,
				rx: h * 0.06,
			}),
			rect(cx + w * 0.35, top + h * 0.34, w * 0.01, h * 0.42, c.band),
			mark(cx - h * 0.2, top + h * 0.34, h * 0.4),
			label(cx, top + h * 0.9, 'VIGOR SPORT', {
				size: h * 0.1,
				maxWidth: w * 0.5,
				fill: c.band,
				spacing: 2,
			}),
			rect(cx - w * 0.45, top + h * 0.2, w * 0.05, h * 0.6, '#fff', {
				opacity: 0.12,
				rx: w * 0.02,
			}),
		].join('');
	},
	belt(cx, base, k, c) {
		const rx = 260 * k;
		const ry = 150 * k;
		const cy = base - ry - 40 * k;
		return [
			ellipse(cx, base - 10, rx * 1.05, 18, '#000', { opacity: 0.18 }),
			ellipse(cx, cy, rx, ry, 'none', { stroke: c.body, 'stroke-width': 90 * k }),
			ellipse(cx, cy - 30 * k, rx, ry, 'none', {
				stroke: '#000',
				'stroke-width': 2,
				opacity: 0.25,
			}),
			ellipse(cx, cy + 30 * k, rx, ry, 'none', {
				stroke: '#000',
				'stroke-width': 2,
				opacity: 0.25,
			}),
			rect(cx - 70 * k, cy + ry - 60 * k, 140 * k, 120 * k, 'none', {
				stroke: '#d4d4d8',
				'stroke-width': 14 * k,
				rx: 12 * k,
			}),
			rect(cx - 30 * k, cy + ry - 50 * k, 8 * k, 100 * k, '#d4d4d8'),
			rect(cx + 22 * k, cy + ry - 50 * k, 8 * k, 100 * k, '#d4d4d8'),
			mark(cx - 36 * k, cy - ry - 36 * k, 72 * k),
		].join('');
	},
	gloves(cx, base, k, c) {
		const glove = (gx, flip) => {
			const s = 300 * k;
			const y = base - s * 1.2;
			return group(
				[
					rect(gx - s * 0.32, y + s * 0.3, s * 0.64, s * 0.7, c.body, { rx: s * 0.12 }),
					...[0, 1, 2, 3].map((i) =>
						rect(gx - s * 0.3 + i * s * 0.155, y + s * 0.12, s * 0.13, s * 0.26, c.body, {
							rx: s * 0.06,
						}),
					),
					rect(gx - s * 0.46, y + s * 0.4, s * 0.18, s * 0.34, c.body, {
						rx: s * 0.08,
						transform: `rotate(-25 ${n(gx - s * 0.37)} ${n(y + s * 0.57)})`,
					}),
					rect(gx - s * 0.34, y + s * 0.86, s * 0.68, s * 0.2, c.band, { rx: s * 0.05 }),
					rect(gx - s * 0.2, y + s * 0.45, s * 0.4, s * 0.3, '#000', {
						opacity: 0.2,
						rx: s * 0.06,
					}),
					mark(gx - s * 0.08, y + s * 0.9, s * 0.12),
				],
				flip ? { transform: `translate(${n(gx * 2)} 0) scale(-1 1)` } : {},
			);
		};
		return [
			groundShadow(cx, base, 480 * k),
			glove(cx - 150 * k, false),
			glove(cx + 150 * k, true),
		].join('');
	},
};

/** Which pack to draw for a product photo. */
function packKind(product, size, alt) {
	const text = `${product.slug} ${product.name} ${size}`.toLowerCase();
	const altText = alt.toLowerCase();
	if (product.category === 'merchandising-e-cosmetici') {
		if (/t-shirt|maglietta/.test(text)) return 'garment:tshirt';
		if (/canotta/.test(text)) return 'garment:tank';
		if (/felpa/.test(text)) return 'garment:hoodie';
		if (/shaker/.test(text)) return 'shaker';
		if (/borraccia/.test(text)) return 'flask';
		if (/borsa|zaino/.test(text)) return 'duffel';
		if (/cintura/.test(text)) return 'belt';
		if (/guanti/.test(text)) return 'gloves';
		if (/balsamo|crema|tubetto/.test(`${text} ${altText}`)) return 'tube';
		return 'pumpBottle';
	}
	if (/blister|astuccio/.test(altText)) return 'carton:blister';
	if (/shot|flaconcin/.test(text))
		return /box|x\s*\d/.test(size.toLowerCase()) ? 'carton:vial' : 'drink';
	if (/cookie|biscott/.test(product.slug))
		return /box|pezzi\b/.test(size.toLowerCase()) && !/^1 /.test(size) ? 'carton:bar' : 'cookie';
	if (/barrett|bar\b/.test(text)) return /^1 /.test(size) ? 'bar' : 'carton:bar';
	if (/\bgel\b/.test(text))
		return /x\s*\d|\d+\s*x/.test(size.toLowerCase()) ? 'carton:sachet' : 'sachet';
	if (/bottiglia|drink/.test(text)) return 'drink';
	if (/\bml\b/.test(size) || /liquid/.test(text)) return 'drink';
	if (/pocket/.test(text)) return 'sachet';
	if (/bustin/.test(size.toLowerCase())) return 'carton:sachet';
	if (/capsule|compresse|perle/.test(size)) return 'bottle';
	if (/spalmabile|burro|vasetto/.test(`${text} ${altText}`)) return 'jar';
	if (/sacchetto|busta/.test(altText) && !/bustina/.test(altText)) return 'pouch';
	return 'tub';
}

const BACKDROPS = {
	proteine: ['#fef9c3', '#fde68a'],
	'aminoacidi-e-creatina': ['#e0f2fe', '#bae6fd'],
	'alimenti-fit': ['#ffedd5', '#fed7aa'],
	supplementi: ['#dcfce7', '#bbf7d0'],
	dimagranti: ['#ccfbf1', '#99f6e4'],
	'pre-workout-energetici': ['#3f3f46', '#18181b'],
	'merchandising-e-cosmetici': ['#f4f4f5', '#e4e4e7'],
};

/** A product photo: a studio backdrop and one or two packs. */
function productScene(rng, product, photo) {
	const [bg1, bg2] = BACKDROPS[product.category] ?? ['#f4f4f5', '#e4e4e7'];
	const dark = isDark(bg2);
	const out = [
		rect(
			0,
			0,
			PRODUCT_SIZE,
			PRODUCT_SIZE,
			lin([
				[0, bg1],
				[1, bg2],
			]),
		),
		circle(400, 370, 300, photo.variants[0].flavourColour ?? C.white, {
			opacity: dark ? 0.18 : 0.45,
		}),
		rect(0, 640, PRODUCT_SIZE, 160, dark ? '#27272a' : '#fafaf9', { opacity: 0.9 }),
		rect(0, 640, PRODUCT_SIZE, 4, '#fff', { opacity: 0.4 }),
		confetti(
			rng,
			10,
			[30, 30, 770, 560],
			dark ? [C.yellow, '#fff'] : [C.yellow, C.nightSoft, '#fff'],
		),
	];
	const drawn = photo.variants.slice(0, 2);
	drawn.forEach((info, i) => {
		const [kind, sub] = info.kind.split(':');
		const colours = packColours(info);
		const wide = ['bar', 'carton', 'duffel', 'belt', 'gloves', 'garment', 'cookie'].includes(kind);
		const two = drawn.length === 2;
		const k = two ? (wide ? 0.62 : 0.78) : 1;
		const cx = two ? (i === 0 ? 270 : 560) : 400;
		const base = kind === 'bar' ? 600 : 700;
		const draw = packs[kind];
		const scale = /piccol/.test(info.colourAlt.toLowerCase()) ? k * 0.85 : k;
		out.push(draw(cx, base, scale, colours, { ...info, garment: sub, contents: sub }));
		// Pictures named in the alt text, as round stickers beside the pack.
		info.symbols.forEach((name, j) => {
			const r = 54 * k;
			const sx = Math.min(cx + (kind === 'bar' ? 220 : 160) * k, 800 - r - 16);
			const sy = (kind === 'bar' ? 290 : 230) + j * r * 2.3;
			out.push(circle(sx + 4, sy + 6, r, '#000', { opacity: 0.15 }));
			out.push(circle(sx, sy, r, C.white));
			out.push(symbol(name, sx, sy, r * 1.5, C.white));
		});
	});
	return out.join('');
}

/** A text from any value of a hand-written file: numbers as written, anything else empty. */
const textOf = (value) =>
	typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
/** The objects of a list (anything that is not a list has none). */
const objectsOf = (value) =>
	(Array.isArray(value) ? value : []).filter((item) => item && typeof item === 'object');

/**
 * The pictures one product file names (images[].src and variants[].image.src that start with
 * ./), each with the scene that draws it. Pure, and total: any frontmatter, however odd (no
 * variants, S/M/L sizes, unknown flavours or colours, empty names), gets a drawing, and a scene
 * that fails falls back to a plain pack in neutral colours (tests/unit/generate-images.test.ts).
 */
export function productPhotos(data, slug, category) {
	const fields = data && typeof data === 'object' ? data : {};
	// A product still without variants gets its picture all the same.
	const variants = objectsOf(fields.variants);
	if (!variants.length) variants.push({});
	const product = { slug, category, name: textOf(fields.name), brand: textOf(fields.brand) };
	const images = objectsOf(fields.images);
	const mainAlt = textOf(images[0]?.alt);
	// Brand and product names are not descriptions: "Fiamma Lab" draws no flame.
	const withoutNames = (alt) =>
		[product.brand, product.name]
			.filter(Boolean)
			.reduce((text, name) => text.split(name.toLowerCase()).join(' '), alt.toLowerCase());
	const describe = (variant, alt) => {
		const flavour = textOf(variant.flavour).trim() || null;
		const size = textOf(variant.size);
		const kind = packKind(product, size, alt);
		const colour = flavour ? flavourColour(flavour) : null;
		return {
			name: product.name,
			brand: product.brand,
			flavour,
			flavourColour: colour,
			size,
			kind,
			colourAlt: withoutNames(variant.image ? `${mainAlt} ${alt}` : alt),
			labelFromFlavour: Boolean(variant.image && flavour && !kind.startsWith('garment')),
			clear: /trasparente|vetro/.test(withoutNames(alt)),
			liquid: colour && colour !== '#9ca3af' ? colour : '#c68a4c',
			symbols: SYMBOLS.filter(([pattern]) => pattern.test(withoutNames(alt)))
				.map(([, name]) => name)
				.slice(0, 2),
		};
	};
	const plain = { ...describe({}, ''), kind: 'tub', symbols: [] };
	const list = [];
	const add = (src, alt, shown) => {
		if (typeof src !== 'string' || !src.startsWith('./') || src.length < 3) return;
		if (list.some((photo) => photo.src === src)) return;
		const photo = { variants: shown.map((variant) => describe(variant, alt)) };
		list.push({
			src,
			draw: (rng) => {
				try {
					return productScene(rng, product, photo);
				} catch {
					return productScene(rng, product, { variants: [plain] });
				}
			},
		});
	};
	// The main photo shows the first variant, or two variants side by side when their packs
	// differ (a powder and its capsules).
	const first = variants[0];
	const other = variants.find(
		(variant) =>
			packKind(product, textOf(variant.size), '') !== packKind(product, textOf(first.size), ''),
	);
	const mainVariants =
		other && /affiancat|e flacone|e barattolo/.test(mainAlt.toLowerCase())
			? [first, other]
			: [first];
	for (const image of images) add(image.src, textOf(image.alt), mainVariants);
	for (const variant of variants) {
		const image = variant.image && typeof variant.image === 'object' ? variant.image : null;
		if (image) add(image.src, textOf(image.alt), [variant]);
	}
	return list;
}

/** Reads the frontmatter of a markdown file. */
function frontmatter(text) {
	const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
	return match ? parse(match[1]) : null;
}

/**
 * The product photos of the sample catalogue to draw: one job per distinct file named in
 * content/products/<category>/<slug>.md. Imported products are never drawn (they show the
 * 'Foto in arrivo' picture until the real photo is added).
 */
async function productJobs() {
	const base = path.join(ROOT, 'content/products');
	if (!existsSync(base)) return [];
	const list = [];
	for (const category of (await readdir(base)).sort()) {
		const folder = path.join(base, category);
		let files;
		try {
			files = (await readdir(folder)).filter((file) => file.endsWith('.md')).sort();
		} catch {
			continue;
		}
		for (const file of files) {
			let data;
			try {
				data = frontmatter(await readFile(path.join(folder, file), 'utf8'));
			} catch (error) {
				console.log(`  salto    content/products/${category}/${file}: ${error.message}`);
				continue;
			}
			for (const photo of productPhotos(data, file.replace(/\.md$/, ''), category)) {
				const target = `content/products/${category}/${photo.src.slice(2)}`;
				if (list.some((job) => job.file === target)) continue;
				list.push({
					file: target,
					width: PRODUCT_SIZE,
					height: PRODUCT_SIZE,
					view: [PRODUCT_SIZE, PRODUCT_SIZE],
					maxBytes: PRODUCT_MAX_BYTES,
					draw: photo.draw,
				});
			}
		}
	}
	return list;
}

// ---------------------------------------------------------------------------------------------
// What to generate

/** Each job: output path (from the repository root), size, and the scene to draw. */
function jobs() {
	const list = [];
	const add = (file, width, height, draw, view = [W, H]) =>
		list.push({ file, width, height, draw, view });
	// The still lifes are drawn slightly larger, so that the products fill the small cards.
	const zoom = (draw) => (rng) =>
		group([draw(rng)], { transform: 'translate(600 620) scale(1.1) translate(-600 -620)' });
	for (const [slug, draw] of Object.entries(categoryScenes))
		add(`content/categories/${slug}.jpg`, 800, 600, zoom(draw));
	for (const shop of ['torino', 'aosta']) {
		const dir = `content/shops/${shop}`;
		add(`${dir}/negozio.jpg`, 1200, 900, (rng) => storefront(rng, shop));
		add(`${dir}/galleria-1.jpg`, 1200, 900, (rng) => interiorOverview(rng, shop));
		add(`${dir}/galleria-2.jpg`, 1200, 900, (rng) => shelfCloseup(rng, shop));
		add(`${dir}/galleria-3.jpg`, 1200, 900, (rng) => consultation(rng, shop));
		add(`${dir}/galleria-4.jpg`, 1200, 900, (rng) => accessoriesWall(rng, shop));
		add(`${dir}/galleria-5.jpg`, 1200, 900, (rng) => fridgeAndBars(rng, shop));
		add(`${dir}/galleria-6.jpg`, 1200, 900, (rng) => storefront(rng, shop, true));
	}
	add('content/settings/condivisione.jpg', 1200, 630, shareImage, [1200, 630]);
	add('src/assets/foto-in-arrivo.jpg', 800, 800, photoComing, [800, 800]);
	add('src/assets/home/hero.jpg', 1600, 900, hero, [1600, 900]);
	add('src/assets/about/chi-siamo-1.jpg', 800, 600, (rng) => storefront(rng, 'torino'));
	add('src/assets/about/chi-siamo-2.jpg', 800, 600, (rng) => consultation(rng, 'aosta'));
	add('src/assets/about/chi-siamo-3.jpg', 800, 600, (rng) => interiorOverview(rng, 'torino'));
	add('src/assets/about/chi-siamo-4.jpg', 800, 600, (rng) => storefront(rng, 'aosta'));
	const gallery = [
		(rng) => interiorOverview(rng, 'torino'),
		(rng) => accessoriesWall(rng, 'aosta'),
		shakersStill,
		(rng) => fridgeAndBars(rng, 'torino'),
		(rng) => storefront(rng, 'torino', true),
		(rng) => storefront(rng, 'aosta'),
		(rng) => shelfCloseup(rng, 'aosta'),
		categoryScenes.supplementi,
	];
	gallery.forEach((draw, i) => add(`src/assets/gallery/galleria-${i + 1}.jpg`, 1200, 900, draw));
	return list;
}

/** The SVG of one job, drawn with the job's own seed. */
export function svgOf({ file, width, height, draw, view }) {
	defs = [];
	idCounter = 0;
	const body = draw(random(file));
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${view[0]} ${view[1]}" preserveAspectRatio="xMidYMid slice"><defs>${defs.join('')}</defs>${body}</svg>`;
}

/** One job as a JPEG, its quality lowered until it fits `maxBytes`. */
export async function renderJpeg(job) {
	const { maxBytes = MAX_BYTES } = job;
	const svg = svgOf(job);
	const raster = sharp(Buffer.from(svg)).flatten({ background: '#ffffff' });
	let quality = QUALITY;
	let output = await raster.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
	while (output.length > maxBytes && quality > 50) {
		quality -= 8;
		output = await raster.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
	}
	return { output, quality };
}

async function main() {
	let written = 0;
	let skipped = 0;
	let total = 0;
	const save = async (file, data, note = '') => {
		const target = path.join(ROOT, file);
		await mkdir(path.dirname(target), { recursive: true });
		await writeFile(target, data);
		written++;
		total += data.length;
		console.log(`  creata   ${file} (${Math.round(data.length / 1024)} KB${note})`);
	};
	const exists = (file) => {
		if (!FORCE && existsSync(path.join(ROOT, file))) {
			skipped++;
			console.log(`  esiste   ${file} (non sovrascritta; usa --force per rigenerarla)`);
			return true;
		}
		return false;
	};

	console.log(FORCE ? 'Rigenero tutte le immagini…' : 'Creo le immagini mancanti…');
	for (const job of [...jobs(), ...(await productJobs())]) {
		if (exists(job.file)) continue;
		const { output, quality } = await renderJpeg(job);
		await save(job.file, output, quality === QUALITY ? '' : `, qualità ${quality}`);
	}
	for (const [file, svg] of [
		['src/assets/logo.svg', LOGO_SVG],
		['public/favicon.svg', FAVICON_SVG],
	]) {
		if (!exists(file)) await save(file, Buffer.from(svg));
	}
	console.log(
		`Fatto: ${written} file creati (${Math.round(total / 1024)} KB), ${skipped} già presenti.`,
	);
}

// Run as a command; imported (by the property test), it only defines the drawings.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
