// @ts-check
// The printed label of a pack: brand, name, flavour chip and size.
import { FONT } from '../palette.mjs';
import { el, isDark, rect } from '../svg.mjs';

/** Text escaped for XML. @param {unknown} text */
const xml = (text) =>
	String(text)
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;');

/**
 * Text centred on (x, y), shrunk to fit `maxWidth`.
 * @param {number} x
 * @param {number} y
 * @param {string} text
 * @param {{ size: number, maxWidth: number, fill: string, weight?: string, opacity?: number,
 *   spacing?: number, anchor?: string }} style
 */
export function label(
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

/** Splits a name into at most two balanced lines. @param {string} name */
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
 * @param {{ x: number, y: number, w: number, h: number }} box
 * @param {import('../products.mjs').PackInfo} info
 * @param {string} ink
 * @param {{ compact?: boolean }} [options] compact: brand, name and size only, on one line each
 */
export function labelPrint(box, info, ink, { compact = false } = {}) {
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

/**
 * A label panel on a pack: the box in the panel's colour, a band along its top, and the print.
 * @param {{ x: number, y: number, w: number, h: number }} box
 * @param {number} rx the rounding of the panel's corners
 * @param {number} bandH the height of the band
 * @param {import('./colours.mjs').PackColours} c
 * @param {import('../products.mjs').PackInfo} info
 */
export function printedPanel(box, rx, bandH, c, info) {
	return [
		rect(box.x, box.y, box.w, box.h, c.panel, { rx }),
		rect(box.x, box.y, box.w, bandH, c.band),
		labelPrint(box, info, c.ink),
	].join('');
}
