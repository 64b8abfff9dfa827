// @ts-check
// The still lifes of the categories, on a studio backdrop.
import { C, H, STYLES, W } from '../palette.mjs';
import {
	bolt,
	bottle,
	can,
	CHOCOLATE_SHAKE,
	gel,
	looseCapsule,
	proteinBar,
	shaker,
	softgel,
	tub,
	tube,
} from '../props/goods.mjs';
import { confetti, tshirt } from '../props/scenery.mjs';
import { between, circle, el, ellipse, fade, n, p, path_, pick, poly, rad, rect } from '../svg.mjs';

/**
 * @typedef {import('../svg.mjs').Point} Point
 * @typedef {import('../svg.mjs').Rng} Rng
 */

/**
 * A studio backdrop: a wall in a gradient, an optional coloured disc, a table.
 * @param {string} bg1
 * @param {string} bg2
 * @param {string} table1
 * @param {string} table2
 * @param {string | null} disc
 * @param {number} [discOpacity]
 */
export function studio(bg1, bg2, table1, table2, disc, discOpacity = 1) {
	return [
		rect(0, 0, W, H, fade(bg1, bg2)),
		disc ? circle(600, 400, 320, disc, { opacity: discOpacity }) : '',
		rect(0, 660, W, 240, fade(table1, table2)),
		rect(0, 660, W, 5, '#fff', { opacity: 0.4 }),
	].join('');
}

/**
 * A measuring scoop heaped with powder.
 * @param {number} cx
 * @param {number} cy
 * @param {number} s
 * @param {string} [powder]
 */
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

/** The still life of each category, by its slug. */
export const categoryScenes = /** @satisfies {Record<string, (rng: Rng) => string>} */ ({
	proteine(rng) {
		return [
			studio('#fef9c3', '#fde68a', '#f5f5f4', '#e7e5e4', C.yellow),
			confetti(rng, 18, [60, 60, 1140, 600], ['#f59e0b', '#27272a', '#fff']),
			tub(480, 690, 260, 350, STYLES[0]),
			tub(740, 705, 210, 280, STYLES[4]),
			tub(290, 730, 170, 220, STYLES[2]),
			shaker(950, 745, 130, 320, CHOCOLATE_SHAKE),
			ellipse(600, 818, 110, 18, '#fde68a'),
			scoop(560, 812, 120),
		].join('');
	},
	'aminoacidi-e-creatina'(rng) {
		const whiteTub = { body: '#f8fafc', lid: '#0ea5e9', label: '#0ea5e9', accent: C.yellow };
		const whiteBottle = { body: '#f8fafc', lid: C.night, label: C.yellow, accent: C.nightSoft };
		const hexes = [];
		for (const [hx, hy] of /** @type {const} */ ([
			[190, 170],
			[262, 212],
			[262, 296],
			[1000, 160],
			[1072, 202],
		])) {
			/** @type {Point[]} */
			const pts = [];
			for (let i = 0; i < 6; i++)
				pts.push([hx + 44 * Math.cos((Math.PI / 3) * i), hy + 44 * Math.sin((Math.PI / 3) * i)]);
			hexes.push(poly(pts, 'none', { stroke: '#0284c7', 'stroke-width': 6, opacity: 0.35 }));
		}
		const caps = [];
		for (let i = 0; i < 12; i++) {
			const colours = pick(
				rng,
				/** @type {const} */ ([
					['#0ea5e9', '#fff'],
					[C.yellow, '#fff'],
					['#f43f5e', '#fef2f2'],
				]),
			);
			caps.push(looseCapsule(rng, [180, 770, 1020, 860], 64, 15, colours[0], colours[1], 60));
		}
		return [
			studio('#e0f2fe', '#bae6fd', '#f8fafc', '#e2e8f0', '#7dd3fc', 0.7),
			...hexes,
			tub(420, 700, 240, 300, whiteTub),
			bottle(670, 705, 150, 270, whiteBottle),
			tub(880, 715, 190, 240, STYLES[7]),
			scoop(260, 790, 110, '#ffffff'),
			...caps,
		].join('');
	},
	'alimenti-fit'(rng) {
		const brownTub = { body: '#78350f', lid: C.yellow, label: '#fef3c7', accent: '#f97316' };
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
			tub(300, 700, 220, 190, brownTub),
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
		const orangeBottle = { body: '#f97316', lid: '#f8fafc', label: '#fff7ed', accent: C.yellow };
		const greenBottle = { body: '#15803d', lid: C.night, label: '#f0fdf4', accent: C.yellow };
		const amberTub = { body: '#fbbf24', lid: '#f8fafc', label: C.nightSoft, accent: '#f97316' };
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
			bottle(380, 700, 170, 300, orangeBottle),
			bottle(600, 690, 150, 250, greenBottle),
			tub(820, 712, 200, 230, amberTub),
			...gels,
			...tablets,
			ellipse(950, 790, 110, 62, '#f97316'),
			ellipse(950, 790, 98, 54, '#fdba74'),
			...segments,
			circle(950, 790, 9, '#fff7ed'),
		].join('');
	},
	dimagranti(rng) {
		const tealBottle = { body: '#0f766e', lid: '#f8fafc', label: '#ccfbf1', accent: C.yellow };
		const whiteTub = { body: '#f8fafc', lid: '#0d9488', label: '#0d9488', accent: C.yellow };
		const caps = [];
		for (let i = 0; i < 6; i++)
			caps.push(looseCapsule(rng, [230, 780, 520, 820], 56, 13, '#16a34a', '#f0fdf4', 50));
		const tape = 'M 90 850 C 360 720 640 900 1120 770';
		return [
			studio('#ccfbf1', '#99f6e4', '#f8fafc', '#e2e8f0', '#5eead4', 0.75),
			confetti(rng, 14, [60, 60, 1140, 560], ['#0d9488', '#fff', C.yellow]),
			bottle(430, 700, 160, 300, tealBottle),
			tub(680, 710, 210, 250, whiteTub),
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
		const whiteTube = { body: '#f8fafc', lid: C.nightSoft, accent: C.yellow, label: C.grey500 };
		const creamTube = { body: '#fde68a', lid: C.white, accent: '#f97316', label: C.grey500 };
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
			tube(980, 745, 110, 260, whiteTube),
			tube(1080, 755, 80, 190, creamTube),
			path_('M 170 800 Q 260 730 360 800 Z', C.night),
			rect(150, 800, 240, 70, C.night, { rx: 22 }),
			rect(150, 816, 240, 10, C.yellow),
		].join('');
	},
});
