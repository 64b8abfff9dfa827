import { AxeBuilder as PlaywrightAxeBuilder } from '@axe-core/playwright';

/**
 * axe for the browser tests: `@axe-core/playwright`'s builder, running `axe.run` in the page
 * itself (its "legacy mode"). By default the builder runs axe in every frame apart and then
 * merges the results in a new blank page, into which it loads axe (0.5 MB) once more: a design
 * for pages with frames of other origins, which the site has none of. On the site's pages that
 * doubled the time of each check (the accessibility sweep spent half of it opening blank pages),
 * for the same violations. Frames of the page's own origin are still checked.
 */
export class AxeBuilder extends PlaywrightAxeBuilder {
	constructor(options: ConstructorParameters<typeof PlaywrightAxeBuilder>[0]) {
		super(options);
		this.setLegacyMode(true);
	}
}

export default AxeBuilder;
