import { useEffect, useRef, useState } from 'react';
import { photoFrameClass } from '../../lib/images/photo-frame';
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
 * The product page's photo (docs/catalogue.md): it follows the selected variant, pulses
 * until the picture has loaded and says 'Immagine non disponibile' if it fails. The frame hugs
 * the photo at its own ratio, at most `--photo-max-h` tall (half the screen on a phone, 500 px
 * beside the details on a wide screen; global.css): its size comes from the photo's `width` and
 * `height` before a byte has arrived, so nothing moves while it loads.
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
			className={`relative mx-auto w-full overflow-hidden rounded-xl bg-zinc-50 ${photoFrameClass(picture.width, picture.height)}`}
			data-image-state={state}
			data-product-photo
		>
			{state === 'loading' && (
				<div
					aria-hidden="true"
					className="absolute inset-0 animate-pulse bg-zinc-200 motion-reduce:animate-none"
				/>
			)}
			{state === 'error' ? (
				<p
					className="flex aspect-square max-h-(--photo-max-h) w-full items-center justify-center text-ink-soft"
					role="img"
					aria-label={picture.alt}
				>
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
					className="relative block h-auto max-h-(--photo-max-h) w-full object-contain"
				/>
			)}
		</div>
	);
}
