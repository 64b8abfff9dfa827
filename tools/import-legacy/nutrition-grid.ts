import { stripBullet } from './features';
import { cellText, normKey, nutrientName, vnrText } from './nutrition-cells';
import { defaultColumn, kindOf, type Context } from './nutrition-columns';
import { htmlText } from './values';

/** Nutrition written as text: 'label: value' lines, markdown pipe tables and HTML tables. */

/** 'label: value' lines (with an optional "(15% VNR)" after the value), or a pipe table. */
export function addLines(ctx: Context, lines: readonly string[], heading?: string): void {
	if (lines.some((line) => line.trim().startsWith('|'))) {
		addGrid(ctx, pipeGrid(lines));
		return;
	}
	let column: string | undefined;
	const headingColumn = () => {
		let per = heading ? /\bper\s+(.+?)\s*:?\s*$/i.exec(heading)?.[1] : undefined;
		// "VALORI NUTRIZIONALI (per 100 ml)": drop the bracket the heading opened before "per".
		if (per && (per.match(/\)/g)?.length ?? 0) > (per.match(/\(/g)?.length ?? 0)) {
			per = per.replace(/\)\s*$/, '');
		}
		if (per) {
			const label = `Per ${per.trim()}`;
			return ctx.builder.column(normKey(label), label, kindOf(label));
		}
		return defaultColumn(ctx);
	};
	for (const raw of lines) {
		const line = stripBullet(raw).replace(/\*\*/g, '');
		const match = /^([^:\t]+?)\s*[:\t]\s*(.*)$/.exec(line);
		if (!match) {
			ctx.builder.skipped++;
			continue;
		}
		let value = (match[2] ?? '').trim();
		let vnr: string | undefined;
		// "15 mg (150% VNR)" or "15 mg – 150% VNR": the value, then its %VNR.
		const percent =
			/^(.*?\S)\s*\(\s*(\d+(?:[.,]\d+)?)\s*%\s*(?:VNR|NRV|RI|AR)?\*?\s*\)$/i.exec(value) ??
			/^(.*?\S)\s*[-–,;]?\s+(\d+(?:[.,]\d+)?)\s*%\s*(?:VNR|NRV|RI|AR)\*?$/i.exec(value);
		if (percent?.[1] && /[a-zµ]/i.test(percent[1])) {
			value = percent[1];
			vnr = `${percent[2] ?? ''}%`;
		}
		column ??= headingColumn();
		ctx.builder.add(nutrientName(match[1] ?? ''), column, cellText(value, match[1] ?? ''), vnr);
	}
}

/** A grid of cells with an optional header row. */
interface Grid {
	header: string[] | null;
	rows: string[][];
}

/** The cells of markdown pipe-table lines; the row above the |---| line is the header. */
export function pipeGrid(lines: readonly string[]): Grid {
	const rows = lines
		.map((line) => line.trim())
		.filter((line) => line.startsWith('|'))
		.map((line) =>
			line
				.replace(/^\|/, '')
				.replace(/\|$/, '')
				.split('|')
				.map((cell) => cell.trim()),
		);
	const separator = rows.findIndex((cells) => cells.every((cell) => /^:?-{2,}:?$/.test(cell)));
	if (separator === 1) return { header: rows[0] ?? null, rows: rows.slice(2) };
	return { header: null, rows: rows.filter((_row, index) => index !== separator) };
}

/** The cells of an HTML table; th-only rows (or the thead) are the header. */
export function htmlGrid(html: string): Grid {
	const head = /<thead\b[^>]*>([\s\S]*?)<\/thead>/i.exec(html)?.[1];
	const cellsOf = (row: string) =>
		[...row.matchAll(/<(th|td)\b[^>]*>([\s\S]*?)<\/\1>/gi)].map((cell) => ({
			th: (cell[1] ?? '').toLowerCase() === 'th',
			text: htmlText(cell[2] ?? '').replace(/\*\*/g, ''),
		}));
	const rowsOf = (part: string) =>
		[...part.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)].map((row) => cellsOf(row[1] ?? ''));
	let header: string[] | null = head ? (rowsOf(head)[0]?.map((cell) => cell.text) ?? null) : null;
	const body = rowsOf(head ? html.replace(/<thead\b[^>]*>[\s\S]*?<\/thead>/i, '') : html).filter(
		(cells) => cells.length > 0,
	);
	if (!header && body[0]?.length && body[0].every((cell) => cell.th)) {
		header = body.shift()?.map((cell) => cell.text) ?? null;
	}
	return { header, rows: body.map((cells) => cells.map((cell) => cell.text)) };
}

/** A grid into the table: first cell the nutrient, then one cell per column; a VNR column. */
export function addGrid(ctx: Context, grid: Grid): void {
	const width = Math.max(0, ...grid.rows.map((row) => row.length)) - 1;
	const labels = Array.from({ length: width }, (_unused, index) =>
		(grid.header?.[index + 1] ?? '').replace(/\*/g, '').trim(),
	);
	const vnrIndex = labels.findIndex((label) => /vnr|nrv|%\s*(ar|ri)\b/i.test(label));
	const unlabelled = labels.filter((label, index) => !label && index !== vnrIndex).length;
	let position = 0;
	const columns = labels.map((label, index) => {
		if (index === vnrIndex) return '';
		if (!label) {
			// Two bare value columns on a label are per 100 g, then per serving.
			position++;
			if (unlabelled > 1 && position === 1) {
				ctx.notes.fallback('label.nutrition', 'colonne senza intestazione: la prima è «Per 100 g»');
				return ctx.builder.column('grid_100', 'Per 100 g', 'per100');
			}
			return position <= 2
				? defaultColumn(ctx)
				: ctx.builder.column(`grid_${index}`, `Colonna ${index + 1}`, 'serving');
		}
		const clean = label.charAt(0).toUpperCase() + label.slice(1);
		return ctx.builder.column(`grid_${index}`, clean, kindOf(clean));
	});
	for (const row of grid.rows) {
		const name = row[0];
		const vnr = vnrIndex >= 0 ? vnrText(row[vnrIndex + 1]) : undefined;
		let added = false;
		columns.forEach((column, index) => {
			if (!column) return;
			const value = cellText(row[index + 1], name ?? '');
			if (value) {
				ctx.builder.add(name, column, value, added ? undefined : vnr);
				added = true;
			}
		});
		if (!added) ctx.builder.skipped++;
	}
}
