// @ts-check
// The size every pack drawer starts from.

/**
 * The width and height of a pack drawn at scale k, and the height of its top above the ground.
 * @param {number} base where the pack stands
 * @param {number} k
 * @param {number} width at scale 1
 * @param {number} height at scale 1
 */
export function frame(base, k, width, height) {
	const w = width * k;
	const h = height * k;
	return { w, h, top: base - h };
}
