// @ts-check
// Pictures named in an alt text ("con un fulmine"), drawn as stickers beside the pack.
import { C } from '../palette.mjs';
import { bolt } from '../props/goods.mjs';
import { circle, el, ellipse, n, p, path_, poly, rect } from '../svg.mjs';

/** Pictures named in the alt text: small symbols drawn on the label. */
/** @type {ReadonlyArray<readonly [RegExp, string]>} */
export const SYMBOLS = [
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

/**
 * A symbol named in the alt text, centred on (cx, cy) with size s.
 * @param {string} kind
 * @param {number} cx
 * @param {number} cy
 * @param {number} s
 * @param {string} colour the background, for the moon's shadow
 */
export function symbol(kind, cx, cy, s, colour) {
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
