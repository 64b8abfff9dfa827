import { describe, expect, it } from 'vitest';
import {
	counterText,
	neighboursToPreload,
	nextIndex,
	photoAnnouncement,
	previousIndex,
	scrollbarWidth,
	swipeDirection,
	wrapIndex,
} from '../../../../src/lib/gallery/lightbox';
import { SWIPE_THRESHOLD } from '../../../../src/lib/gestures/swipe';

describe('wrapIndex', () => {
	it.each([
		// [index, total, expected]
		[0, 6, 0],
		[5, 6, 5],
		[6, 6, 0],
		[7, 6, 1],
		[-1, 6, 5],
		[-6, 6, 0],
		[-7, 6, 5],
		[0, 1, 0],
		[3, 1, 0],
		[0, 0, 0],
		[4, 0, 0],
	])('%i of %i is %i', (index, total, expected) => {
		expect(wrapIndex(index, total)).toBe(expected);
	});
});

describe('nextIndex', () => {
	it.each([
		[0, 6, 1],
		[4, 6, 5],
		[5, 6, 0],
		[0, 2, 1],
		[1, 2, 0],
		[0, 1, 0],
	])('after %i of %i comes %i', (index, total, expected) => {
		expect(nextIndex(index, total)).toBe(expected);
	});
});

describe('previousIndex', () => {
	it.each([
		[5, 6, 4],
		[1, 6, 0],
		[0, 6, 5],
		[0, 8, 7],
		[1, 2, 0],
		[0, 2, 1],
		[0, 1, 0],
	])('before %i of %i comes %i', (index, total, expected) => {
		expect(previousIndex(index, total)).toBe(expected);
	});
});

describe('counterText', () => {
	it.each([
		[0, 6, '1 / 6'],
		[2, 6, '3 / 6'],
		[5, 6, '6 / 6'],
		[7, 8, '8 / 8'],
		[6, 6, '1 / 6'],
		[0, 1, '1 / 1'],
	])('photo %i of %i reads %s', (index, total, expected) => {
		expect(counterText(index, total)).toBe(expected);
	});
});

describe('photoAnnouncement', () => {
	it.each([
		[2, 6, 'La vetrina', 'Foto 3 di 6: La vetrina'],
		[0, 8, 'Vitamine e capsule', 'Foto 1 di 8: Vitamine e capsule'],
		[5, 6, '', 'Foto 6 di 6'],
	])('photo %i of %i with alt %j is %j', (index, total, alt, expected) => {
		expect(photoAnnouncement(index, total, alt)).toBe(expected);
	});
});

describe('neighboursToPreload', () => {
	it.each([
		// [index, total, expected: next first, then previous]
		[0, 6, [1, 5]],
		[2, 6, [3, 1]],
		[5, 6, [0, 4]],
		[0, 3, [1, 2]],
		[0, 2, [1]],
		[1, 2, [0]],
		[0, 1, []],
		[0, 0, []],
	])('around %i of %i preloads %j', (index, total, expected) => {
		expect(neighboursToPreload(index, total)).toEqual(expected);
	});
});

describe('swipeDirection', () => {
	it('uses a 50 px threshold', () => {
		expect(SWIPE_THRESHOLD).toBe(50);
	});

	it.each([
		// [dx, dy, expected]
		[-50, 0, 'next'],
		[-120, 10, 'next'],
		[50, 0, 'previous'],
		[200, -30, 'previous'],
		[-49, 0, null],
		[49, 0, null],
		[0, 0, null],
		[-80, 90, null],
		[80, -81, null],
		[-60, 60, 'next'],
	] as const)('dx %i, dy %i gives %s', (dx, dy, expected) => {
		expect(swipeDirection(dx, dy)).toBe(expected);
	});

	it('accepts another threshold', () => {
		expect(swipeDirection(-30, 0, 20)).toBe('next');
		expect(swipeDirection(-30, 0, 40)).toBeNull();
	});
});

describe('scrollbarWidth', () => {
	it.each([
		[1280, 1265, 15],
		[1280, 1280, 0],
		[390, 390, 0],
		[1280, 1290, 0],
	])('window %i, document %i: %i px', (windowWidth, documentWidth, expected) => {
		expect(scrollbarWidth(windowWidth, documentWidth)).toBe(expected);
	});
});
