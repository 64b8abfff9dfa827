// @ts-check
// SVG helpers: elements with rounded numbers, the definitions (gradients, clips, filters) of the
// picture being drawn, seeded random numbers and colour tests.

/** Rounds to one decimal, to keep the SVG short. */
export const n = (value) => Math.round(value * 10) / 10;

/** Template tag for path data: numbers are rounded. */
export const p = (strings, ...values) =>
	strings.reduce(
		(out, part, i) =>
			out +
			part +
			(i < values.length ? (typeof values[i] === 'number' ? n(values[i]) : values[i]) : ''),
		'',
	);

export function el(tag, attrs, children) {
	const list = Object.entries(attrs)
		.filter(([, value]) => value !== undefined && value !== null && value !== false)
		.map(([key, value]) => `${key}="${typeof value === 'number' ? n(value) : value}"`)
		.join(' ');
	return children === undefined ? `<${tag} ${list}/>` : `<${tag} ${list}>${children}</${tag}>`;
}

export const rect = (x, y, width, height, fill, extra = {}) =>
	el('rect', { x, y, width, height, fill, ...extra });
export const circle = (cx, cy, r, fill, extra = {}) => el('circle', { cx, cy, r, fill, ...extra });
export const ellipse = (cx, cy, rx, ry, fill, extra = {}) =>
	el('ellipse', { cx, cy, rx, ry, fill, ...extra });
export const path_ = (d, fill, extra = {}) => el('path', { d, fill, ...extra });
export const poly = (points, fill, extra = {}) =>
	el('polygon', { points: points.map(([x, y]) => `${n(x)},${n(y)}`).join(' '), fill, ...extra });
export const group = (children, extra = {}) => el('g', extra, children.join(''));

/** Definitions (gradients, clips, filters, patterns) of the picture being drawn. */
const defs = [];
let idCounter = 0;

/** Starts a new picture: no definitions, ids counted from 1 again. */
export function resetDefs() {
	defs.length = 0;
	idCounter = 0;
}

/** Adds a definition with an id of its own choosing (a pattern). */
export function addDef(definition) {
	defs.push(definition);
}

/** The definitions of the picture drawn so far, as SVG. */
export const defsSvg = () => defs.join('');

function gradientStops(stops) {
	return stops
		.map(
			([offset, color, opacity = 1]) =>
				`<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
		)
		.join('');
}

/** A linear gradient, top to bottom unless told otherwise; returns its url(). */
export function lin(stops, x2 = 0, y2 = 1) {
	const id = `g${++idCounter}`;
	defs.push(
		`<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${gradientStops(stops)}</linearGradient>`,
	);
	return `url(#${id})`;
}

export function rad(stops) {
	const id = `g${++idCounter}`;
	defs.push(`<radialGradient id="${id}">${gradientStops(stops)}</radialGradient>`);
	return `url(#${id})`;
}

export function clip(shape) {
	const id = `c${++idCounter}`;
	defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
	return `url(#${id})`;
}

export function blur(deviation) {
	const id = `f${++idCounter}`;
	defs.push(
		`<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`,
	);
	return `url(#${id})`;
}

/** Seeded random numbers (mulberry32), so that each picture is always drawn the same way. */
export function random(seedText) {
	let seed = 2166136261;
	for (const char of seedText) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619);
	return () => {
		seed = (seed + 0x6d2b79f5) | 0;
		let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
export const between = (rng, min, max) => min + rng() * (max - min);
export const pick = (rng, items) => items[Math.floor(rng() * items.length)];

/** Whether a #rrggbb colour is dark; anything else (no colour at all) counts as light. */
export function isDark(hex) {
	if (typeof hex !== 'string' || !/^#[0-9a-f]{6}$/i.test(hex)) return false;
	const value = parseInt(hex.slice(1), 16);
	const r = value >> 16;
	const g = (value >> 8) & 255;
	const b = value & 255;
	return 0.299 * r + 0.587 * g + 0.114 * b < 140;
}
