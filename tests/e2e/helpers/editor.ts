import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Locator, Page, Route } from '@playwright/test';

/**
 * The editor at /admin (Sveltia CMS) on its test backend: a repository kept in the browser's
 * own storage (the origin-private file system, folder "sveltia-cms-test"), filled here with a
 * copy of the real content/ folder. The editor reads and writes it exactly as it does a local
 * folder or GitHub; the test reads the saved files back from it.
 */

/** The folder of the test backend in the origin-private file system (Sveltia CMS's name). */
const TEST_REPOSITORY = 'sveltia-cms-test';

/** Requests that left the local server (each is aborted): the editor must make none. */
export async function blockOtherHosts(context: BrowserContext): Promise<string[]> {
	const outside: string[] = [];
	await context.route(/^(?!https?:\/\/127\.0\.0\.1[:/])[a-z]+:\/\//, (route) => {
		const url = route.request().url();
		if (url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
		outside.push(url);
		return route.abort();
	});
	// The site's configuration with the test backend instead of GitHub: same collections. It is
	// fetched once per context and kept: every start of the editor asks for it, and a fetch on a
	// kept-alive connection the server has just closed fails (ECONNRESET), so one more try.
	let config: Promise<Record<string, unknown>> | undefined;
	const fetchConfig = async (route: Route) => {
		const response = await route.fetch().catch(() => route.fetch());
		return (await response.json()) as Record<string, unknown>;
	};
	await context.route(/\/admin\/config\.json/, async (route) => {
		config ??= fetchConfig(route);
		const json = await config.catch((error: unknown) => {
			config = undefined;
			throw error;
		});
		await route.fulfill({ json: { ...json, backend: { name: 'test-repo' } } });
	});
	return outside;
}

/** The files of a folder, as [path relative to the repository, base64]. */
async function filesOf(root: string, folder: string): Promise<[string, string][]> {
	const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true });
	const files: [string, string][] = [];
	for (const entry of entries) {
		if (!entry.isFile()) continue;
		const absolute = path.join(entry.parentPath, entry.name);
		files.push([path.relative(root, absolute), (await readFile(absolute)).toString('base64')]);
	}
	return files;
}

/** Opens /admin with a copy of content/ in its test repository, signed in and listing products. */
export async function openEditor(page: Page, root: string): Promise<void> {
	await page.goto('/admin');
	const files = await filesOf(root, 'content');
	await page.evaluate(
		async ({ name, files }) => {
			const storage = await navigator.storage.getDirectory();
			await storage.removeEntry(name, { recursive: true }).catch(() => undefined);
			const repository = await storage.getDirectoryHandle(name, { create: true });
			for (const [file, base64] of files) {
				const parts = file.split('/');
				let folder = repository;
				for (const part of parts.slice(0, -1)) {
					folder = await folder.getDirectoryHandle(part, { create: true });
				}
				const handle = await folder.getFileHandle(parts.at(-1) ?? '', { create: true });
				const writable = await handle.createWritable();
				await writable.write(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
				await writable.close();
			}
		},
		{ name: TEST_REPOSITORY, files },
	);
	await page.reload();
	await page.getByRole('button', { name: 'Lavora con Repository di Test' }).click();
	await page.getByRole('treeitem', { name: /Prodotti/ }).waitFor();
}

/** A file of the test repository as the editor saved it, or null when there is none. */
export async function savedFile(page: Page, file: string): Promise<Buffer | null> {
	const base64 = await page.evaluate(
		async ({ name, file }) => {
			try {
				let folder = await (await navigator.storage.getDirectory()).getDirectoryHandle(name);
				const parts = file.split('/');
				for (const part of parts.slice(0, -1)) folder = await folder.getDirectoryHandle(part);
				const blob = await (await folder.getFileHandle(parts.at(-1) ?? '')).getFile();
				const bytes = new Uint8Array(await blob.arrayBuffer());
				let text = '';
				for (const byte of bytes) text += String.fromCharCode(byte);
				return btoa(text);
			} catch {
				return null;
			}
		},
		{ name: TEST_REPOSITORY, file },
	);
	return base64 === null ? null : Buffer.from(base64, 'base64');
}

/** Every file of the test repository, as paths. */
export async function savedFiles(page: Page): Promise<string[]> {
	return page.evaluate(async (name) => {
		const out: string[] = [];
		const walk = async (folder: FileSystemDirectoryHandle, prefix: string) => {
			for await (const [entryName, handle] of folder as unknown as AsyncIterable<
				[string, FileSystemHandle]
			>) {
				if (handle.kind === 'directory') {
					await walk(handle as FileSystemDirectoryHandle, `${prefix}${entryName}/`);
				} else out.push(`${prefix}${entryName}`);
			}
		};
		await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(name), '');
		return out.sort();
	}, TEST_REPOSITORY);
}

/**
 * A field of the form by its label, within `scope`: the editor draws list items as they scroll
 * into view, so the scope is brought into view first.
 */
export async function field(
	page: Page,
	scope: Locator,
	role: 'textbox' | 'spinbutton' | 'combobox',
	name: string,
): Promise<Locator> {
	const control = scope.getByRole(role, { name, exact: true }).first();
	await reveal(page, scope.first());
	await scope.first().scrollIntoViewIfNeeded();
	await reveal(page, control);
	return control;
}

/**
 * Scrolls the form until `target` is drawn: the editor draws fields and list items only as
 * they come into view, as a visitor's scrolling would.
 */
export async function reveal(page: Page, target: Locator): Promise<void> {
	for (let step = 0; step < 80 && (await target.count()) === 0; step++) {
		await page.evaluate(() => {
			for (const element of document.querySelectorAll<HTMLElement>('*')) {
				const { overflowY } = getComputedStyle(element);
				const scrolls = overflowY === 'auto' || overflowY === 'scroll';
				if (scrolls && element.scrollHeight > element.clientHeight + 1) element.scrollBy(0, 300);
			}
		});
		await page.waitForTimeout(100);
	}
	await target.scrollIntoViewIfNeeded({ timeout: 10_000 });
}

/** The group of a field of the form ("Campo “Prezzo (€)”"). */
export function fieldGroup(scope: Page | Locator, label: string): Locator {
	const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	// The editor wraps the label in bidi isolates: Campo “⁨Prezzo (€)⁩”.
	return scope.getByRole('group', { name: new RegExp(`^Campo “\\W?${escaped}\\W?”$`) });
}
