import { atom } from 'nanostores';

/** How a toast looks and is announced: success and default politely, errors assertively. */
export type ToastVariant = 'success' | 'error' | 'default';

/** A short message shown at the bottom of the screen. */
export interface Toast {
	id: number;
	variant: ToastVariant;
	title: string;
	description?: string | undefined;
	/** Milliseconds before it goes away by itself. */
	duration: number;
	/** An optional button, such as 'Aggiorna' for a new version of the site. */
	action?: { label: string; onClick: () => void } | undefined;
}

/** Durations: success 3 s, error 4 s, anything else 5 s: time to read, not to cover the page. */
export const TOAST_DURATION: Record<ToastVariant, number> = {
	success: 3000,
	error: 4000,
	default: 5000,
};

/** Title of every error toast (docs/favourites.md). */
export const ERROR_TITLE = 'Errore';

/**
 * Dispatched on window with every toast: the Toaster island, which hydrates on the visitor's first
 * use of the page (client:interaction), hydrates for it too (a toast of the service worker comes
 * without any interaction).
 */
export const TOAST_EVENT = 'vigorsport:toast';

/** The toast on screen: one at a time, a new one replaces the old. */
export const $toast = atom<Toast | null>(null);

let nextId = 1;

/** Shows a toast, replacing the one on screen; returns its id. */
export function showToast(toast: {
	variant?: ToastVariant;
	title: string;
	description?: string;
	duration?: number;
	action?: Toast['action'];
}): number {
	const variant = toast.variant ?? 'default';
	const id = nextId++;
	$toast.set({
		id,
		variant,
		title: toast.title,
		description: toast.description,
		duration: toast.duration ?? TOAST_DURATION[variant],
		action: toast.action,
	});
	if (typeof window !== 'undefined') window.dispatchEvent(new Event(TOAST_EVENT));
	return id;
}

/** Shows an error toast titled 'Errore'. */
export function showError(description: string): number {
	return showToast({ variant: 'error', title: ERROR_TITLE, description });
}

/** Removes the toast with this id, if it is still the one on screen. */
export function dismissToast(id: number): void {
	if ($toast.get()?.id === id) $toast.set(null);
}
