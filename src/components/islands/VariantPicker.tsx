import { useEffect, useId, useState } from 'react';
import { formatPrice } from '../../lib/format/price';
import { isSoldOut, variantLive } from '../../lib/catalogue/live-stock';
import {
	flavourColour,
	flavoursOf,
	initialVariant,
	selectFlavour,
	selectSize,
	sizeLabel,
	variantsOfFlavour,
	type VariantView,
} from '../../lib/catalogue/variants';
import { selectVariant, VARIANT_PARAM } from '../../stores/variant';
import { LiveText, useLiveStock } from './shared/live-stock';
import { useSelectedVariant } from './shared/use-selected-variant';

export type VariantPickerProps = {
	initialId: string;
	/** The product's id, whose live figure says which sizes no shop has. */
	productId: string;
	variants: VariantView[];
};

/**
 * What the visitor chose in the server's HTML while the island was loading (a phone's first
 * tap): the checked size and the flavour shown, read from the page before React first renders
 * over them. Read in the first render, not in an effect: a render that comes first (the live
 * figure arriving as the island hydrates) sets the fields back to the page's initial variant.
 */
function nativeChoice(sizesId: string, flavourId: string) {
	if (typeof document === 'undefined') return { size: undefined, flavour: undefined };
	const sizes = document.getElementById(sizesId);
	const flavour = document.getElementById(flavourId);
	return {
		size: sizes?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value,
		flavour: flavour instanceof HTMLSelectElement ? flavour.value : undefined,
	};
}

/** Records the chosen variant in the address without adding a history entry. */
function rememberInAddress(id: string) {
	const url = new URL(window.location.href);
	url.searchParams.set(VARIANT_PARAM, id);
	window.history.replaceState(window.history.state, '', url);
}

/**
 * 'Scegli la tua variante' (docs/catalogue.md): flavour select when there is more than one
 * flavour, size buttons disabled once the live figure says no shop has them, price and state of
 * the choice ('Disponibile', 'Esaurito', or a placeholder until the figure arrives).
 */
export default function VariantPicker({ initialId, productId, variants }: VariantPickerProps) {
	const selectedId = useSelectedVariant(initialId);
	const stock = useLiveStock();
	const soldOut = (variant: VariantView) => isSoldOut(variantLive(stock, productId, variant.id));
	const canChoose = (variant: VariantView) => !soldOut(variant);
	const selected = variants.find((variant) => variant.id === selectedId) ?? variants[0];
	const flavours = flavoursOf(variants);
	const ids = { flavour: useId(), sizes: useId() };
	const [native] = useState(() => nativeChoice(ids.sizes, ids.flavour));

	// When the page opens: a size or flavour the visitor chose in the server's HTML while the
	// island was loading (a phone's first tap) wins; else ?variante= in the address.
	useEffect(() => {
		const { size, flavour } = native;
		const initial = variants.find((variant) => variant.id === initialId);
		const tapped =
			size && size !== initialId
				? variants.find((variant) => variant.id === size)
				: flavour !== undefined && flavour !== (initial?.flavour ?? '')
					? selectFlavour(variants, flavour)
					: null;
		if (tapped) {
			selectVariant(tapped.id);
			rememberInAddress(tapped.id);
			return;
		}
		const requested = new URLSearchParams(window.location.search).get(VARIANT_PARAM);
		const start = initialVariant(variants, requested);
		if (start) selectVariant(start.id);
	}, [variants, initialId, native]);

	if (!selected) return null;

	const choose = (variant: VariantView | null) => {
		if (!variant) return;
		selectVariant(variant.id);
		rememberInAddress(variant.id);
	};
	const sizes = variantsOfFlavour(variants, selected.flavour);

	return (
		<section
			className="rounded-xl border border-zinc-200 bg-zinc-50 p-5"
			aria-labelledby="scegli-variante"
		>
			<h2 id="scegli-variante" className="text-lg font-bold text-night">
				Scegli la tua variante
			</h2>
			{flavours.length > 1 && (
				<div className="mt-4">
					<label htmlFor={ids.flavour} className="block font-medium">
						Gusto
					</label>
					<div className="mt-1 flex items-center gap-3">
						<FlavourDot flavour={selected.flavour ?? ''} className="h-6 w-6 shrink-0" />
						<select
							id={ids.flavour}
							className="block min-h-11 w-full rounded-lg border border-zinc-400 bg-white px-3 py-2 text-base"
							value={selected.flavour ?? ''}
							onChange={(event) => choose(selectFlavour(variants, event.target.value, canChoose))}
						>
							{flavours.map((flavour) => (
								<option key={flavour} value={flavour}>
									{flavour}
								</option>
							))}
						</select>
					</div>
				</div>
			)}
			{flavours.length === 1 && selected.flavour && (
				<p className="mt-4 flex items-center gap-2">
					<FlavourDot flavour={selected.flavour} className="h-5 w-5" />
					<span>
						<span className="font-medium">Gusto:</span> {selected.flavour}
					</span>
				</p>
			)}
			<fieldset className="mt-4">
				<legend className="font-medium">{sizeLabel(variants)}</legend>
				<div className="mt-2 flex flex-wrap gap-2" id={ids.sizes}>
					{sizes.map((variant) => {
						const inStock = !soldOut(variant);
						const checked = variant.id === selected.id;
						return (
							<label
								key={variant.id}
								className={`relative inline-flex min-h-11 cursor-pointer items-center rounded-lg border-2 px-4 py-2 font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-night ${
									checked
										? 'border-night bg-night text-white'
										: inStock
											? 'border-zinc-400 bg-white hover:border-night'
											: 'cursor-not-allowed border-dashed border-zinc-300 bg-zinc-100 text-ink-soft line-through'
								}`}
							>
								<input
									type="radio"
									name={`formato-${ids.sizes}`}
									value={variant.id}
									className="sr-only"
									checked={checked}
									disabled={!inStock}
									onChange={() => choose(selectSize(variants, selected.flavour, variant.size))}
								/>
								{variant.size}
								<span className="sr-only" suppressHydrationWarning>
									{inStock ? '' : ' (esaurito)'}
								</span>
							</label>
						);
					})}
				</div>
			</fieldset>
			<div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-zinc-200 pt-4">
				<p className="group flex items-center gap-2 font-semibold" data-variant-state>
					<span
						aria-hidden="true"
						className="h-3 w-3 rounded-full bg-zinc-400 group-has-[[data-tone=in]]:bg-green-700 group-has-[[data-tone=out]]:bg-red-700"
					/>
					<LiveText
						kind="state"
						live={variantLive(stock, productId, selected.id)}
						productId={productId}
						variantId={selected.id}
					/>
				</p>
				<p>
					<span className="text-xl font-bold text-night">{formatPrice(selected.priceCents)}</span>
					{selected.originalPriceCents !== null &&
						selected.originalPriceCents > selected.priceCents && (
							<span className="ml-2 text-ink-soft line-through">
								<span className="sr-only">invece di </span>
								{formatPrice(selected.originalPriceCents)}
							</span>
						)}
				</p>
			</div>
		</section>
	);
}

/**
 * The colour dot of a flavour. An SVG fill rather than a `style` attribute: the Content Security
 * Policy allows no inline styles (src/lib/http/csp.ts), and a fill is not one.
 */
function FlavourDot({ flavour, className }: { flavour: string; className: string }) {
	return (
		<svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={className}>
			<circle cx="12" cy="12" r="11.5" fill={flavourColour(flavour)} className="stroke-zinc-400" />
		</svg>
	);
}
