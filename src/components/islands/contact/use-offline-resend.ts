import { useEffect, useRef, useState, type RefObject } from 'react';
import { failureDescription, OFFLINE_TOAST, type ToastText } from '~/lib/messages/outcome';
import type { Outbox } from '~/lib/pwa/outbox';
import { showError, showToast } from '~/stores/toasts';

/** What a page makes of the service worker's word on a request it queued and then sent. */
export type WorkerReport<Sent> = { kind: 'sent'; value: Sent } | { kind: 'failed'; reason: string };

export interface OfflineResendOptions<Sent> {
	/** Whose queue: the contact form's or the pickup list's (src/lib/pwa/outbox.ts). */
	outbox: Outbox;
	/** Reads the worker's message; null for a message about something else. */
	read: (data: unknown) => WorkerReport<Sent> | null;
	/** The request went through, queued or sent again by the form. */
	onSent: (value: Sent) => void;
	/** The toast shown while the request waits. */
	offlineToast?: ToastText;
}

/**
 * Offline sending (docs/offline.md): the service worker reports a queued
 * request once sent (`onSent`, or the error toast); without one, the form itself sends again
 * when the phone is back online. `waiting` is true while a request waits for the connection.
 */
export function useOfflineResend<Sent>(
	formRef: RefObject<HTMLFormElement | null>,
	{ outbox, read, onSent, offlineToast = OFFLINE_TOAST }: OfflineResendOptions<Sent>,
) {
	const [waiting, setWaiting] = useState(false);
	const retryWhenOnline = useRef(false);

	useEffect(() => {
		const onWorkerMessage = (event: MessageEvent) => {
			const report = read(event.data);
			if (report?.kind === 'sent') onSent(report.value);
			else if (report?.kind === 'failed') {
				setWaiting(false);
				showError(failureDescription(report.reason));
			}
		};
		const onOnline = () => {
			navigator.serviceWorker?.controller?.postMessage({ type: outbox.replay });
			if (retryWhenOnline.current) {
				retryWhenOnline.current = false;
				formRef.current?.requestSubmit();
			}
		};
		navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
		window.addEventListener('online', onOnline);
		return () => {
			navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
			window.removeEventListener('online', onOnline);
		};
	});

	/** The request waits: queued by the service worker, or (`retry`) sent again once online. */
	function wait(retry: boolean) {
		if (retry) retryWhenOnline.current = true;
		setWaiting(true);
		showToast(offlineToast);
	}

	/** The request went (or failed for good): nothing waits any more. */
	const stopWaiting = () => setWaiting(false);

	/**
	 * A sending that did not go through: it waits for the connection (queued by the worker, or
	 * sent again by the form once online), or it was refused, said by the error toast.
	 */
	function notSent(
		outcome: { kind: 'queued' } | { kind: 'offline' } | { kind: 'failed'; reason: string },
	) {
		if (outcome.kind === 'failed') showError(failureDescription(outcome.reason));
		else wait(outcome.kind === 'offline');
	}

	return { waiting, text: offlineToast, wait, stopWaiting, notSent };
}
