import { describe, expect, it } from 'vitest';
import { PHOTO_FRAMES, photoFrameClass } from '../../../../src/lib/images/photo-frame';

describe('photoFrameClass', () => {
	it.each([
		[800, 800, 'max-w-[var(--photo-max-h)]'],
		[600, 800, 'max-w-[calc(var(--photo-max-h)*0.75)]'],
		[800, 600, 'max-w-[calc(var(--photo-max-h)*1.3333)]'],
		[1200, 800, 'max-w-[calc(var(--photo-max-h)*1.5)]'],
		[800, 1200, 'max-w-[calc(var(--photo-max-h)*0.6667)]'],
		[820, 800, 'max-w-[var(--photo-max-h)]'],
		[3000, 1000, 'max-w-[calc(var(--photo-max-h)*2)]'],
		[1000, 3000, 'max-w-[calc(var(--photo-max-h)*0.5)]'],
		[0, 800, 'max-w-[var(--photo-max-h)]'],
		[800, 0, 'max-w-[var(--photo-max-h)]'],
		[Number.NaN, 800, 'max-w-[var(--photo-max-h)]'],
		[-1, -1, 'max-w-[var(--photo-max-h)]'],
	])('%s × %s → %s', (width, height, expected) => {
		expect(photoFrameClass(width, height)).toBe(expected);
	});

	it('caps each frame at its own ratio of the height', () => {
		for (const { ratio, className } of PHOTO_FRAMES) {
			const factor = /\*([\d.]+)\)\]$/.exec(className)?.[1] ?? '1';
			expect(Number(factor)).toBeCloseTo(ratio, 3);
		}
	});
});
