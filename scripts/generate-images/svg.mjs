// @ts-check
// SVG helpers: elements with rounded numbers, the definitions (gradients, clips, filters) of the
// picture being drawn, seeded random numbers and colour tests.

/**
 * @typedef {Record<string, string | number | boolean | null | undefined>} Attrs attributes of an
 *   element; `undefined`, `null` and `false` leave the attribute out
 * @typedef {readonly [number, number]} Point
 * @typedef {readonly [number, string, number?]} Stop offset, colour and opacity of a gradient stop
 * @typedef {() => number} Rng seeded random numbers in [0, 1)
 */

/** Rounds to one decimal, to keep the SVG short. @param {number} value */
export const n = (value) => Math.round(value * 10) / 10;

/**
 * Template tag for path data: numbers are rounded.
 * @param {TemplateStringsArray} strings
 * @param {...(number | string)} values
 */
export const p = (strings, ...values) =>
	strings.reduce(
		(out, part, i) =>
			out +
			part +
			(i < values.length ? (typeof values[i] === 'number' ? n(values[i]) : values[i]) : ''),
		'',
	);

/**
 * One element; its children (text or markup) when given, else self-closing.
 * @param {string} tag
 * @param {Attrs} attrs
 * @param {string} [children]
 */
export function el(tag, attrs, children) {
	const list = Object.entries(attrs)
		.filter(([, value]) => value !== undefined && value !== null && value !== false)
		.map(([key, value]) => `${key}="${typeof value === 'number' ? n(value) : value}"`)
		.join(' ');
	return children === undefined ? `<${tag} ${list}/>` : `<${tag} ${list}>${children}</${tag}>`;
}

/**
 * The shapes. A fill is a colour, a url() or 'none'; null leaves the attribute out.
 * @param {number} x @param {number} y @param {number} width @param {number} height
 * @param {string | null} [fill] null or none: no fill attribute (a shape for a clip path)
 * @param {Attrs} [extra]
 */
export const rect = (x, y, width, height, fill, extra = {}) =>
	el('rect', { x, y, width, height, fill, ...extra });
/** @param {number} cx @param {number} cy @param {number} r @param {string | null} fill @param {Attrs} [extra] */
export const circle = (cx, cy, r, fill, extra = {}) => el('circle', { cx, cy, r, fill, ...extra });
/** @param {number} cx @param {number} cy @param {number} rx @param {number} ry @param {string | null} fill @param {Attrs} [extra] */
export const ellipse = (cx, cy, rx, ry, fill, extra = {}) =>
	el('ellipse', { cx, cy, rx, ry, fill, ...extra });
/** @param {string} d @param {string | null} fill @param {Attrs} [extra] */
export const path_ = (d, fill, extra = {}) => el('path', { d, fill, ...extra });
/** @param {readonly Point[]} points @param {string | null} fill @param {Attrs} [extra] */
export const poly = (points, fill, extra = {}) =>
	el('polygon', { points: points.map(([x, y]) => `${n(x)},${n(y)}`).join(' '), fill, ...extra });
/** @param {readonly string[]} children @param {Attrs} [extra] */
export const group = (children, extra = {}) => el('g', extra, children.join(''));

/** Definitions (gradients, clips, filters, patterns) of the picture being drawn. */
/** @type {string[]} */
const defs = [];
let idCounter = 0;

/** Starts a new picture: no definitions, ids counted from 1 again. */
export function resetDefs() {
	defs.length = 0;
	idCounter = 0;
}

/** Adds a definition with an id of its own choosing (a pattern). @param {string} definition */
export function addDef(definition) {
	defs.push(definition);
}

/** The definitions of the picture drawn so far, as SVG. */
export const defsSvg = () => defs.join('');

/** @param {readonly Stop[]} stops */
function gradientStops(stops) {
	return stops
		.map(
			([offset, color, opacity = 1]) =>
				`<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
		)
		.join('');
}

/**
 * A linear gradient, top to bottom unless told otherwise; returns its url().
 * @param {readonly Stop[]} stops
 */
export function lin(stops, x2 = 0, y2 = 1) {
	const id = `g${++idCounter}`;
	defs.push(
		`<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${gradientStops(stops)}</linearGradient>`,
	);
	return `url(#${id})`;
}

/**
 * A linear gradient between two colours, top to bottom unless told otherwise; returns its url().
 * @param {string} from
 * @param {string} to
 */
export const fade = (from, to, x2 = 0, y2 = 1) =>
	lin(
		[
			[0, from],
			[1, to],
		],
		x2,
		y2,
	);

/** A radial gradient; returns its url(). @param {readonly Stop[]} stops */
export function rad(stops) {
	const id = `g${++idCounter}`;
	defs.push(`<radialGradient id="${id}">${gradientStops(stops)}</radialGradient>`);
	return `url(#${id})`;
}

/** A clip path of one shape; returns its url(). @param {string} shape */
export function clip(shape) {
	const id = `c${++idCounter}`;
	defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
	return `url(#${id})`;
}

/** A Gaussian blur filter; returns its url(). @param {number} deviation */
export function blur(deviation) {
	const id = `f${++idCounter}`;
	defs.push(
		`<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`,
	);
	return `url(#${id})`;
}

/**
 * Seeded random numbers (mulberry32), so that each picture is always drawn the same way.
 * @param {string} seedText
 * @returns {Rng}
 */
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
/** A number between min and max. @param {Rng} rng @param {number} min @param {number} max */
export const between = (rng, min, max) => min + rng() * (max - min);
/**
 * One of the items, at random.
 * @template T
 * @param {Rng} rng
 * @param {readonly T[]} items
 * @returns {T}
 */
export const pick = (rng, items) => /** @type {T} */ (items[Math.floor(rng() * items.length)]);

/**
 * Text colour on a background: near white on a dark one, near black on a light one.
 * @param {unknown} background
 */
export const inkOn = (background) => (isDark(background) ? '#f8fafc' : '#18181b');

/**
 * Whether a #rrggbb colour is dark; anything else (no colour at all) counts as light.
 * @param {unknown} hex
 */
export function isDark(hex) {
	if (typeof hex !== 'string' || !/^#[0-9a-f]{6}$/i.test(hex)) return false;
	const value = parseInt(hex.slice(1), 16);
	const r = value >> 16;
	const g = (value >> 8) & 255;
	const b = value & 255;
	return 0.299 * r + 0.587 * g + 0.114 * b < 140;
}
