/**
 * Runs `task` once the page has painted and loaded: after the `load` event, at the browser's
 * next idle moment (at most a second later). Late work that the first screen does not need
 * starts here, so it never competes with the first paint.
 */
export function afterFirstPaint(task: () => void): void {
	const idle = () => {
		if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 1000 });
		else setTimeout(task, 0);
	};
	if (document.readyState === 'complete') idle();
	else window.addEventListener('load', idle, { once: true });
}
