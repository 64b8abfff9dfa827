// @ts-check
// Everything else a scene is made of: gym gear, clothes, plants, trees, clouds, the brand mark,
// people, mountain ridges and confetti. Standing objects are placed by the centre of their base.
import { C } from '../palette.mjs';
import { groundShadow } from './goods.mjs';
import { between, circle, ellipse, group, n, p, path_, pick, poly, rect } from '../svg.mjs';

/**
 * @typedef {import('../svg.mjs').Point} Point
 * @typedef {import('../svg.mjs').Rng} Rng
 */

/**
 * A dumbbell lying horizontally, centred on (cx, cy).
 * @param {number} cx
 * @param {number} cy
 * @param {number} len
 * @param {number} size
 * @param {string} [plate]
 * @param {string} [ring]
 */
export function dumbbell(cx, cy, len, size, plate = C.night, ring = C.yellow) {
	const head = size * 0.42;
	return [
		ellipse(cx, cy + size * 0.52, len * 0.5, size * 0.08, '#000', { opacity: 0.18 }),
		rect(cx - len / 2 + head, cy - size * 0.08, len - head * 2, size * 0.16, '#a1a1aa', {
			rx: size * 0.05,
		}),
		rect(cx - len / 2 + head, cy - size * 0.07, len - head * 2, size * 0.04, '#fff', {
			opacity: 0.45,
		}),
		...[-1, 1].flatMap((side) => {
			const x = side < 0 ? cx - len / 2 : cx + len / 2 - head;
			const inner = side < 0 ? x + head - head * 0.2 : x;
			return [
				rect(x, cy - size / 2, head, size, plate, { rx: size * 0.1 }),
				rect(inner, cy - size * 0.4, head * 0.2, size * 0.8, ring, { rx: size * 0.04 }),
				rect(x + head * 0.15, cy - size * 0.44, head * 0.7, size * 0.1, '#fff', {
					rx: size * 0.05,
					opacity: 0.18,
				}),
			];
		}),
	].join('');
}

/**
 * A kettlebell standing on (cx, base).
 * @param {number} cx
 * @param {number} base
 * @param {number} size
 * @param {string} color
 * @param {string} [accent]
 */
export function kettlebell(cx, base, size, color, accent = C.yellow) {
	const r = size * 0.42;
	const cy = base - r;
	return [
		groundShadow(cx, base, size * 0.9),
		path_(
			p`M ${cx - r * 0.62} ${cy - r * 0.6} C ${cx - r * 0.75} ${cy - r * 2.05} ${cx + r * 0.75} ${cy - r * 2.05} ${cx + r * 0.62} ${cy - r * 0.6}`,
			'none',
			{ stroke: color, 'stroke-width': size * 0.13, 'stroke-linecap': 'round' },
		),
		circle(cx, cy, r, color),
		rect(cx - r * 0.6, base - size * 0.06, r * 1.2, size * 0.06, color),
		rect(cx - r * 0.5, cy - r * 0.05, r, r * 0.28, accent, { rx: r * 0.08 }),
		ellipse(cx - r * 0.4, cy - r * 0.42, r * 0.22, r * 0.12, '#fff', { opacity: 0.25 }),
	].join('');
}

/**
 * A T-shirt hanging from a hanger; (cx, y) is the top of the collar.
 * @param {number} cx
 * @param {number} y
 * @param {number} s
 * @param {string} color
 * @param {string} [stripe]
 */
export function tshirt(cx, y, s, color, stripe = C.yellow) {
	const shirt = p`M ${cx - s * 0.16} ${y} Q ${cx} ${y + s * 0.1} ${cx + s * 0.16} ${y} L ${cx + s * 0.48} ${y + s * 0.1} L ${cx + s * 0.6} ${y + s * 0.36} L ${cx + s * 0.42} ${y + s * 0.43} L ${cx + s * 0.34} ${y + s * 0.3} L ${cx + s * 0.34} ${y + s} L ${cx - s * 0.34} ${y + s} L ${cx - s * 0.34} ${y + s * 0.3} L ${cx - s * 0.42} ${y + s * 0.43} L ${cx - s * 0.6} ${y + s * 0.36} L ${cx - s * 0.48} ${y + s * 0.1} Z`;
	return [
		path_(
			p`M ${cx - s * 0.36} ${y + s * 0.06} L ${cx} ${y - s * 0.12} L ${cx + s * 0.36} ${y + s * 0.06}`,
			'none',
			{ stroke: '#a1a1aa', 'stroke-width': s * 0.025, 'stroke-linejoin': 'round' },
		),
		path_(
			p`M ${cx} ${y - s * 0.12} L ${cx} ${y - s * 0.2} Q ${cx} ${y - s * 0.28} ${cx + s * 0.06} ${y - s * 0.26}`,
			'none',
			{ stroke: '#a1a1aa', 'stroke-width': s * 0.02 },
		),
		path_(shirt, color),
		rect(cx - s * 0.34, y + s * 0.5, s * 0.68, s * 0.07, stripe),
		path_(p`M ${cx - s * 0.16} ${y} Q ${cx} ${y + s * 0.1} ${cx + s * 0.16} ${y}`, 'none', {
			stroke: stripe,
			'stroke-width': s * 0.025,
		}),
	].join('');
}

/**
 * A potted plant.
 * @param {number} cx
 * @param {number} base
 * @param {number} size
 */
export function plant(cx, base, size) {
	const leaves = [];
	for (let i = 0; i < 7; i++) {
		const angle = -70 + i * 23;
		leaves.push(
			ellipse(cx, base - size * 0.62, size * 0.1, size * 0.34, i % 2 ? '#15803d' : '#22c55e', {
				transform: `rotate(${angle} ${n(cx)} ${n(base - size * 0.38)})`,
			}),
		);
	}
	return [
		...leaves,
		path_(
			p`M ${cx - size * 0.22} ${base - size * 0.36} L ${cx + size * 0.22} ${base - size * 0.36} L ${cx + size * 0.16} ${base} L ${cx - size * 0.16} ${base} Z`,
			C.nightSoft,
		),
		rect(cx - size * 0.22, base - size * 0.36, size * 0.44, size * 0.06, C.yellow),
	].join('');
}

/**
 * A pine tree of height h.
 * @param {number} cx
 * @param {number} base
 * @param {number} h
 * @param {string} color
 */
export function pine(cx, base, h, color) {
	return [
		rect(cx - h * 0.04, base - h * 0.15, h * 0.08, h * 0.15, '#78350f'),
		poly(
			[
				[cx, base - h],
				[cx - h * 0.22, base - h * 0.55],
				[cx + h * 0.22, base - h * 0.55],
			],
			color,
		),
		poly(
			[
				[cx, base - h * 0.78],
				[cx - h * 0.3, base - h * 0.3],
				[cx + h * 0.3, base - h * 0.3],
			],
			color,
		),
		poly(
			[
				[cx, base - h * 0.55],
				[cx - h * 0.36, base - h * 0.12],
				[cx + h * 0.36, base - h * 0.12],
			],
			color,
		),
	].join('');
}

/**
 * A cloud centred on (cx, cy).
 * @param {number} cx
 * @param {number} cy
 * @param {number} s
 * @param {number} [opacity]
 */
export function cloud(cx, cy, s, opacity = 0.85) {
	return group(
		[
			ellipse(cx, cy, s * 0.9, s * 0.28, '#fff'),
			circle(cx - s * 0.3, cy - s * 0.15, s * 0.3, '#fff'),
			circle(cx + s * 0.15, cy - s * 0.25, s * 0.38, '#fff'),
		],
		{ opacity },
	);
}

/**
 * The brand mark: a dark rounded square with a yellow V.
 * @param {number} x
 * @param {number} y
 * @param {number} s
 * @param {string} [back]
 * @param {string} [front]
 */
export function mark(x, y, s, back = C.nightSoft, front = C.yellow) {
	return [
		rect(x, y, s, s, back, { rx: s * 0.2 }),
		poly(
			[
				[x + s * 0.2, y + s * 0.22],
				[x + s * 0.38, y + s * 0.22],
				[x + s * 0.5, y + s * 0.58],
				[x + s * 0.62, y + s * 0.22],
				[x + s * 0.8, y + s * 0.22],
				[x + s * 0.59, y + s * 0.8],
				[x + s * 0.41, y + s * 0.8],
			],
			front,
		),
	].join('');
}

/**
 * A person in a simple flat style (no face): (cx, base) is the bottom of the torso, h the height
 * from the top of the head to base.
 * @param {number} cx
 * @param {number} base
 * @param {number} h
 * @param {{ shirt: string, skin?: string, hair?: string, back?: boolean, collar?: string }} look
 */
export function person(
	cx,
	base,
	h,
	{ shirt, skin = C.skin, hair = '#3f2a1d', back = false, collar },
) {
	const headR = h * 0.11;
	const headCy = base - h + headR;
	const shoulder = headCy + headR * 1.75;
	const half = h * 0.2;
	const round = h * 0.09;
	const torso = p`M ${cx - half} ${base} L ${cx - half} ${shoulder + round} Q ${cx - half} ${shoulder} ${cx - half + round} ${shoulder} L ${cx + half - round} ${shoulder} Q ${cx + half} ${shoulder} ${cx + half} ${shoulder + round} L ${cx + half} ${base} Z`;
	const parts = [
		rect(cx - headR * 0.38, headCy + headR * 0.5, headR * 0.76, headR * 1.3, skin),
		path_(torso, shirt),
	];
	if (back) {
		parts.push(circle(cx, headCy, headR, hair));
		parts.push(rect(cx - half, shoulder + round, half * 2, h * 0.03, '#000', { opacity: 0.12 }));
	} else {
		parts.push(circle(cx, headCy, headR, skin));
		parts.push(
			path_(
				p`M ${cx - headR * 1.05} ${headCy + headR * 0.05} A ${headR * 1.05} ${headR * 1.05} 0 0 1 ${cx + headR * 1.05} ${headCy + headR * 0.05} Q ${cx + headR * 0.2} ${headCy - headR * 0.55} ${cx - headR * 1.05} ${headCy + headR * 0.05} Z`,
				hair,
			),
		);
		parts.push(
			path_(
				p`M ${cx - headR * 0.55} ${shoulder} L ${cx} ${shoulder + headR * 0.8} L ${cx + headR * 0.55} ${shoulder} Z`,
				collar ?? skin,
			),
		);
	}
	return parts.join('');
}

/**
 * A ridge line from (0, y) to (w, y) through `points`, filled down to `bottom`.
 * @param {readonly [Point, ...Point[]]} points
 * @param {number} bottom
 * @param {string} fill
 */
export function ridge(points, bottom, fill) {
	const [first] = points;
	const last = points[points.length - 1] ?? first;
	return path_(
		`M ${n(first[0])} ${n(bottom)} ` +
			points.map(([x, y]) => `L ${n(x)} ${n(y)}`).join(' ') +
			` L ${n(last[0])} ${n(bottom)} Z`,
		fill,
	);
}

/**
 * Snow on every peak of a ridge line.
 * @param {readonly Point[]} points
 * @param {string} fill
 * @param {number} [depth]
 */
export function snowCaps(points, fill, depth = 0.32) {
	const caps = [];
	const point = (/** @type {number} */ i) => /** @type {Point} */ (points[i]);
	for (let i = 1; i < points.length - 1; i++) {
		const [px, py] = point(i);
		const [lx, ly] = point(i - 1);
		const [rx, ry] = point(i + 1);
		if (!(py < ly && py < ry)) continue;
		/** @type {Point} */
		const a = [px + (lx - px) * depth, py + (ly - py) * depth];
		/** @type {Point} */
		const b = [px + (rx - px) * depth, py + (ry - py) * depth];
		/** @type {(t: number, dy: number) => Point} */
		const at = (t, dy) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t + dy];
		caps.push(poly([[px, py], a, at(0.25, 14), at(0.45, 2), at(0.65, 16), at(0.82, 4), b], fill));
	}
	return caps.join('');
}

/**
 * Scattered confetti: small shapes in the palette, for the still lifes.
 * @param {Rng} rng
 * @param {number} count
 * @param {readonly [number, number, number, number]} area x1, y1, x2, y2
 * @param {readonly string[]} colors
 */
export function confetti(rng, count, area, colors) {
	const out = [];
	for (let i = 0; i < count; i++) {
		const x = between(rng, area[0], area[2]);
		const y = between(rng, area[1], area[3]);
		const color = pick(rng, colors);
		const size = between(rng, 6, 14);
		if (rng() < 0.5) out.push(circle(x, y, size / 2, color, { opacity: 0.7 }));
		else
			out.push(
				rect(x, y, size * 1.8, size * 0.5, color, {
					rx: size * 0.25,
					opacity: 0.7,
					transform: `rotate(${n(between(rng, 0, 180))} ${n(x)} ${n(y)})`,
				}),
			);
	}
	return out.join('');
}
