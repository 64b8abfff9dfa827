import { openStatus, romeDate, type ShopCalendar } from '../lib/shops/open-now';

/**
 * Fills each `[data-open-now]` line (src/components/sections/OpenNow.astro) with whether the
 * shop is open now, from the hours in its attribute, in Rome time; again every minute. The
 * static HTML cannot know the time, so without JavaScript the line stays empty and the opening
 * hours beside it say it all.
 */
function show(): void {
	for (const line of document.querySelectorAll<HTMLElement>('[data-open-now]')) {
		try {
			const shop = JSON.parse(line.dataset['openNow'] ?? '{}') as ShopCalendar;
			const text = openStatus(shop.hours ? shop : { hours: {} }, new Date());
			line.textContent = text;
			line.dataset['state'] = text.startsWith('Aperto') ? 'aperto' : 'chiuso';
		} catch {
			line.textContent = '';
		}
	}
}

/**
 * Hides each `[data-closed-until]` line of /negozi (a closure, "Chiuso dal … al …") once its
 * last day has passed: the page was built earlier, and is kept by the phone for days.
 */
function hidePastClosures(): void {
	const today = romeDate(new Date());
	for (const line of document.querySelectorAll<HTMLElement>('[data-closed-until]')) {
		line.hidden = (line.dataset['closedUntil'] ?? '') < today;
	}
}

/** Again every minute. */
function everyMinute(): void {
	setInterval(() => {
		show();
		hidePastClosures();
	}, 60_000);
}

/**
 * The late part's steps (src/scripts/late/parts.ts), each in a task of its own: the lines now,
 * the closures now, then again every minute.
 */
export const steps = [show, hidePastClosures, everyMinute];
