import { openStatus, type WeekHours } from '../lib/shops/open-now';

/**
 * Fills each `[data-open-now]` line (src/components/sections/OpenNow.astro) with whether the
 * shop is open now, from the hours in its attribute, in Rome time; again every minute. The
 * static HTML cannot know the time, so without JavaScript the line stays empty and the opening
 * hours beside it say it all.
 */
function show(): void {
	for (const line of document.querySelectorAll<HTMLElement>('[data-open-now]')) {
		try {
			const hours = JSON.parse(line.dataset['openNow'] ?? '{}') as WeekHours;
			const text = openStatus(hours, new Date());
			line.textContent = text;
			line.dataset['state'] = text.startsWith('Aperto') ? 'aperto' : 'chiuso';
		} catch {
			line.textContent = '';
		}
	}
}

show();
setInterval(show, 60_000);
