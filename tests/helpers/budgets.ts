/**
 * Byte budgets of the build output (bench/budgets.json), checked by tests/e2e/budgets.spec.ts on the
 * real pages. Pure: the test measures, this module compares and words the verdict.
 */

/** What was measured on one page, in bytes (gzip). */
export interface PageBytes {
	page: string;
	/** Page type, to pick the HTML budget ("product" or "default"). */
	kind: 'product' | 'default';
	js: number;
	css: number;
	html: number;
	lcpImage: number;
}

/** The byte budgets of bench/budgets.json. */
export interface ByteBudgets {
	jsBeforeInteraction: number;
	css: number;
	html: { default: number; product: number };
	lcpImage: number;
}

/** One broken budget. */
export interface BudgetBreach {
	page: string;
	what: 'JavaScript' | 'CSS' | 'HTML' | 'immagine LCP';
	bytes: number;
	budget: number;
}

/** The budgets a page breaks (empty when it keeps them all). */
export function checkBudgets(measured: PageBytes, budgets: ByteBudgets): BudgetBreach[] {
	const checks: [BudgetBreach['what'], number, number][] = [
		['JavaScript', measured.js, budgets.jsBeforeInteraction],
		['CSS', measured.css, budgets.css],
		['HTML', measured.html, budgets.html[measured.kind]],
		['immagine LCP', measured.lcpImage, budgets.lcpImage],
	];
	return checks
		.filter(([, bytes, budget]) => bytes > budget)
		.map(([what, bytes, budget]) => ({ page: measured.page, what, bytes, budget }));
}

/** "12.3 KB" */
export function formatBytes(bytes: number): string {
	return `${(bytes / 1024).toFixed(1)} KB`;
}

/** "/prodotti/x: JavaScript 95.0 KB, budget 90.0 KB (over by 5.0 KB)". */
export function describeBreach(breach: BudgetBreach): string {
	return `${breach.page}: ${breach.what} ${formatBytes(breach.bytes)}, budget ${formatBytes(breach.budget)} (over by ${formatBytes(breach.bytes - breach.budget)})`;
}
