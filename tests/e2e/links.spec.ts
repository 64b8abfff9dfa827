import { expect, test } from './helpers/test';
import { crawlSite, describeBrokenLinks } from './helpers/crawl';

test('every link reachable from the home page works', async ({ request }) => {
	test.setTimeout(180_000);
	const { pages, visited, broken } = await crawlSite(request);
	expect(pages, 'the crawl should reach the home page').toContain('/');
	expect(
		broken.length,
		`${broken.length} broken link(s) out of ${visited.length} addresses:\n${describeBrokenLinks(broken)}`,
	).toBe(0);
});
