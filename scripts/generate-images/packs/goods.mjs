// @ts-check
// Pack drawers for single items and merchandise: bar, cookie, tube, pump bottle, flask, shaker,
// garment, duffel bag, belt and gloves.
import { frame } from './frame.mjs';
import { label, labelPrint, printedPanel } from './label.mjs';
import { C } from '../palette.mjs';
import { groundShadow, shaker, shine, tubeBody } from '../props/goods.mjs';
import { mark } from '../props/scenery.mjs';
import { circle, ellipse, group, inkOn, isDark, n, p, path_, poly, random, rect } from '../svg.mjs';

/** The proportions of a tube of cream or gel. */
const PACK_TUBE = { cap: 0.14, capHalf: 0.3, capRound: 0.05, neck: 0.34, seam: 0.012 };

/** @type {Record<string, import('../products.mjs').PackDrawer>} */
export const goods = {
	bar(cx, base, k, c, info) {
		const { w, h } = frame(base, k, 600, 170);
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
		const { w, h, top } = frame(base, k, 230, 520);
		const panel = printedPanel(
			{ x: cx - w * 0.4, y: top + h * 0.18, w: w * 0.8, h: h * 0.5 },
			8,
			h * 0.02,
			c,
			info,
		);
		return groundShadow(cx, base, w) + tubeBody(cx, base, w, h, c.lid, c.body, PACK_TUBE) + panel;
	},
	pumpBottle(cx, base, k, c, info) {
		const { w, h, top } = frame(base, k, 230, 480);
		const box = { x: cx - w * 0.44, y: top + h * 0.3, w: w * 0.88, h: h * 0.5 };
		return [
			groundShadow(cx, base, w),
			rect(cx - w / 2, top + h * 0.14, w, h * 0.86, c.body, { rx: w * 0.2 }),
			rect(cx - w * 0.3, top + h * 0.04, w * 0.6, h * 0.12, c.lid, { rx: w * 0.06 }),
			rect(cx - w * 0.3, top + h * 0.04, w * 0.6, h * 0.03, '#000', { opacity: 0.2, rx: w * 0.03 }),
			printedPanel(box, 10, h * 0.02, c, info),
			shine(cx - w * 0.38, top + h * 0.2, w * 0.06, h * 0.7, 0.25),
		].join('');
	},
	flask(cx, base, k, c, info) {
		const { w, h, top } = frame(base, k, 200, 520);
		return [
			groundShadow(cx, base, w),
			rect(cx - w / 2, top + h * 0.16, w, h * 0.84, c.body, { rx: w * 0.22 }),
			rect(cx - w * 0.3, top + h * 0.1, w * 0.6, h * 0.1, c.body),
			rect(cx - w * 0.34, top, w * 0.68, h * 0.12, c.lid, { rx: w * 0.08 }),
			path_(p`M ${cx - w * 0.1} ${top} Q ${cx} ${top - h * 0.08} ${cx + w * 0.1} ${top}`, 'none', {
				stroke: c.lid,
				'stroke-width': w * 0.05,
			}),
			shine(cx - w * 0.38, top + h * 0.22, w * 0.08, h * 0.7, 0.25),
			mark(cx - w * 0.22, top + h * 0.42, w * 0.44, c.lid, c.body),
			label(cx, top + h * 0.72, info.brand.toUpperCase(), {
				size: w * 0.1,
				maxWidth: w * 0.8,
				fill: inkOn(c.body),
			}),
		].join('');
	},
	shaker(cx, base, k, _c, info) {
		const { w, h } = frame(base, k, 250, 540);
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
				fill: inkOn(info.flavourColour),
			}),
		].join('');
	},
	garment(cx, base, k, _c, info) {
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
		const { w, h, top } = frame(base, k, 560, 300);
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
		const glove = (/** @type {number} */ gx, /** @type {boolean} */ flip) => {
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
