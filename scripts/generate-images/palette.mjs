// @ts-check
// The palette of the drawings: site colours, the colour schemes of the packs on the shelves, the
// font, and the canvas of the 4:3 scenes.

/** Site palette plus a few product colours. */
export const C = {
	yellow: '#facc15',
	yellowDark: '#eab308',
	yellowSoft: '#fef9c3',
	night: '#18181b',
	nightSoft: '#27272a',
	grey700: '#3f3f46',
	grey600: '#52525b',
	grey500: '#71717a',
	grey400: '#a1a1aa',
	grey300: '#d4d4d8',
	grey200: '#e4e4e7',
	grey100: '#f4f4f5',
	white: '#ffffff',
	skin: '#e8b98f',
	skinDark: '#b9835a',
};

/**
 * @typedef {{ body: string, lid: string, label: string, accent: string }} Style colours of a pack
 */

/** Colour schemes of the tubs, bottles and jars on the shelves (no real brand liveries). */
export const STYLES = /** @type {const} */ ([
	{ body: '#18181b', lid: '#facc15', label: '#facc15', accent: '#27272a' },
	{ body: '#facc15', lid: '#18181b', label: '#ffffff', accent: '#18181b' },
	{ body: '#f8fafc', lid: '#dc2626', label: '#dc2626', accent: '#facc15' },
	{ body: '#1e3a8a', lid: '#f8fafc', label: '#f8fafc', accent: '#38bdf8' },
	{ body: '#7c2d12', lid: '#18181b', label: '#fde68a', accent: '#f97316' },
	{ body: '#f8fafc', lid: '#16a34a', label: '#16a34a', accent: '#bbf7d0' },
	{ body: '#27272a', lid: '#ef4444', label: '#f4f4f5', accent: '#ef4444' },
	{ body: '#6d28d9', lid: '#18181b', label: '#f5f3ff', accent: '#facc15' },
	{ body: '#0f766e', lid: '#f8fafc', label: '#ccfbf1', accent: '#facc15' },
	{ body: '#fb923c', lid: '#27272a', label: '#fff7ed', accent: '#27272a' },
	{ body: '#0ea5e9', lid: '#0f172a', label: '#f0f9ff', accent: '#facc15' },
]);

export const FONT = "DejaVu Sans, 'Liberation Sans', Arial, sans-serif";

/** 4:3 scenes are drawn on a 1200 x 900 canvas and scaled to the output size. */
export const W = 1200;
export const H = 900;
