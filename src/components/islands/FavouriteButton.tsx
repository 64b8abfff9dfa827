import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { FAVOURITE_MESSAGES, type FavouriteInput } from '../../lib/favourites/favourites';
import { $favourites, toggleFavourite } from '../../stores/favourites';
import { showError, showToast } from '../../stores/toasts';
import { iconHeart } from '../../lib/icons';
import Icon from './shared/Icon';

export type FavouriteButtonProps = {
	product: FavouriteInput;
	/** 'card': round button over a photo; 'page': labelled button on the product page. */
	look?: 'card' | 'page';
};

/**
 * The heart that saves a product (docs/favourites.md). The server HTML shows it unsaved; once
 * mounted it shows the stored state, so hydration never mismatches and the box never changes size.
 */
export default function FavouriteButton({ product, look = 'card' }: FavouriteButtonProps) {
	const entries = useStore($favourites);
	const [mounted, setMounted] = useState(false);
	const [busy, setBusy] = useState(false);
	useEffect(() => setMounted(true), []);

	const saved = mounted && entries.some((entry) => entry.id === product.id);

	const onClick = () => {
		setBusy(true);
		const outcome = toggleFavourite(product);
		setBusy(false);
		if (outcome.ok) {
			showToast({
				variant: 'success',
				title: outcome.state === 'added' ? FAVOURITE_MESSAGES.added : FAVOURITE_MESSAGES.removed,
			});
		} else if (outcome.reason === 'duplicate') {
			showError(FAVOURITE_MESSAGES.duplicate);
		} else if (outcome.reason === 'missing') {
			showError(FAVOURITE_MESSAGES.missing);
		} else {
			showError(saved ? FAVOURITE_MESSAGES.removeFailed : FAVOURITE_MESSAGES.addFailed);
		}
	};

	// The name stays the same in both states: aria-pressed tells whether the product is saved.
	const label = `Salva ${product.name} nei preferiti`;
	const heart = <Icon path={iconHeart} size={22} filled={saved} />;

	if (look === 'page') {
		return (
			<button
				type="button"
				aria-pressed={saved}
				disabled={busy}
				onClick={onClick}
				data-favourite={product.id}
				className={`inline-flex min-h-11 items-center gap-2 rounded-lg border-2 px-4 py-2 font-semibold transition-colors ${
					saved
						? 'border-red-700 bg-red-50 text-red-800'
						: 'border-night text-night hover:bg-night hover:text-white'
				}`}
			>
				{heart}
				Salva nei preferiti<span className="sr-only">: {product.name}</span>
			</button>
		);
	}

	return (
		<button
			type="button"
			aria-pressed={saved}
			aria-label={label}
			disabled={busy}
			onClick={onClick}
			data-favourite={product.id}
			className={`flex h-11 w-11 items-center justify-center rounded-full border shadow-sm transition-colors ${
				saved
					? 'border-red-200 bg-white text-red-700'
					: 'border-zinc-200 bg-white/95 text-ink hover:text-red-700'
			}`}
		>
			{heart}
		</button>
	);
}
