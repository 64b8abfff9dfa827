/**
 * The two small charts of l'andamento as plain SVG numbers: bars for the reservations of each
 * week, and a line for the no-show rate (weeks without a figure leave a gap). The page draws
 * them server-side with the same figures as a table beside them, so no script is needed and a
 * screen reader reads the table. Pure.
 */

/** The drawing's size, in its own units (the SVG scales to the page's width). */
export const CHART_WIDTH = 320;
export const CHART_HEIGHT = 120;
/** Room at the bottom for the weeks' labels. */
const LABEL_SPACE = 18;

/** A bar: where it stands, its height, its figure. */
export interface Bar {
	x: number;
	y: number;
	width: number;
	height: number;
	value: number;
	label: string;
}

/** Bars for these values, the tallest reaching the top; labels under every third bar. */
export function bars(values: readonly { value: number; label: string }[]): Bar[] {
	const top = Math.max(1, ...values.map((item) => item.value));
	const slot = CHART_WIDTH / Math.max(1, values.length);
	const room = CHART_HEIGHT - LABEL_SPACE;
	return values.map((item, index) => {
		const height = Math.round((item.value / top) * (room - 4));
		return {
			x: Math.round(index * slot + slot * 0.15),
			y: room - height,
			width: Math.round(slot * 0.7),
			height,
			value: item.value,
			label: item.label,
		};
	});
}

/** Where each percentage (0–100, bottom to top) stands; null stays null. */
export function percentPoints(
	values: readonly (number | null)[],
): ({ x: number; y: number } | null)[] {
	const slot = CHART_WIDTH / Math.max(1, values.length);
	const room = CHART_HEIGHT - LABEL_SPACE - 4;
	return values.map((value, index) =>
		value === null
			? null
			: {
					x: Math.round(index * slot + slot / 2),
					y: Math.round(4 + room - (Math.min(100, Math.max(0, value)) / 100) * room),
				},
	);
}

/**
 * The line through these percentages, as the `d` of an SVG path: a null breaks the line, so a
 * week without a figure is not drawn as 0.
 */
export function percentPath(values: readonly (number | null)[]): string {
	let path = '';
	let drawing = false;
	for (const point of percentPoints(values)) {
		if (point === null) {
			drawing = false;
			continue;
		}
		path += `${drawing ? ' L' : path ? ' M' : 'M'}${point.x} ${point.y}`;
		drawing = true;
	}
	return path;
}

/** The centre of each slot, for the points and the labels. */
export function slotCentres(count: number): number[] {
	const slot = CHART_WIDTH / Math.max(1, count);
	return Array.from({ length: count }, (_, index) => Math.round(index * slot + slot / 2));
}

/** Where the labels' baseline is. */
export const LABEL_Y = CHART_HEIGHT - 4;
