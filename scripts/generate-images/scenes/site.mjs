// @ts-check
// The site's own pictures: shakers still life, home hero, the 'Foto in arrivo' placeholder and
// the share image.
import { C, FONT, STYLES } from '../palette.mjs';
import { CHOCOLATE_SHAKE, looseCapsule, shaker, tub } from '../props/goods.mjs';
import { confetti, dumbbell, kettlebell, mark, ridge, snowCaps } from '../props/scenery.mjs';
import { studio } from './categories.mjs';
import { circle, el, fade, poly, rad, rect } from '../svg.mjs';

/**
 * @typedef {import('../svg.mjs').Point} Point
 * @typedef {import('../svg.mjs').Rng} Rng
 */

/**
 * Five shakers in a row.
 * @param {Rng} rng
 */
export function shakersStill(rng) {
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

/**
 * The home page's wide picture: packs, a dumbbell and a yellow sun before dark mountains.
 * @param {Rng} rng
 */
export function hero(rng) {
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
		caps.push(looseCapsule(rng, [820, 820, 1500, 870], 46, 11, C.yellow, '#fff', 70));
	/** @type {[Point, ...Point[]]} */
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
		rect(0, 0, 1600, 900, fade('#27272a', '#09090b', 1, 1)),
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
		shaker(1450, 722, 120, 290, CHOCOLATE_SHAKE),
		dumbbell(1120, 830, 380, 110, C.night, C.yellow),
		kettlebell(660, 880, 170, C.grey600),
		...caps,
	].join('');
}

/**
 * The neutral picture of a product whose photo has not arrived yet (an imported product): a
 * camera outline and 'Foto in arrivo', never a pack that could pass for the real product.
 */
export function photoComing() {
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

/**
 * The image shown when a page is shared: the mark, the name and a few packs.
 */
export function shareImage() {
	return [
		rect(0, 0, 1200, 630, fade('#27272a', '#09090b', 1, 1)),
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
		shaker(760, 530, 100, 240, CHOCOLATE_SHAKE),
		dumbbell(980, 585, 300, 80, C.night, C.yellow),
	].join('');
}
