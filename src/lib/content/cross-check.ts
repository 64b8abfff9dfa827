/**
 * Checks across collections that a single file's schema cannot make: a product's category must
 * exist and match its folder, and file names must be unique across categories (they are the
 * product's address and its old /product/{slug} redirect).
 */

/** What the check needs of a product entry. */
export interface ProductRef {
	/** Path of the content file, as Astro reports it. */
	file: string;
	slug: string;
	category: string;
}

/** One line per problem, naming the file and the field; empty when everything holds. */
export function crossCheckProducts(
	products: readonly ProductRef[],
	categoryIds: ReadonlySet<string>,
): string[] {
	const problems: string[] = [];
	const slugs = new Map<string, string>();
	for (const product of products) {
		const { file, category } = product;
		const folder = file.split('/').at(-2);
		if (!categoryIds.has(category)) {
			problems.push(
				`${file}: **category**: la categoria «${category}» non esiste. Categorie: ${[...categoryIds].join(', ')}`,
			);
		} else if (folder !== category) {
			problems.push(
				`${file}: **category**: il file è nella cartella «${folder}» ma indica la categoria «${category}»: spostalo in content/products/${category}/ oppure correggi il campo`,
			);
		}
		if (product.slug === 'varianti' || product.slug === '404') {
			problems.push(
				`${file}: il nome del file «${product.slug}.md» è riservato a una pagina del sito: scegline un altro`,
			);
		}
		const other = slugs.get(product.slug);
		if (other) {
			problems.push(
				`${file}: il nome del file «${product.slug}.md» è già usato da ${other}: ogni prodotto deve avere un nome di file diverso`,
			);
		}
		slugs.set(product.slug, file);
	}
	return problems;
}
