import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import ShopClosuresPage from '../../../../src/components/sections/ShopClosures.astro';
import { addDays, closureLine, dayLabel } from '../../../../src/lib/shops/calendar';
import { romeDate } from '../../../../src/lib/shops/open-now';
import { TORINO_HOURS } from '../../../fixtures/shops';

/**
 * The lines under a shop's hours on /negozi, rendered as the build renders them: the coming
 * closures and extraordinary openings, each with its last day for the page script, and none of
 * those already over. Dates are counted from today, as the build counts them.
 */
/** The component; the type checker of the lint step cannot read an .astro file's type. */
const ShopClosures = ShopClosuresPage as unknown as AstroComponentFactory;

describe('ShopClosures', () => {
	const today = romeDate(new Date());
	const ferie = { from: addDays(today, 10), to: addDays(today, 20), note: 'Chiuso per ferie' };
	const oneDay = { from: addDays(today, 3), to: addDays(today, 3) };
	const past = { from: addDays(today, -20), to: addDays(today, -1), note: 'Finita' };
	const opening = { date: addDays(today, 5), hours: ['10:00-13:00'] };

	async function render(shop: object): Promise<string> {
		const container = await AstroContainer.create();
		return container.renderToString(ShopClosures, { props: { shop } });
	}

	it('lists the coming closures in date order, then the openings, and leaves out the past', async () => {
		const html = await render({
			hours: TORINO_HOURS,
			closures: [ferie, past, oneDay],
			openings: [opening, { date: addDays(today, -2) }],
		});
		const lines = [...html.matchAll(/<li data-closed-until="([\d-]+)"[^>]*>([^<]*)<\/li>/g)].map(
			(match) => [match[1], match[2]?.trim()],
		);
		expect(lines).toEqual([
			[oneDay.to, closureLine(oneDay)],
			[ferie.to, closureLine(ferie)],
			[
				opening.date,
				`Apertura straordinaria ${dayLabel(opening.date)} ${opening.date.slice(0, 4)}: 10:00–13:00`,
			],
		]);
		expect(closureLine(ferie)).toMatch(/^Chiuso dal .+: Chiuso per ferie$/);
		expect(html).not.toContain('Finita');
		expect(html).toContain('Nelle festività nazionali il negozio è chiuso');
	});

	it('shows no list for a shop without closures, only the rule of national holidays', async () => {
		const html = await render({ hours: TORINO_HOURS });
		expect(html).not.toContain('<li');
		expect(html).toContain('Nelle festività nazionali il negozio è chiuso');
	});
});
