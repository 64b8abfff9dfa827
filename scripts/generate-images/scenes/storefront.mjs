// @ts-check
// A shop seen from the street, by day or at dusk.
import { landscape, shelfUnit } from '../furniture.mjs';
import { C, FONT, H, W } from '../palette.mjs';
import { cloud, mark, pine, plant } from '../props/scenery.mjs';
import { between, blur, circle, clip, el, ellipse, group, lin, poly, rad, rect } from '../svg.mjs';

/** @typedef {import('../svg.mjs').Rng} Rng */

/**
 * The shop seen from the street, by day or at dusk.
 * @param {Rng} rng
 * @param {string} shop
 * @param {boolean} [dusk]
 */
export function storefront(rng, shop, dusk = false) {
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
	const panes = /** @type {const} */ ([
		[bx + 40, doorX - 24],
		[doorX + 144, bx + bw - 40],
	]);
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
