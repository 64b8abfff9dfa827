import { describe, expect, it } from 'vitest';
import {
	CHROMIUM_ARGS,
	playwrightChromiumArgs,
	playwrightDisabledFeatures,
} from '../../../scripts/browser-path.mjs';

describe('the flags of Chromium under Playwright', () => {
	it('reads the features Playwright turns off from its own code (an upgrade that moves them fails here)', () => {
		const features = playwrightDisabledFeatures();
		expect(features).not.toBeNull();
		// Two that Playwright has turned off for years, for reasons the tests depend on.
		expect(features).toEqual(
			expect.arrayContaining(['PaintHolding', 'ThirdPartyStoragePartitioning']),
		);
		for (const feature of features ?? []) expect(feature).toMatch(/^\w+$/);
	});

	it("repeats them in its one --disable-features, with the tests' own", () => {
		const args = playwrightChromiumArgs();
		expect(args.slice(0, CHROMIUM_ARGS.length)).toEqual([...CHROMIUM_ARGS]);
		const disable = args.filter((arg) => arg.startsWith('--disable-features='));
		expect(disable).toHaveLength(1);
		const listed = (disable[0] ?? '').slice('--disable-features='.length).split(',');
		expect(listed).toEqual([...(playwrightDisabledFeatures() ?? []), 'PreloadTopChromeWebUI']);
	});
});
