import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { isEditorFile } from '../lib/http/headers';

/**
 * The site's built pages under a folder (dist/client), as paths relative to it with forward
 * slashes, sorted; the editor's page (/admin) is not one of them.
 */
export async function sitePages(dir: string): Promise<string[]> {
	const entries = await readdir(dir, { recursive: true, withFileTypes: true });
	return entries
		.filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
		.map((entry) =>
			path.relative(dir, path.join(entry.parentPath, entry.name)).replaceAll('\\', '/'),
		)
		.filter((file) => !isEditorFile(`/${file}`))
		.sort();
}
