import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { SWIPE_THRESHOLD } from '../../lib/gestures/swipe';
import { $toast, dismissToast, type Toast } from '../../stores/toasts';
import { iconClose } from '../../lib/icons';
import Icon from './shared/Icon';

function ToastCard({ toast }: { toast: Toast }) {
	const [offset, setOffset] = useState(0);
	const [paused, setPaused] = useState(false);
	const start = useRef<number | null>(null);

	// Goes away by itself, unless the visitor is pointing at it or has focus in it.
	useEffect(() => {
		if (paused) return;
		const timer = window.setTimeout(() => dismissToast(toast.id), toast.duration);
		return () => window.clearTimeout(timer);
	}, [toast.id, toast.duration, paused]);

	const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
		if (event.pointerType === 'mouse') return;
		start.current = event.clientX;
	};
	const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
		if (start.current !== null) setOffset(event.clientX - start.current);
	};
	const onPointerEnd = () => {
		if (start.current === null) return;
		start.current = null;
		if (Math.abs(offset) >= SWIPE_THRESHOLD) dismissToast(toast.id);
		else setOffset(0);
	};

	const error = toast.variant === 'error';
	return (
		// Swipe and hover only add to the close button, which keyboards and screen readers use.
		// eslint-disable-next-line jsx-a11y/no-static-element-interactions
		<div
			data-toast={toast.variant}
			onPointerDown={onPointerDown}
			onPointerMove={onPointerMove}
			onPointerUp={onPointerEnd}
			onPointerCancel={onPointerEnd}
			onMouseEnter={() => setPaused(true)}
			onMouseLeave={() => setPaused(false)}
			onFocus={() => setPaused(true)}
			onBlur={() => setPaused(false)}
			style={{ transform: `translateX(${offset}px)`, touchAction: 'pan-y' }}
			className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border p-4 shadow-lg ${
				error ? 'border-red-800 bg-red-700 text-white' : 'border-zinc-200 bg-white text-ink'
			}`}
		>
			<div className="flex-1">
				<p className="font-bold">{toast.title}</p>
				{toast.description && <p className="mt-1 text-sm">{toast.description}</p>}
				{toast.action && (
					<button
						type="button"
						onClick={() => {
							toast.action?.onClick();
							dismissToast(toast.id);
						}}
						className="mt-3 min-h-11 rounded-lg bg-accent px-4 py-2 font-semibold text-night hover:bg-accent-hover"
					>
						{toast.action.label}
					</button>
				)}
			</div>
			<button
				type="button"
				onClick={() => dismissToast(toast.id)}
				aria-label="Chiudi la notifica"
				className={`-m-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-lg ${
					error ? 'hover:bg-red-800' : 'hover:bg-zinc-100'
				}`}
			>
				<Icon path={iconClose} size={20} />
			</button>
		</div>
	);
}

/**
 * The one place toasts appear: one at a time, in a live region that is in the
 * page from the start so screen readers announce it — polite for success, assertive for errors.
 */
export default function Toaster() {
	// Hydration renders what the server did (no toast): the island may hydrate for a toast that
	// is already in the store (client:interaction), and shows it right after.
	const toast = useStore($toast, { ssr: 'initial' });
	const error = toast?.variant === 'error';
	return (
		<div
			className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end"
			data-toaster
		>
			<div
				role="status"
				aria-live="polite"
				className="flex w-full flex-col items-center sm:items-end"
			>
				{toast && !error && <ToastCard key={toast.id} toast={toast} />}
			</div>
			<div
				role="alert"
				aria-live="assertive"
				className="flex w-full flex-col items-center sm:items-end"
			>
				{toast && error && <ToastCard key={toast.id} toast={toast} />}
			</div>
		</div>
	);
}
