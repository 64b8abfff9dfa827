// @ts-check
// Furniture of the shop scenes: shelving, counter, lamps, floor, the shops' palettes and the view
// through their windows.
import { C, STYLES } from './palette.mjs';
import { bottle, tub } from './props/goods.mjs';
import { plant, ridge, snowCaps } from './props/scenery.mjs';
import { between, el, ellipse, fade, p, path_, pick, poly, rect } from './svg.mjs';

/**
 * @typedef {import('./svg.mjs').Point} Point
 * @typedef {import('./svg.mjs').Rng} Rng
 */

/**
 * A shelving unit filled with tubs, bottles and jars.
 * @param {Rng} rng
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {{ rows?: number, back?: string, plank?: string, tags?: boolean, frame?: string }} [options]
 */
export function shelfUnit(rng, x, y, w, h, options = {}) {
	const {
		rows = 4,
		back = C.nightSoft,
		plank = '#d6d3d1',
		tags = false,
		frame = C.grey700,
	} = options;
	const out = [rect(x, y, w, h, back)];
	const rowH = h / rows;
	const plankH = Math.max(4, rowH * 0.07);
	for (let r = 0; r < rows; r++) {
		const base = y + rowH * (r + 1) - plankH;
		const items = [];
		let used = 0;
		const gap = rowH * 0.05;
		for (;;) {
			const kind = rng() < 0.22 ? 'bottle' : rng() < 0.2 ? 'jar' : 'tub';
			let ih = rowH * between(rng, 0.58, 0.8);
			let iw = ih * between(rng, 0.66, 0.86);
			if (kind === 'bottle') iw = ih * 0.5;
			if (kind === 'jar') {
				ih *= 0.7;
				iw = ih * 1.05;
			}
			if (used + iw + gap > w - gap * 2) break;
			items.push({ kind, iw, ih, style: pick(rng, STYLES) });
			used += iw + gap;
		}
		let cx = x + (w - used + gap) / 2;
		for (const item of items) {
			const centre = cx + item.iw / 2;
			out.push(
				item.kind === 'bottle'
					? bottle(centre, base, item.iw, item.ih, item.style)
					: tub(centre, base, item.iw, item.ih, item.style),
			);
			cx += item.iw + gap;
		}
		out.push(rect(x, base, w, plankH, plank));
		out.push(rect(x, base + plankH * 0.7, w, plankH * 0.3, '#000', { opacity: 0.2 }));
		if (tags) {
			for (let tx = x + w * 0.06; tx < x + w - 40; tx += w / Math.max(3, Math.round(w / 160))) {
				out.push(
					rect(
						tx,
						base + plankH * 0.15,
						Math.max(18, rowH * 0.16),
						plankH * 0.7 + rowH * 0.04,
						C.yellow,
						{ rx: 2 },
					),
				);
			}
		}
	}
	out.push(rect(x - 6, y - 6, w + 12, 10, frame, { rx: 3 }));
	out.push(rect(x - 6, y - 6, 10, h + 6, frame));
	out.push(rect(x + w - 4, y - 6, 10, h + 6, frame));
	return out.join('');
}

/**
 * The shop counter: light top, dark front with a yellow band.
 * @param {number} x
 * @param {number} top
 * @param {number} w
 * @param {number} h
 * @param {Rng} rng
 * @param {boolean} [extras] the till, a plant and two tubs on top
 */
export function counter(x, top, w, h, rng, extras = true) {
	const out = [
		rect(x, top, w, h * 0.1, '#e7e5e4', { rx: 4 }),
		rect(x + 8, top + h * 0.1, w - 16, h * 0.9, C.nightSoft),
		rect(x + 8, top + h * 0.32, w - 16, h * 0.09, C.yellow),
		rect(x + 8, top + h * 0.1, w - 16, h * 0.05, '#000', { opacity: 0.25 }),
		rect(x + w * 0.06, top + h * 0.5, w * 0.88, h * 0.005 + 2, '#fff', { opacity: 0.06 }),
	];
	if (extras) {
		// Till screen on its stand.
		out.push(rect(x + w * 0.1 + 28, top - 34, 12, 34, C.grey600));
		out.push(rect(x + w * 0.1, top - 110, 72, 78, C.night, { rx: 6 }));
		out.push(rect(x + w * 0.1 + 6, top - 104, 60, 60, '#38bdf8', { rx: 3, opacity: 0.55 }));
		out.push(rect(x + w * 0.1 + 12, top - 96, 30, 8, '#fff', { opacity: 0.7 }));
		out.push(plant(x + w * 0.88, top, 110));
		out.push(tub(x + w * 0.58, top, 58, 74, pick(rng, STYLES)));
		out.push(tub(x + w * 0.66, top, 52, 66, pick(rng, STYLES)));
	}
	return out.join('');
}

/**
 * Pendant lamps hanging from the ceiling at each x, with a cone of light down to the floor.
 * @param {readonly number[]} xs
 * @param {number} ceiling
 * @param {number} floor
 * @param {number} [glow]
 */
export function pendantLamps(xs, ceiling, floor, glow = 0.07) {
	return xs
		.map((x) =>
			[
				poly(
					[
						[x - 24, ceiling + 72],
						[x + 24, ceiling + 72],
						[x + 160, floor],
						[x - 160, floor],
					],
					'#fff',
					{ opacity: glow },
				),
				rect(x - 1.5, ceiling, 3, 50, C.grey500),
				path_(
					p`M ${x - 30} ${ceiling + 74} Q ${x} ${ceiling + 30} ${x + 30} ${ceiling + 74} Z`,
					C.yellow,
				),
				ellipse(x, ceiling + 74, 30, 5, '#fef08a'),
			].join(''),
		)
		.join('');
}

/**
 * A floor in perspective, from top to bottom, its tiles drawn as lines.
 * @param {number} top
 * @param {number} bottom
 * @param {number} w
 * @param {string} c1
 * @param {string} c2
 */
export function floor(top, bottom, w, c1, c2) {
	const lines = [];
	const vx = w / 2;
	for (let i = -9; i <= 9; i++) {
		lines.push(
			el('line', {
				x1: vx + i * 70,
				y1: top,
				x2: vx + i * 300,
				y2: bottom,
				stroke: '#000',
				'stroke-width': 1.5,
				opacity: 0.08,
			}),
		);
	}
	for (const t of [0.16, 0.38, 0.68]) {
		const y = top + (bottom - top) * t;
		lines.push(
			el('line', {
				x1: 0,
				y1: y,
				x2: w,
				y2: y,
				stroke: '#000',
				'stroke-width': 1.5,
				opacity: 0.07,
			}),
		);
	}
	return rect(0, top, w, bottom - top, fade(c1, c2)) + lines.join('');
}

/**
 * Shop palette: Torino bright, warm white with yellow; Aosta wood and stone.
 * @param {string} shop
 */
export function shopLook(shop) {
	return shop === 'aosta'
		? {
				wall: '#efe3cf',
				wall2: '#e2cfb0',
				floor1: '#a16207',
				floor2: '#713f12',
				back: '#3f2d1d',
				plank: '#e7d3b3',
				shirt: C.yellow,
			}
		: {
				wall: '#f5f5f4',
				wall2: '#e7e5e4',
				floor1: '#d6d3d1',
				floor2: '#a8a29e',
				back: C.nightSoft,
				plank: '#e4e4e7',
				shirt: C.yellow,
			};
}

/**
 * The view through a window or behind a building: Alps for Aosta, hills for Torino.
 * @param {string} shop
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {boolean} [dusk]
 */
export function landscape(shop, x, y, w, h, dusk = false) {
	const sx = (/** @type {number} */ t) => x + w * t;
	const sy = (/** @type {number} */ t) => y + h * t;
	/**
	 * A ridge line through the box, from its points as fractions of the box (x, y, x, y…).
	 * @param {readonly number[]} fractions
	 * @returns {[Point, ...Point[]]}
	 */
	const line = (fractions) => {
		/** @type {Point[]} */
		const points = [];
		for (let i = 0; i + 1 < fractions.length; i += 2)
			points.push([sx(fractions[i] ?? 0), sy(fractions[i + 1] ?? 0)]);
		return /** @type {[Point, ...Point[]]} */ (points);
	};
	const out = [];
	if (shop === 'aosta') {
		const far = line([
			0, 0.42, 0.1, 0.3, 0.2, 0.36, 0.32, 0.16, 0.4, 0.26, 0.48, 0.21, 0.58, 0.08, 0.69, 0.24, 0.78,
			0.18, 0.89, 0.3, 1, 0.22,
		]);
		out.push(ridge(far, sy(1), dusk ? '#7e22ce' : '#94a3b8'));
		out.push(snowCaps(far, dusk ? '#fbcfe8' : '#f8fafc', 0.36));
		const near = line([
			0, 0.55, 0.14, 0.46, 0.26, 0.54, 0.4, 0.48, 0.54, 0.57, 0.68, 0.47, 0.82, 0.55, 1, 0.49,
		]);
		out.push(ridge(near, sy(1), dusk ? '#4c1d95' : '#64748b'));
		out.push(snowCaps(near, dusk ? '#f5d0fe' : '#e2e8f0', 0.2));
		const forest = line([0, 0.7, 0.2, 0.64, 0.45, 0.7, 0.7, 0.63, 1, 0.69]);
		out.push(ridge(forest, sy(1), dusk ? '#1e1b4b' : '#166534'));
	} else {
		const far = line([
			0, 0.4, 0.14, 0.33, 0.26, 0.26, 0.35, 0.17, 0.44, 0.24, 0.55, 0.33, 0.7, 0.29, 0.84, 0.36, 1,
			0.32,
		]);
		out.push(ridge(far, sy(1), dusk ? '#6d28d9' : '#94a3b8'));
		// The abbey on the mountain top, as seen from the Susa valley.
		const ax = sx(0.35);
		const ay = sy(0.17);
		const abbey = dusk ? '#3b0764' : '#475569';
		out.push(rect(ax - w * 0.025, ay - h * 0.03, w * 0.05, h * 0.035, abbey));
		out.push(rect(ax + w * 0.012, ay - h * 0.055, w * 0.012, h * 0.03, abbey));
		const hills = line([0, 0.58, 0.18, 0.5, 0.36, 0.56, 0.55, 0.48, 0.76, 0.55, 1, 0.5]);
		out.push(ridge(hills, sy(1), dusk ? '#312e81' : '#4d7c0f'));
		const near = line([0, 0.7, 0.3, 0.64, 0.6, 0.7, 1, 0.63]);
		out.push(ridge(near, sy(1), dusk ? '#1e1b4b' : '#65a30d'));
	}
	return out.join('');
}
