import { buildSharedSite } from './shared-site';

/** The specs that open the second site: the project `builds` of playwright.config.ts. */
const SECOND_SITE_SPECS = ['admin-site', 'content-html', 'update'];
export const USES_SECOND_SITE = new RegExp(`(${SECOND_SITE_SPECS.join('|')})\\.spec\\.ts$`);

/**
 * Whether this run may open the second site: no file named on the command line (the whole
 * suite), or one of its specs named. A guess from the arguments is enough: when it is wrong,
 * the first spec that needs the site builds it itself.
 */
function runNeedsSecondSite(argv: readonly string[]): boolean {
	const filters = argv.slice(argv.indexOf('test') + 1).filter((arg) => !arg.startsWith('-'));
	return (
		filters.length === 0 ||
		filters.some((filter) => SECOND_SITE_SPECS.some((name) => filter.includes(name)))
	);
}

/**
 * Global set-up of the browser tests: starts the second site's build (helpers/shared-site.ts)
 * in the background, so that it runs while the other tests wait on pages and the browser
 * instead of alone after them. The returned teardown stops a build that nobody waited for (a
 * run whose tests ended first).
 */
export default function startSecondSite(): () => Promise<void> {
	if (!runNeedsSecondSite(process.argv)) return () => Promise.resolve();
	const stop = new AbortController();
	const done = buildSharedSite(stop.signal);
	return async () => {
		stop.abort();
		await done;
	};
}
