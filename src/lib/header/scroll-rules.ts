/**
 * Scroll rules of the site header (docs/navigation.md): when it turns compact and when it hides.
 * Pure, so that each threshold is covered by a table of unit tests; the Header island only
 * feeds it `window.scrollY`.
 */

/** Above this scroll position the header turns compact. */
export const COMPACT_ABOVE = 130;
/** Below this scroll position the header returns to its normal size. */
export const NORMAL_BELOW = 110;
/** Scrolling down past this position hides the header. */
export const HIDE_BEYOND = 400;
/** How long hiding stays suppressed after a click on a navigation link, in milliseconds. */
export const NAV_CLICK_SUPPRESSION_MS = 1000;

/** What the header looks like, plus the scroll position that the next direction is measured from. */
export interface HeaderState {
	compact: boolean;
	hidden: boolean;
	/** Scroll position at the last change of direction that passed the threshold. */
	anchorY: number;
}

/** What the page tells the rules at each scroll event. */
export interface ScrollInput {
	/** Current vertical scroll position in pixels. */
	y: number;
	/** The mobile menu is open: the header must stay visible. */
	menuOpen: boolean;
	/** A navigation link was clicked less than NAV_CLICK_SUPPRESSION_MS ago. */
	suppressed: boolean;
}

/** The header at the top of a freshly loaded page. */
export const INITIAL_HEADER_STATE: HeaderState = { compact: false, hidden: false, anchorY: 0 };

/**
 * Pixels the page must move before a change of direction counts: 25 between 100 and 150 px
 * (around the compact switch, to avoid flicker), 20 elsewhere below 200 px, 10 further down.
 */
export function directionThreshold(y: number): number {
	if (y >= 100 && y <= 150) return 25;
	if (y < 200) return 20;
	return 10;
}

/** Compact above 130 px, normal below 110 px, unchanged in between (hysteresis). */
export function nextCompact(compact: boolean, y: number): boolean {
	if (y > COMPACT_ABOVE) return true;
	if (y < NORMAL_BELOW) return false;
	return compact;
}

/** The header state after a scroll event. */
export function nextHeaderState(state: HeaderState, input: ScrollInput): HeaderState {
	const y = Math.max(0, input.y);
	const compact = nextCompact(state.compact, y);
	const delta = y - state.anchorY;
	const threshold = directionThreshold(y);
	let { hidden, anchorY } = state;

	if (delta >= threshold) {
		hidden = y > HIDE_BEYOND;
		anchorY = y;
	} else if (delta <= -threshold) {
		hidden = false;
		anchorY = y;
	}
	if (y <= HIDE_BEYOND || input.menuOpen || input.suppressed) hidden = false;

	return { compact, hidden, anchorY };
}

/** Whether a navigation link is the current page: exact match, or a section such as /prodotti/x. */
export function isActiveLink(href: string, pathname: string): boolean {
	const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
	if (href === '/') return path === '/';
	return path === href || path.startsWith(`${href}/`);
}
