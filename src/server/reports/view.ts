/**
 * What /gestione/andamento renders: one view object made from the figures of the member's shops
 * over the period the address asks for, every figure with its words and one line saying what it
 * means, so the page only lays them out. Also which shops an address may see: the member's
 * only; another shop, known or not, is not found (404), so the answer never tells a shop's
 * figures exist.
 */
import { ownValue } from '../../lib/own-key';
import { bars, percentPath, percentPoints, slotCentres, type Bar } from '../../lib/reports/chart';
import { coverText, durationText } from '../../lib/reports/formulas';
import { dayText, parsePeriod, type Period } from '../../lib/reports/period';
import type { StaffMember } from '../staff';
import type { ReportFigures } from './figures';
import type { ReportService } from './service';

/** The page's address. */
export const REPORT_PAGE = '/gestione/andamento';
/** The variants the page lists (the most sold first); the rest are counted. */
export const PAGE_VARIANTS = 30;

/** What the page says when there is nothing to show. */
export const REPORT_PAGE_TEXTS = Object.freeze({
	unavailable: 'Andamento non disponibile in questo momento: riprova tra qualche minuto.',
	notFound: 'Negozio non trovato tra i tuoi.',
});

/** A figure: its name, its value, one line on what it means. */
export interface FigureCard {
	label: string;
	value: string;
	explanation: string;
}

/** A chart with its words and its figures as a table. */
export interface ChartView {
	id: string;
	title: string;
	description: string;
	kind: 'bars' | 'line';
	bars: Bar[];
	path: string;
	points: { x: number; y: number }[];
	labels: { x: number; text: string }[];
	table: { week: string; value: string }[];
	valueHeading: string;
}

/** One brand's reorder list, with its settings' form and its CSV. */
export interface ReorderGroupView {
	brand: string;
	leadDays: number;
	coverDays: number;
	csvHref: string;
	lines: {
		key: string;
		productName: string;
		variantLabel: string;
		shopName: string | null;
		available: number;
		minimum: number;
		rate: string;
		reorderPoint: string;
		suggested: number;
		waiting: number;
	}[];
}

/** The whole page. */
export interface ReportPageView {
	shopLabel: string;
	/** The shop the address names ('tutti' for the member's shops together). */
	shopParam: string;
	shopChoices: { label: string; href: string; current: boolean }[];
	periodChoices: { label: string; href: string; current: boolean }[];
	period: Period | null;
	/** The chosen range's fields, as the form shows them. */
	range: { from: string; to: string };
	error: string | null;
	notice: string | null;
	reservations: FigureCard[];
	sales: FigureCard[];
	topProducts: { name: string; brand: string; pieces: number }[];
	variants: {
		key: string;
		name: string;
		variantLabel: string;
		shopName: string | null;
		sold: number;
		sellThrough: string;
		cover: string;
	}[];
	moreVariants: number;
	reorder: ReorderGroupView[];
	charts: ChartView[];
	showShop: boolean;
}

/** The shops an address asks for, among the member's: null when not theirs (404). */
export function shopsAsked(
	service: Pick<ReportService, 'shops'>,
	member: Pick<StaffMember, 'shops'>,
	asked: string | null,
): { shopIds: string[]; param: string } | null {
	const mine = service.shops
		.filter((shop) => member.shops.includes(shop.id))
		.map((shop) => shop.id);
	if (mine.length === 0) return null;
	if (asked === null || asked === '') {
		return mine.length === 1
			? { shopIds: mine, param: mine[0] ?? '' }
			: { shopIds: mine, param: 'tutti' };
	}
	if (asked === 'tutti') return { shopIds: mine, param: 'tutti' };
	return mine.includes(asked) ? { shopIds: [asked], param: asked } : null;
}

const NOTICES: Readonly<Record<string, string>> = Object.freeze({
	fornitore: 'Impostazioni della marca salvate: l’elenco da riordinare è aggiornato.',
});

/** "0,5": one formatter for every figure (toLocaleString makes one per call). */
const oneDecimal = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });
const percentText = (value: number | null) => (value === null ? 'n/d' : `${value} %`);
const rateText = (rate: number | null) =>
	rate === null ? 'nessuna vendita' : `${oneDecimal.format(rate)} al giorno`;
const pieces = (count: number) => (count === 1 ? '1 pezzo' : `${count} pezzi`);
/** "16/11": a week's Monday, short. */
const shortDay = (date: string) => `${Number(date.slice(8, 10))}/${Number(date.slice(5, 7))}`;

/** The figures of the reservations, in the shop's words. */
function reservationCards(figures: ReportFigures): FigureCard[] {
	const r = figures.reservations;
	return [
		{
			label: 'Prenotazioni',
			value: String(r.made),
			explanation: 'Prenotazioni ricevute dal sito nel periodo.',
		},
		{
			label: 'Ritirate',
			value: String(r.collected),
			explanation: 'Prenotazioni segnate «Ritirata» nel periodo.',
		},
		{
			label: 'Non ritirate',
			value: `${r.notCollected} · ${percentText(r.noShowRate)}`,
			explanation:
				'Clienti che non sono passati entro l’ultimo giorno: la percentuale è sul totale di ritirate e non ritirate.',
		},
		{
			label: 'Annullate',
			value: `${r.cancelledByCustomer + r.cancelledByStaff}`,
			explanation: `${r.cancelledByCustomer} dal cliente, ${r.cancelledByStaff} dal negozio.`,
		},
		{
			label: 'Tempo fino a «Pronta»',
			value: durationText(r.medianToReadyMs),
			explanation: 'Metà delle prenotazioni è stata preparata entro questo tempo (la mediana).',
		},
		{
			label: 'Pezzi prenotati ora',
			value: String(figures.heldNow),
			explanation: 'Pezzi tenuti da parte adesso per le prenotazioni aperte.',
		},
	];
}

/** The figures of the sales. */
function salesCards(figures: ReportFigures): FigureCard[] {
	return [
		{
			label: 'Vendite al banco',
			value: pieces(figures.sales.counterSales),
			explanation: 'Pezzi registrati come «Vendita al banco» in magazzino.',
		},
		{
			label: 'Ritiri di prenotazioni',
			value: pieces(figures.sales.collections),
			explanation: 'Pezzi usciti con le prenotazioni ritirate.',
		},
	];
}

/** The two charts: reservations per week, the no-show rate over 12 weeks. */
function charts(figures: ReportFigures): ChartView[] {
	const weeks = figures.weeks;
	const centres = slotCentres(weeks.length);
	const labels = weeks
		.map((week, index) => ({ x: centres[index] ?? 0, text: shortDay(week.monday), index }))
		.filter(({ index }) => (weeks.length - 1 - index) % 3 === 0)
		.map(({ x, text }) => ({ x, text }));
	const first = weeks[0]?.monday ?? '';
	const last = weeks.at(-1)?.monday ?? '';
	const span =
		first && last ? `dalla settimana del ${dayText(first)} a quella del ${dayText(last)}` : '';
	const made = weeks.map((week) => week.made);
	const rates = weeks.map((week) => week.noShowRate);
	const path = percentPath(rates);
	const points = percentPoints(rates).filter((point) => point !== null);
	return [
		{
			id: 'grafico-prenotazioni',
			title: 'Prenotazioni per settimana',
			description: `Prenotazioni ricevute in ciascuna delle ultime ${weeks.length} settimane, ${span}: da ${Math.min(...made)} a ${Math.max(...made)} a settimana.`,
			kind: 'bars',
			bars: bars(weeks.map((week) => ({ value: week.made, label: shortDay(week.monday) }))),
			path: '',
			points: [],
			labels,
			table: weeks.map((week) => ({ week: dayText(week.monday), value: String(week.made) })),
			valueHeading: 'Prenotazioni',
		},
		{
			id: 'grafico-non-ritirate',
			title: 'Non ritirate sul totale, per settimana',
			description: `Percentuale di prenotazioni non ritirate in ciascuna delle ultime ${weeks.length} settimane, ${span}; le settimane senza ritiri né mancati ritiri non hanno un valore.`,
			kind: 'line',
			bars: [],
			path,
			points,
			labels,
			table: weeks.map((week) => ({
				week: dayText(week.monday),
				value: percentText(week.noShowRate),
			})),
			valueHeading: 'Non ritirate',
		},
	];
}

/** The address of the page with these parameters. */
function pageHref(params: Record<string, string>): string {
	const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== ''));
	const text = query.toString();
	return text ? `${REPORT_PAGE}?${text}` : REPORT_PAGE;
}

/** The page of the member's shops as the address asks for it; null: not their shop (404). */
export async function reportPageView(
	service: ReportService,
	member: StaffMember,
	url: URL,
): Promise<ReportPageView | null> {
	const asked = shopsAsked(service, member, url.searchParams.get('negozio'));
	if (!asked) return null;
	const now = service.now();
	const params = {
		periodo: url.searchParams.get('periodo'),
		da: url.searchParams.get('da'),
		a: url.searchParams.get('a'),
	};
	const parsed = parsePeriod(params, now);
	const period = 'period' in parsed ? parsed.period : null;
	const names = new Map(service.shops.map((shop) => [shop.id, shop.name]));
	const mine = service.shops.filter((shop) => member.shops.includes(shop.id));
	const showShop = asked.shopIds.length > 1;
	const periodParams =
		period?.choice === 'intervallo'
			? { periodo: 'intervallo', da: period.from, a: period.to }
			: { periodo: period?.choice ?? '' };
	const base = {
		shopLabel:
			asked.param === 'tutti'
				? `Tutti i tuoi negozi (${mine.map((shop) => shop.name).join(' e ')})`
				: (names.get(asked.param) ?? asked.param),
		shopParam: asked.param,
		shopChoices:
			mine.length > 1
				? [
						...mine.map((shop) => ({
							label: shop.name,
							href: pageHref({ negozio: shop.id, ...periodParams }),
							current: asked.param === shop.id,
						})),
						{
							label: 'Insieme',
							href: pageHref({ negozio: 'tutti', ...periodParams }),
							current: asked.param === 'tutti',
						},
					]
				: [],
		periodChoices: (
			[
				['settimana', 'Questa settimana'],
				['scorsa', 'Settimana scorsa'],
				['4settimane', 'Ultime 4 settimane'],
			] as const
		).map(([choice, label]) => ({
			label,
			href: pageHref({ negozio: asked.param, periodo: choice }),
			current: period?.choice === choice,
		})),
		period,
		range: { from: params.da ?? period?.from ?? '', to: params.a ?? period?.to ?? '' },
		error: 'error' in parsed ? parsed.error : null,
		notice: ownValue(NOTICES, url.searchParams.get('esito')) ?? null,
		showShop,
	};
	if (!period) {
		return {
			...base,
			reservations: [],
			sales: [],
			topProducts: [],
			variants: [],
			moreVariants: 0,
			reorder: [],
			charts: [],
		};
	}
	const figures = await service.figures(asked.shopIds, period);
	const shopName = (id: string) => (showShop ? (names.get(id) ?? id) : null);
	return {
		...base,
		reservations: reservationCards(figures),
		sales: salesCards(figures),
		topProducts: figures.topProducts.map((product) => ({
			name: product.productName,
			brand: product.brand,
			pieces: product.pieces,
		})),
		variants: figures.variants.slice(0, PAGE_VARIANTS).map((variant) => ({
			key: `${variant.shopId}/${variant.productId}/${variant.variantId}`,
			name: variant.productName,
			variantLabel: variant.variantLabel,
			shopName: shopName(variant.shopId),
			sold: variant.sold,
			sellThrough: percentText(variant.sellThrough),
			cover: coverText(variant.cover),
		})),
		moreVariants: Math.max(0, figures.variants.length - PAGE_VARIANTS),
		reorder: figures.reorder.map((group) => ({
			brand: group.brand,
			leadDays: group.leadDays,
			coverDays: group.coverDays,
			csvHref: `/api/gestione/andamento/riordino?${new URLSearchParams({
				negozio: asked.param,
				marca: group.brand,
			}).toString()}`,
			lines: group.lines.map((line) => ({
				key: `${line.shopId}/${line.productId}/${line.variantId}`,
				productName: line.productName,
				variantLabel: line.variantLabel,
				shopName: shopName(line.shopId),
				available: line.available,
				minimum: line.minimum,
				rate: rateText(line.rate),
				reorderPoint: oneDecimal.format(line.reorderPoint),
				suggested: line.suggested,
				waiting: line.waiting,
			})),
		})),
		charts: charts(figures),
	};
}
