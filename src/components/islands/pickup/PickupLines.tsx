import {
	blocksSending,
	currentPrice,
	indicativeTotal,
	offersAlert,
	quantityChoices,
	statusText,
	type LineStatus,
	type ProductState,
} from '~/lib/reservations/availability';
import { alertFormPath } from '~/lib/alerts/paths';
import { formatPrice } from '~/lib/format/price';
import { lineKey, type PickupLine } from '~/lib/reservations/list';
import { QuantitySelect } from './QuantitySelect';
import { ownValue } from '~/lib/own-key';

export interface PickupLinesProps {
	baseId: string;
	lines: readonly PickupLine[];
	/** Each product's data, by product id (prices). */
	prices: Readonly<Record<string, ProductState>>;
	/** Each line's availability at the chosen shop, by line key. */
	statuses: ReadonlyMap<string, LineStatus>;
	shopId: string;
	/** Shops' short names, by id. */
	names: Readonly<Record<string, string>>;
	/** Errors the server gave for lines, by line key. */
	errors: Readonly<Record<string, string>>;
	onQuantity: (key: string, quantity: number) => void;
	onRemove: (line: PickupLine) => void;
	onShop: (shopId: string) => void;
}

/** The id of a line's pieces select (focused when the line keeps the reservation from going). */
export const quantityId = (baseId: string, line: PickupLine) =>
	`${baseId}-pezzi-${lineKey(line).replace('/', '--')}`;

/** The colour of a line's availability. */
function tone(status: LineStatus): string {
	if (blocksSending(status)) return 'font-medium text-red-700';
	return status.kind === 'ok' ? 'font-medium text-green-800' : 'text-ink-soft';
}

/**
 * One line: picture, name, variant, price, availability at the shop, pieces, remove; when the
 * shop has no free piece of it, 'Avvisami quando torna disponibile' for that shop (the form's
 * page, docs/alerts.md).
 */
function Line({ line, props }: { line: PickupLine; props: Omit<PickupLinesProps, 'lines'> }) {
	const { baseId, prices, statuses, shopId, names, errors } = props;
	const key = lineKey(line);
	const status = statuses.get(key) ?? { kind: 'checking' };
	const price = currentPrice(line, ownValue(prices, line.productId));
	const selectId = quantityId(baseId, line);
	const statusId = `${selectId}-stato`;
	const errorId = `${selectId}-errore`;
	const error = errors[key];
	const what = [line.name, line.variantLabel].filter(Boolean).join(', ');
	return (
		<li className="flex gap-4 py-5" data-pickup-line={key}>
			{line.imageUrl ? (
				<img
					src={line.imageUrl}
					alt=""
					width={80}
					height={80}
					loading="lazy"
					className="h-20 w-20 shrink-0 rounded-lg border border-zinc-200 bg-zinc-50 object-contain p-1"
				/>
			) : (
				<span aria-hidden="true" className="h-20 w-20 shrink-0 rounded-lg bg-zinc-100" />
			)}
			<div className="min-w-0 flex-1">
				<p className="text-sm text-ink-soft">{line.brand}</p>
				<h3 className="font-bold text-night">
					{line.url ? (
						<a href={line.url} className="hover:underline">
							{line.name}
						</a>
					) : (
						line.name
					)}
				</h3>
				{line.variantLabel && <p className="text-sm">{line.variantLabel}</p>}
				<p className="mt-1 text-sm">
					{price === null
						? 'Prezzo in negozio'
						: `${formatPrice(price * line.quantity)}${line.quantity > 1 ? ` (${formatPrice(price)} l’uno)` : ''}`}
				</p>
				<p id={statusId} className={`mt-1 text-sm ${tone(status)}`} data-line-status={status.kind}>
					{statusText(status, shopId, names)}
				</p>
				{status.kind === 'elsewhere' && (
					<button
						type="button"
						onClick={() => props.onShop(status.shopId)}
						className="mt-2 inline-flex min-h-11 items-center rounded-lg border-2 border-night px-3 py-1 text-sm font-semibold text-night hover:bg-night hover:text-white"
					>
						{`Ritira a ${names[status.shopId] ?? ''}`}
					</button>
				)}
				{offersAlert(status) && (
					<a
						href={alertFormPath(line.productId, line.variantId, shopId)}
						className="mt-2 ml-2 inline-flex min-h-11 items-center rounded-lg px-3 py-1 text-sm font-semibold text-night underline hover:bg-zinc-100"
						data-alert-link
					>
						Avvisami quando torna disponibile<span className="sr-only">: {what}</span>
					</a>
				)}
				{error && (
					<p id={errorId} className="mt-1 text-sm font-medium text-red-700">
						{error}
					</p>
				)}
				<div className="mt-3 flex flex-wrap items-end gap-3">
					<div>
						<label htmlFor={selectId} className="block text-sm font-medium">
							Quantità<span className="sr-only">: {what}</span>
						</label>
						<QuantitySelect
							id={selectId}
							value={line.quantity}
							max={quantityChoices(status)}
							onChange={(quantity) => props.onQuantity(key, quantity)}
							describedBy={error ? `${statusId} ${errorId}` : statusId}
							invalid={Boolean(error) || blocksSending(status)}
						/>
					</div>
					<button
						type="button"
						onClick={() => props.onRemove(line)}
						className="inline-flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-semibold text-red-800 underline hover:bg-red-50"
					>
						Rimuovi<span className="sr-only">: {what}</span>
					</button>
				</div>
			</div>
		</li>
	);
}

/** The lines of the list and the indicative total, to pay at the counter. */
export function PickupLines({ lines, ...props }: PickupLinesProps) {
	const total = indicativeTotal(lines, props.prices);
	return (
		<>
			<ul className="divide-y divide-zinc-200 border-y border-zinc-200">
				{lines.map((line) => (
					<Line key={lineKey(line)} line={line} props={props} />
				))}
			</ul>
			<p
				className="mt-4 flex flex-wrap items-baseline justify-between gap-2 text-lg"
				data-pickup-total
			>
				<span>Totale indicativo, da pagare in negozio</span>
				<strong className="text-2xl text-night">{formatPrice(total.cents)}</strong>
			</p>
			{total.partial && (
				<p className="text-sm text-ink-soft">Alcuni prezzi li conferma il negozio al ritiro.</p>
			)}
		</>
	);
}
