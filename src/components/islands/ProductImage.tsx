import { useEffect, useRef, useState } from 'react';
import { useSelectedVariant } from './shared/use-selected-variant';

/** One picture of the product, already resized at build. */
export type ProductPicture = {
	src: string;
	srcSet: string;
	alt: string;
	width: number;
	height: number;
};

export type ProductImageProps = {
	initialId: string;
	/** Pictures: index 0 is the product's main photo. */
	pictures: ProductPicture[];
	/** Index into `pictures` for each variant id; variants not listed use picture 0. */
	byVariant: Record<string, number>;
	sizes: string;
};

/**
 * The 500 px image area of the product page (docs/catalogue.md): it follows the selected
 * variant, pulses until the picture has loaded and says 'Immagine non disponibile' if it fails.
 * The box has a fixed height, so nothing moves while pictures change.
 */
export default function ProductImage({ initialId, pictures, byVariant, sizes }: ProductImageProps) {
	const selectedId = useSelectedVariant(initialId);
	const picture = pictures[byVariant[selectedId] ?? 0] ?? pictures[0];
	const [state, setState] = useState<'loading' | 'loaded' | 'error'>('loading');
	const image = useRef<HTMLImageElement>(null);

	// A new picture starts loading; the server-rendered one may have finished before hydration.
	useEffect(() => {
		const element = image.current;
		if (element?.complete) setState(element.naturalWidth > 0 ? 'loaded' : 'error');
		else setState('loading');
	}, [picture?.src]);

	// Preload the other variants' pictures once the page is idle, so switching is instant.
	// Once the visitor looks at another variant, the other pictures are fetched ahead, so the next
	// change is instant. Not before: on a slow phone every byte and decode at load counts, and
	// most visitors never change the variant.
	const [browsing, setBrowsing] = useState(false);
	useEffect(() => {
		if (selectedId !== initialId) setBrowsing(true);
	}, [selectedId, initialId]);

	useEffect(() => {
		if (!browsing) return;
		for (const other of pictures) {
			if (other === picture) continue;
			const preload = new Image();
			preload.sizes = sizes;
			preload.srcset = other.srcSet;
			preload.src = other.src;
		}
	}, [browsing, pictures, picture, sizes]);

	if (!picture) return null;

	return (
		<div
			className="relative flex h-[500px] items-center justify-center overflow-hidden rounded-xl bg-zinc-50"
			data-image-state={state}
		>
			{state === 'loading' && (
				<div
					aria-hidden="true"
					className="absolute inset-6 animate-pulse rounded-lg bg-zinc-200 motion-reduce:animate-none"
				/>
			)}
			{state === 'error' ? (
				<p className="text-ink-soft" role="img" aria-label={picture.alt}>
					Immagine non disponibile
				</p>
			) : (
				<img
					ref={image}
					key={picture.src}
					src={picture.src}
					srcSet={picture.srcSet}
					sizes={sizes}
					alt={picture.alt}
					width={picture.width}
					height={picture.height}
					fetchPriority="high"
					decoding="async"
					onLoad={() => setState('loaded')}
					onError={() => setState('error')}
					className="relative h-full w-full object-contain p-6"
				/>
			)}
		</div>
	);
}
