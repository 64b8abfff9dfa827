// @ts-check
// Inside the shops: overview, shelf close-up, consultation, accessories wall, fridge and bars.
import { counter, floor, landscape, pendantLamps, shelfUnit, shopLook } from '../furniture.mjs';
import { C, H, STYLES, W } from '../palette.mjs';
import { bottle, can, CHOCOLATE_SHAKE, shaker, tub } from '../props/goods.mjs';
import { dumbbell, kettlebell, mark, person, tshirt } from '../props/scenery.mjs';
import { addDef, fade, lin, pick, poly, rect } from '../svg.mjs';

/**
 * @typedef {import('../props/goods.mjs').ShakerStyle} ShakerStyle
 * @typedef {import('../svg.mjs').Rng} Rng
 */

/**
 * The whole shop: two shelving units, a window or the brand sign, lamps and the counter.
 * @param {Rng} rng
 * @param {string} shop
 */
export function interiorOverview(rng, shop) {
	const look = shopLook(shop);
	const out = [
		rect(0, 0, W, 660, fade(look.wall, look.wall2)),
		floor(660, H, W, look.floor1, look.floor2),
		shelfUnit(rng, 40, 150, 360, 480, { rows: 4, back: look.back, plank: look.plank, tags: true }),
		shelfUnit(rng, 800, 150, 360, 480, { rows: 4, back: look.back, plank: look.plank, tags: true }),
	];
	if (shop === 'aosta') {
		out.push(rect(440, 140, 320, 400, fade('#7dd3fc', '#e0f2fe')));
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

/**
 * One shelving unit filling the picture.
 * @param {Rng} rng
 * @param {string} shop
 */
export function shelfCloseup(rng, shop) {
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

/**
 * A shop assistant behind the counter, a customer seen from behind.
 * @param {Rng} rng
 * @param {string} shop
 */
export function consultation(rng, shop) {
	const look = shopLook(shop);
	return [
		rect(0, 0, W, 640, fade(look.wall, look.wall2)),
		floor(640, H, W, look.floor1, look.floor2),
		shelfUnit(rng, 70, 80, 1060, 420, { rows: 3, back: look.back, plank: look.plank, tags: true }),
		person(760, 600, 420, { shirt: look.shirt, hair: '#4a2f1b', collar: C.nightSoft }),
		counter(420, 580, 760, 240, rng, false),
		shaker(660, 580, 70, 170, CHOCOLATE_SHAKE),
		tub(880, 580, 110, 140, pick(rng, STYLES)),
		tub(1000, 580, 100, 124, pick(rng, STYLES)),
		rect(520, 566, 110, 14, C.grey200, { rx: 3 }),
		person(300, 960, 640, { shirt: '#1d4ed8', hair: '#171717', back: true }),
	].join('');
}

/**
 * A pegboard of shakers, T-shirts and a dumbbell rack.
 * @param {Rng} _rng
 * @param {string} shop
 */
export function accessoriesWall(_rng, shop) {
	const look = shopLook(shop);
	addDef(
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
			out.push(
				shaker(cx, base, 84, 200, {
					.../** @type {ShakerStyle} */ (shakerStyles[(i + row * 2) % 5]),
					hanging: true,
				}),
			);
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

/**
 * The drinks fridge and a stepped display of protein bars.
 * @param {Rng} rng
 * @param {string} shop
 */
export function fridgeAndBars(rng, shop) {
	const look = shopLook(shop);
	const out = [
		rect(0, 0, W, 700, fade(look.wall, look.wall2)),
		floor(700, H, W, look.floor1, look.floor2),
		rect(100, 90, 430, 760, C.night, { rx: 14 }),
		rect(126, 150, 378, 670, fade('#e0f2fe', '#bae6fd')),
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
