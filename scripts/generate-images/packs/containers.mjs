// @ts-check
// Pack drawers for containers: tub, pouch, bottle, drink, jar, sachet and carton.
import { frame } from './frame.mjs';
import { labelPrint, printedPanel } from './label.mjs';
import { groundShadow, shine } from '../props/goods.mjs';
import { ellipse, n, p, path_, poly, rect } from '../svg.mjs';

/** @type {Record<string, import('../products.mjs').PackDrawer>} */
/** @typedef {import('../svg.mjs').Point} Point */

/** @type {Record<string, import('../products.mjs').PackDrawer>} */
export const containers = {
	tub(cx, base, k, c, info) {
		const { w, h } = frame(base, k, 330, 400);
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
			shine(x + w * 0.05, y + lidH * 1.2, w * 0.05, h - lidH * 1.7, 0.2),
			rect(x + w * 0.86, y + lidH, w * 0.14, h - lidH - w * 0.07, '#000', { opacity: 0.1 }),
		].join('');
	},
	pouch(cx, base, k, c, info) {
		const { w, h, top } = frame(base, k, 360, 470);
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
		const { w, h, top } = frame(base, k, 250, 420);
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
			shine(cx - w * 0.4, bodyTop + h * 0.04, w * 0.06, (base - bodyTop) * 0.84, 0.22),
		].join('');
	},
	drink(cx, base, k, c, info) {
		const { w, h, top } = frame(base, k, 190, 480);
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
			shine(cx - w * 0.38, shoulder, w * 0.07, base - shoulder - h * 0.06, 0.3),
		].join('');
	},
	jar(cx, base, k, c, info) {
		const { w, h, top } = frame(base, k, 330, 330);
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
			shine(cx - w * 0.42, top + lidH * 1.2, w * 0.06, h * 0.7, 0.3),
		].join('');
	},
	sachet(cx, base, k, c, info) {
		const { w, h, top } = frame(base, k, 310, 470);
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
			printedPanel(box, w * 0.04, h * 0.025, c, info),
		].join('');
	},
	carton(cx, base, k, c, info) {
		// A box seen slightly from above, with its contents peeking out of the open top.
		const { w, h } = frame(base, k, 420, 300);
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
		/** @type {Point[]} */
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
};
