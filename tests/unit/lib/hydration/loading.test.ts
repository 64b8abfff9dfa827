import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenQuiet } from '../../../../src/lib/hydration/loading';

/** Milliseconds after which `whenQuiet(isLoading, options)` resolved, on fake timers. */
async function resolvedAfter(
	isLoading: () => boolean,
	options?: Parameters<typeof whenQuiet>[1],
): Promise<number> {
	const start = Date.now();
	let done = false;
	void whenQuiet(isLoading, options).then(() => (done = true));
	for (let step = 0; step < 1000 && !done; step++) await vi.advanceTimersByTimeAsync(10);
	return Date.now() - start;
}

describe('whenQuiet', () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	it('resolves once nothing has been loading for the quiet time', async () => {
		expect(await resolvedAfter(() => false, { quietMs: 150, intervalMs: 50 })).toBe(150);
	});

	it('waits for the loading to end, then for the quiet time', async () => {
		const loadingUntil = Date.now() + 400;
		const waited = await resolvedAfter(() => Date.now() < loadingUntil, {
			quietMs: 150,
			intervalMs: 50,
		});
		expect(waited).toBe(400 + 150);
	});

	it('starts the quiet time again when loading starts again', async () => {
		const start = Date.now();
		const loading = (now: number) => now - start < 100 || (now - start >= 200 && now - start < 300);
		const waited = await resolvedAfter(() => loading(Date.now()), { quietMs: 150, intervalMs: 50 });
		expect(waited).toBe(300 + 150);
	});

	it('gives up waiting after the longest wait', async () => {
		expect(await resolvedAfter(() => true, { timeoutMs: 1000, intervalMs: 50 })).toBe(1000);
	});
});
