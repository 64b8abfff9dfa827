import { getCollection } from 'astro:content';
import type { APIRoute } from 'astro';
import { buildCmsConfig } from '../../lib/cms/config';
import { getSettings } from '../../lib/content/queries';

/**
 * /admin/config.json: the editor's configuration, built from the zod schemas and the Italian
 * wording of src/lib/cms/labels.ts (docs/editor.md). A field on one side only
 * stops the build, naming it. CMS_REPO ("owner/name" on GitHub) and CMS_BRANCH say where the
 * editor saves in production.
 */
export const GET: APIRoute = async () => {
	const categories = (await getCollection('categories'))
		.sort((a, b) => a.data.order - b.data.order)
		.map((entry) => ({ value: entry.data.slug, label: entry.data.name }));
	const shops = (await getCollection('shops'))
		.sort((a, b) => a.data.order - b.data.order)
		.map((entry) => ({ value: entry.id, label: entry.data.shortName }));
	const { config, problems } = buildCmsConfig({
		repo: process.env['CMS_REPO'] ?? 'vigorsport/sito',
		branch: process.env['CMS_BRANCH'] ?? 'main',
		categories,
		shops,
		companyName: (await getSettings()).companyName,
	});
	if (problems.length > 0) {
		throw new Error(
			`La configurazione dell'editor non corrisponde agli schemi dei contenuti:\n  ${problems.join('\n  ')}`,
		);
	}
	return new Response(JSON.stringify(config, null, '\t'), {
		headers: { 'Content-Type': 'application/json; charset=utf-8' },
	});
};
