// @ts-check
// Objects on shelves and tables: tubs, bottles, shakers, bars, capsules, cans, gels, tubes.
// Standing objects are placed by the centre of their base (cx, base).
import { C } from '../palette.mjs';
import { between, ellipse, group, isDark, n, p, path_, poly, rect } from '../svg.mjs';

/**
 * @typedef {import('../palette.mjs').Style} Style
 * @typedef {import('../svg.mjs').Rng} Rng
 * @typedef {{ body: string | null, lid: string, content?: string, cap?: string, level?: number,
 *   hanging?: boolean }} ShakerStyle colours of a shaker, how full it is, whether it hangs
 */

/**
 * A grey shaker with a chocolate shake, in the scenes of the shops and of the site.
 * @type {ShakerStyle}
 */
export const CHOCOLATE_SHAKE = { body: '#e4e4e7', lid: C.night, content: '#92400e', cap: C.yellow };

/**
 * A capsule at a random place in the area (x1, y1, x2, y2), turned by up to maxAngle degrees.
 * @param {Rng} rng
 * @param {readonly [number, number, number, number]} area
 * @param {number} len
 * @param {number} r
 * @param {string} c1
 * @param {string} c2
 * @param {number} maxAngle
 */
export function looseCapsule(rng, area, len, r, c1, c2, maxAngle) {
	const [x1, y1, x2, y2] = area;
	return capsule(
		between(rng, x1, x2),
		between(rng, y1, y2),
		len,
		r,
		c1,
		c2,
		between(rng, -maxAngle, maxAngle),
	);
}

/**
 * A gleam of light along glass or plastic, its ends rounded.
 * @param {number} x
 * @param {number} y
 * @param {number} width
 * @param {number} height
 * @param {number} opacity
 */
export function shine(x, y, width, height, opacity) {
	return rect(x, y, width, height, '#fff', { rx: width / 2, opacity });
}

/**
 * The soft shadow under a standing object.
 * @param {number} cx
 * @param {number} base
 * @param {number} w
 */
export function groundShadow(cx, base, w) {
	return ellipse(cx, base, w * 0.58, Math.max(3, w * 0.07), '#000', { opacity: 0.2 });
}

/**
 * A tub of protein powder: lid, label with a coloured band and two lines of "text".
 * @param {number} cx
 * @param {number} base
 * @param {number} w
 * @param {number} h
 * @param {Style} s
 */
export function tub(cx, base, w, h, s) {
	const x = cx - w / 2;
	const y = base - h;
	const lidH = h * 0.15;
	const ink = isDark(s.label) ? '#f4f4f5' : '#3f3f46';
	return [
		groundShadow(cx, base, w),
		rect(x, y + lidH * 0.7, w, h - lidH * 0.7, s.body, { rx: w * 0.08 }),
		rect(x, y + h * 0.36, w, h * 0.38, s.label),
		rect(x, y + h * 0.36, w, h * 0.07, s.accent),
		rect(cx - w * 0.3, y + h * 0.5, w * 0.6, h * 0.06, ink, { rx: h * 0.03, opacity: 0.85 }),
		rect(cx - w * 0.2, y + h * 0.61, w * 0.4, h * 0.035, ink, { rx: h * 0.017, opacity: 0.5 }),
		rect(x - w * 0.03, y, w * 1.06, lidH, s.lid, { rx: w * 0.05 }),
		rect(x - w * 0.03, y + lidH * 0.72, w * 1.06, lidH * 0.28, '#000', { opacity: 0.15 }),
		shine(x + w * 0.1, y + lidH * 1.2, w * 0.08, h - lidH * 1.7, 0.2),
		rect(x + w * 0.8, y + lidH, w * 0.2, h - lidH - w * 0.08, '#000', { opacity: 0.1 }),
	].join('');
}

/**
 * A supplement bottle with a ridged cap.
 * @param {number} cx
 * @param {number} base
 * @param {number} w
 * @param {number} h
 * @param {Style} s
 */
export function bottle(cx, base, w, h, s) {
	const capH = h * 0.18;
	const neckH = h * 0.05;
	const bodyH = h - capH - neckH;
	const top = base - h;
	const ink = isDark(s.label) ? '#f4f4f5' : '#3f3f46';
	const ridges = [];
	for (let i = 1; i < 8; i++) {
		const rx = cx - w * 0.38 + (w * 0.76 * i) / 8;
		ridges.push(
			rect(rx, top + capH * 0.15, Math.max(1, w * 0.015), capH * 0.7, '#000', { opacity: 0.18 }),
		);
	}
	return [
		groundShadow(cx, base, w),
		rect(cx - w / 2, base - bodyH, w, bodyH, s.body, { rx: w * 0.14 }),
		rect(cx - w * 0.35, base - bodyH - neckH, w * 0.7, neckH + w * 0.1, s.body),
		rect(cx - w * 0.38, top, w * 0.76, capH, s.lid, { rx: w * 0.06 }),
		...ridges,
		rect(cx - w / 2, base - bodyH * 0.78, w, bodyH * 0.5, s.label),
		rect(cx - w / 2, base - bodyH * 0.78, w, bodyH * 0.08, s.accent),
		rect(cx - w * 0.28, base - bodyH * 0.58, w * 0.56, bodyH * 0.06, ink, { rx: 2, opacity: 0.85 }),
		rect(cx - w * 0.18, base - bodyH * 0.47, w * 0.36, bodyH * 0.04, ink, { rx: 2, opacity: 0.5 }),
		shine(cx - w * 0.38, base - bodyH * 0.92, w * 0.08, bodyH * 0.84, 0.22),
	].join('');
}

/**
 * A shaker bottle, translucent, partly filled.
 * @param {number} cx
 * @param {number} base
 * @param {number} w
 * @param {number} h
 * @param {ShakerStyle} s
 */
export function shaker(cx, base, w, h, s) {
	const lidH = h * 0.2;
	const top = base - h + lidH;
	const bottomW = w * 0.84;
	const widthAt = (/** @type {number} */ y) =>
		bottomW + ((w - bottomW) * (base - y)) / (base - top);
	const body = p`M ${cx - w / 2} ${top} L ${cx + w / 2} ${top} L ${cx + bottomW / 2} ${base - w * 0.08} Q ${cx + bottomW / 2} ${base} ${cx + bottomW / 2 - w * 0.08} ${base} L ${cx - bottomW / 2 + w * 0.08} ${base} Q ${cx - bottomW / 2} ${base} ${cx - bottomW / 2} ${base - w * 0.08} Z`;
	const level = base - (base - top) * (s.level ?? 0.55);
	const lw = widthAt(level);
	const content = p`M ${cx - lw / 2} ${level} L ${cx + lw / 2} ${level} L ${cx + bottomW / 2} ${base - w * 0.08} Q ${cx + bottomW / 2} ${base} ${cx + bottomW / 2 - w * 0.08} ${base} L ${cx - bottomW / 2 + w * 0.08} ${base} Q ${cx - bottomW / 2} ${base} ${cx - bottomW / 2} ${base - w * 0.08} Z`;
	const ticks = [];
	for (let i = 1; i <= 5; i++) {
		const ty = base - ((base - top) * i) / 6.5;
		ticks.push(
			rect(
				cx + widthAt(ty) / 2 - w * 0.2,
				ty,
				w * (i % 2 ? 0.14 : 0.08),
				Math.max(1.5, h * 0.006),
				'#fff',
				{ opacity: 0.7 },
			),
		);
	}
	return [
		s.hanging ? '' : groundShadow(cx, base, w),
		path_(body, s.body, { opacity: 0.55 }),
		path_(content, s.content ?? '#78350f', { opacity: 0.9 }),
		...ticks,
		shine(cx - w * 0.34, top + h * 0.04, w * 0.07, (base - top) * 0.82, 0.35),
		rect(cx - w * 0.53, top - lidH * 0.5, w * 1.06, lidH * 0.55, s.lid, { rx: w * 0.06 }),
		path_(
			p`M ${cx - w * 0.46} ${top - lidH * 0.48} Q ${cx} ${top - lidH * 1.25} ${cx + w * 0.46} ${top - lidH * 0.48} Z`,
			s.lid,
		),
		rect(cx + w * 0.1, top - lidH * 1.1, w * 0.14, lidH * 0.35, s.cap ?? C.yellow, {
			rx: w * 0.04,
		}),
	].join('');
}

/**
 * A protein bar in its wrapper, centred on (cx, cy), optionally rotated.
 * @param {number} cx
 * @param {number} cy
 * @param {number} w
 * @param {number} h
 * @param {Pick<Style, "body" | "accent" | "label">} s
 * @param {number} [angle]
 */
export function proteinBar(cx, cy, w, h, s, angle = 0) {
	const crimp = h * 0.22;
	const lines = [];
	for (let i = 0; i < 5; i++) {
		const y = cy - h / 2 + (h * (i + 0.5)) / 5;
		lines.push(rect(cx - w / 2, y, crimp, Math.max(1, h * 0.04), '#000', { opacity: 0.2 }));
		lines.push(rect(cx + w / 2 - crimp, y, crimp, Math.max(1, h * 0.04), '#000', { opacity: 0.2 }));
	}
	return group(
		[
			ellipse(cx, cy + h * 0.6, w * 0.48, h * 0.14, '#000', { opacity: 0.15 }),
			rect(cx - w / 2, cy - h / 2, w, h, s.body, { rx: h * 0.08 }),
			poly(
				[
					[cx - w * 0.1, cy - h / 2],
					[cx + w * 0.12, cy - h / 2],
					[cx - w * 0.02, cy + h / 2],
					[cx - w * 0.24, cy + h / 2],
				],
				s.accent,
			),
			rect(cx + w * 0.08, cy - h * 0.22, w * 0.26, h * 0.44, s.label, { rx: h * 0.06 }),
			rect(cx - w / 2 + crimp, cy - h / 2, w - crimp * 2, h * 0.14, '#fff', { opacity: 0.2 }),
			...lines,
		],
		angle ? { transform: `rotate(${angle} ${n(cx)} ${n(cy)})` } : {},
	);
}

/**
 * A two-colour capsule, centred on (cx, cy).
 * @param {number} cx
 * @param {number} cy
 * @param {number} len
 * @param {number} r
 * @param {string} c1
 * @param {string} c2
 * @param {number} [angle]
 */
export function capsule(cx, cy, len, r, c1, c2, angle = 0) {
	return group(
		[
			rect(cx - len / 2, cy - r, len, r * 2, c2, { rx: r }),
			rect(cx - len / 2, cy - r, len / 2 + 0.5, r * 2, c1, { rx: r }),
			rect(cx - r, cy - r, r + 0.5, r * 2, c1),
			rect(cx - len / 2 + r * 0.6, cy - r * 0.6, len * 0.7, r * 0.35, '#fff', {
				rx: r * 0.2,
				opacity: 0.45,
			}),
		],
		{ transform: `rotate(${n(angle)} ${n(cx)} ${n(cy)})` },
	);
}

/**
 * A fish-oil softgel, centred on (cx, cy).
 * @param {number} cx
 * @param {number} cy
 * @param {number} rx
 * @param {number} ry
 * @param {number} [angle]
 */
export function softgel(cx, cy, rx, ry, angle = 0) {
	return group(
		[
			ellipse(cx, cy, rx, ry, '#f59e0b', { opacity: 0.9 }),
			ellipse(cx, cy, rx * 0.8, ry * 0.7, '#fcd34d', { opacity: 0.8 }),
			ellipse(cx - rx * 0.3, cy - ry * 0.35, rx * 0.35, ry * 0.2, '#fff', { opacity: 0.6 }),
		],
		{ transform: `rotate(${n(angle)} ${n(cx)} ${n(cy)})` },
	);
}

/**
 * A drink can with a lightning mark.
 * @param {number} cx
 * @param {number} base
 * @param {number} w
 * @param {number} h
 * @param {Pick<Style, "body" | "accent" | "label">} s
 */
export function can(cx, base, w, h, s) {
	const x = cx - w / 2;
	const top = base - h;
	return [
		groundShadow(cx, base, w),
		rect(x, top + w * 0.08, w, h - w * 0.12, s.body, { rx: w * 0.06 }),
		ellipse(cx, top + w * 0.1, w * 0.48, w * 0.1, '#d4d4d8'),
		ellipse(cx, top + w * 0.1, w * 0.38, w * 0.07, '#a1a1aa'),
		rect(x, base - w * 0.1, w, w * 0.06, '#a1a1aa'),
		rect(x, top + h * 0.3, w, h * 0.12, s.accent),
		bolt(cx, top + h * 0.62, w * 0.5, s.label),
		shine(x + w * 0.12, top + w * 0.2, w * 0.1, h - w * 0.4, 0.25),
	].join('');
}

/**
 * A lightning bolt centred on (cx, cy).
 * @param {number} cx
 * @param {number} cy
 * @param {number} size
 * @param {string} fill
 */
export function bolt(cx, cy, size, fill) {
	const s = size;
	return poly(
		[
			[cx + s * 0.12, cy - s * 0.6],
			[cx - s * 0.36, cy + s * 0.08],
			[cx - s * 0.02, cy + s * 0.08],
			[cx - s * 0.14, cy + s * 0.6],
			[cx + s * 0.36, cy - s * 0.1],
			[cx + s * 0.02, cy - s * 0.1],
		],
		fill,
	);
}

/**
 * An energy gel sachet, centred on (cx, cy).
 * @param {number} cx
 * @param {number} cy
 * @param {number} w
 * @param {number} h
 * @param {Pick<Style, "body" | "accent" | "label">} s
 * @param {number} [angle]
 */
export function gel(cx, cy, w, h, s, angle = 0) {
	const lines = [];
	for (let i = 0; i < 6; i++) {
		lines.push(
			rect(cx - w / 2 + (w * (i + 0.5)) / 6, cy - h / 2, Math.max(1, w * 0.03), h * 0.1, '#000', {
				opacity: 0.2,
			}),
		);
	}
	return group(
		[
			ellipse(cx, cy + h * 0.56, w * 0.5, h * 0.08, '#000', { opacity: 0.15 }),
			rect(cx - w / 2, cy - h / 2, w, h, s.body, { rx: w * 0.08 }),
			rect(cx - w / 2, cy - h / 2, w, h * 0.12, '#000', { opacity: 0.15, rx: w * 0.08 }),
			...lines,
			rect(cx - w / 2, cy - h * 0.05, w, h * 0.2, s.accent),
			bolt(cx, cy + h * 0.28, w * 0.32, s.label),
		],
		angle ? { transform: `rotate(${angle} ${n(cx)} ${n(cy)})` } : {},
	);
}

/**
 * The squeezable body of a cream tube standing on its cap: cap, body widening upwards, crimped
 * end. The proportions: the cap's height and the end's seam (of h), the cap's half width and
 * rounding, and the body's half width at the cap (of w).
 * @param {number} cx
 * @param {number} base
 * @param {number} w
 * @param {number} h
 * @param {string} lid
 * @param {string} body
 * @param {{ cap: number, capHalf: number, capRound: number, neck: number, seam: number }} shape
 */
export function tubeBody(cx, base, w, h, lid, body, shape) {
	const { cap, capHalf, capRound, neck, seam } = shape;
	const capH = h * cap;
	const top = base - h;
	return [
		rect(cx - w * capHalf, base - capH, w * capHalf * 2, capH, lid, { rx: w * capRound }),
		path_(
			p`M ${cx - w * neck} ${base - capH} L ${cx - w / 2} ${top + h * 0.06} L ${cx + w / 2} ${top + h * 0.06} L ${cx + w * neck} ${base - capH} Z`,
			body,
		),
		rect(cx - w * 0.52, top, w * 1.04, h * 0.07, body),
		rect(cx - w * 0.52, top + h * 0.02, w * 1.04, h * seam, '#000', { opacity: 0.2 }),
	].join('');
}

/** The proportions of the tubes on the shelves. */
const SHELF_TUBE = { cap: 0.16, capHalf: 0.32, capRound: 0.06, neck: 0.36, seam: 0.015 };

/**
 * A cream tube standing on its cap.
 * @param {number} cx
 * @param {number} base
 * @param {number} w
 * @param {number} h
 * @param {Style} s
 */
export function tube(cx, base, w, h, s) {
	const top = base - h;
	return [
		groundShadow(cx, base, w),
		tubeBody(cx, base, w, h, s.lid, s.body, SHELF_TUBE),
		rect(cx - w * 0.3, top + h * 0.28, w * 0.6, h * 0.08, s.accent, { rx: 3 }),
		rect(cx - w * 0.22, top + h * 0.42, w * 0.44, h * 0.04, s.label, { rx: 2, opacity: 0.8 }),
	].join('');
}
