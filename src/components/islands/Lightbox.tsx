import { useEffect, useId, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import {
	counterText,
	neighboursToPreload,
	nextIndex,
	photoAnnouncement,
	previousIndex,
	scrollbarWidth,
	swipeDirection,
	type LightboxPhoto,
} from '../../lib/gallery/lightbox';
import { iconChevronLeft, iconChevronRight, iconClose } from '../../lib/icons';
import Icon from './shared/Icon';

export type LightboxProps = {
	/** The group's photos, in the order of the grid's links (`data-photo-index`). */
	photos: LightboxPhoto[];
	/** Name of the group, also the dialog's accessible name. */
	label: string;
	/** The photo grid: static HTML whose links open the full-size images. */
	children?: ReactNode;
};

const BUTTON =
	'flex size-11 shrink-0 items-center justify-center rounded-full bg-night-soft text-white hover:bg-accent hover:text-night';

/**
 * Full-screen lightbox over a photo grid (docs/shops.md). The grid arrives as
 * static HTML: its links keep working without JavaScript and with modifier keys or the middle
 * button; a plain click opens the native modal <dialog> instead (focus moved in, trapped and
 * returned, page inert and not scrollable). Arrows and swipes navigate, wrapping around.
 */
export default function Lightbox({ photos, label, children }: LightboxProps) {
	const [index, setIndex] = useState<number | null>(null);
	const root = useRef<HTMLDivElement>(null);
	const dialog = useRef<HTMLDialogElement>(null);
	const opener = useRef<HTMLElement | null>(null);
	const swipe = useRef<{ x: number; y: number } | null>(null);
	const id = useId();
	const total = photos.length;
	const open = index !== null;
	const photo = photos[index ?? 0];

	const go = (step: 1 | -1) =>
		setIndex((current) =>
			current === null
				? null
				: step === 1
					? nextIndex(current, total)
					: previousIndex(current, total),
		);

	// A plain click on one of the grid's photos opens it here; any other click is the browser's.
	useEffect(() => {
		const element = root.current;
		if (!element) return;
		const onClick = (event: MouseEvent) => {
			if (event.defaultPrevented || event.button !== 0) return;
			if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
			const link = event.target instanceof Element && event.target.closest('a[data-photo-index]');
			if (!(link instanceof HTMLAnchorElement) || !element.contains(link)) return;
			const position = Number(link.dataset['photoIndex']);
			if (!photos[position]) return;
			event.preventDefault();
			opener.current = link;
			setIndex(position);
		};
		element.addEventListener('click', onClick);
		return () => element.removeEventListener('click', onClick);
	}, [photos]);

	// While open: modal dialog, page scroll locked (the scrollbar's room kept), keys handled.
	useEffect(() => {
		const box = dialog.current;
		if (!open || !box) return;
		const html = document.documentElement;
		const saved = { overflow: html.style.overflow, gutter: html.style.scrollbarGutter };
		const gutter = scrollbarWidth(window.innerWidth, html.clientWidth) > 0;
		html.style.overflow = 'hidden';
		if (gutter) html.style.scrollbarGutter = 'stable';
		if (!box.open) box.showModal();

		const onKeyDown = (event: KeyboardEvent) => {
			if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
				event.preventDefault();
				go(event.key === 'ArrowRight' ? 1 : -1);
			} else if (event.key === 'Tab') {
				// Keep Tab inside the dialog instead of letting it reach the browser's own
				// controls.
				const buttons = [...box.querySelectorAll<HTMLElement>('button')];
				const first = buttons[0];
				const last = buttons[buttons.length - 1];
				const active = document.activeElement;
				const target = event.shiftKey
					? active === first || !box.contains(active)
						? last
						: null
					: active === last || !box.contains(active)
						? first
						: null;
				if (target) {
					event.preventDefault();
					target.focus();
				}
			}
		};
		document.addEventListener('keydown', onKeyDown);
		return () => {
			document.removeEventListener('keydown', onKeyDown);
			html.style.overflow = saved.overflow;
			html.style.scrollbarGutter = saved.gutter;
			if (box.open) box.close();
			opener.current?.focus();
		};
		// `go` only calls setIndex, and `total` never changes: `open` is the only dependency.
	}, [open]);

	// The photos either side of the one shown, so that the next step shows at once.
	useEffect(() => {
		if (index === null) return;
		for (const neighbour of neighboursToPreload(index, total)) {
			const src = photos[neighbour]?.src;
			if (src) new Image().src = src;
		}
	}, [index, photos, total]);

	const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
		swipe.current =
			event.pointerType === 'mouse' || !event.isPrimary
				? null
				: { x: event.clientX, y: event.clientY };
	};
	const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
		const start = swipe.current;
		swipe.current = null;
		if (!start) return;
		const direction = swipeDirection(event.clientX - start.x, event.clientY - start.y);
		if (direction) go(direction === 'next' ? 1 : -1);
	};

	return (
		<div ref={root}>
			{children}
			<dialog
				ref={dialog}
				aria-labelledby={`${id}-title`}
				aria-describedby={`${id}-photo`}
				onClose={() => setIndex(null)}
				data-lightbox
				className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none bg-night p-0 text-white backdrop:bg-night open:flex open:flex-col motion-safe:transition-opacity motion-safe:duration-200 motion-safe:starting:open:opacity-0"
			>
				<div className="flex items-center gap-3 p-2 sm:p-4">
					<h2 id={`${id}-title`} className="min-w-0 flex-1 truncate text-lg font-semibold">
						{label}
					</h2>
					<p aria-hidden="true" data-lightbox-counter className="font-semibold tabular-nums">
						{counterText(index ?? 0, total)}
					</p>
					<button
						type="button"
						onClick={() => setIndex(null)}
						aria-label="Chiudi"
						className={BUTTON}
					>
						<Icon path={iconClose} />
					</button>
				</div>
				<p id={`${id}-photo`} aria-live="polite" className="sr-only">
					{photo ? photoAnnouncement(index ?? 0, total, photo.alt) : ''}
				</p>
				<div
					className="relative min-h-0 flex-1 touch-pan-y touch-pinch-zoom"
					onPointerDown={onPointerDown}
					onPointerUp={onPointerUp}
					onPointerCancel={() => (swipe.current = null)}
				>
					{open && photo && (
						<img
							src={photo.src}
							alt={photo.alt}
							width={photo.width}
							height={photo.height}
							draggable={false}
							className="absolute inset-0 size-full object-contain px-2 pb-2 sm:px-16 sm:pb-4"
						/>
					)}
					{total > 1 && (
						<>
							<button
								type="button"
								onClick={() => go(-1)}
								aria-label="Foto precedente"
								className={`${BUTTON} absolute top-1/2 left-2 -translate-y-1/2`}
							>
								<Icon path={iconChevronLeft} />
							</button>
							<button
								type="button"
								onClick={() => go(1)}
								aria-label="Foto successiva"
								className={`${BUTTON} absolute top-1/2 right-2 -translate-y-1/2`}
							>
								<Icon path={iconChevronRight} />
							</button>
						</>
					)}
				</div>
			</dialog>
		</div>
	);
}
