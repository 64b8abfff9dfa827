import { useEffect, useRef, useState, type RefObject } from 'react';
import {
	failureDescription,
	OFFLINE_TOAST,
	REPLAY_CONTACT,
	type EmailStatus,
} from '~/lib/contact/outcome';
import { workerOutcome } from '~/lib/contact/send';
import { showError, showToast } from '~/stores/toasts';

/**
 * Offline sending (docs/ARCHITECTURE.md, 'Offline'): the service worker reports a queued
 * message once sent (`onSent`, or the error toast); without one, the form itself sends again
 * when the phone is back online. `waiting` is true while a message waits for the connection.
 */
export function useOfflineResend(
	formRef: RefObject<HTMLFormElement | null>,
	onSent: (status: EmailStatus) => void,
) {
	const [waiting, setWaiting] = useState(false);
	const retryWhenOnline = useRef(false);

	useEffect(() => {
		const onWorkerMessage = (event: MessageEvent) => {
			const outcome = workerOutcome(event.data);
			if (outcome?.kind === 'sent') onSent(outcome.status);
			else if (outcome?.kind === 'failed') {
				setWaiting(false);
				showError(failureDescription(outcome.reason));
			}
		};
		const onOnline = () => {
			navigator.serviceWorker?.controller?.postMessage({ type: REPLAY_CONTACT });
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

	/** The message waits: queued by the service worker, or (`retry`) sent again once online. */
	function wait(retry: boolean) {
		if (retry) retryWhenOnline.current = true;
		setWaiting(true);
		showToast(OFFLINE_TOAST);
	}

	/** The message went (or failed for good): nothing waits any more. */
	const stopWaiting = () => setWaiting(false);

	return { waiting, wait, stopWaiting };
}
