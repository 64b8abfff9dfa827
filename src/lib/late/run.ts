/**
 * Late work: what a page does after its first paint (docs/navigation.md, "Late work"). The page's
 * parts run one at a time, each in a task of its own, with the main thread given back between
 * them, so a visitor's tap never waits behind them and no task is long. Pure but for the browser's
 * scheduler, which callers may replace (the unit tests do).
 */

/**
 * One step of a late part: a short piece of work, run in a task of its own. Lighthouse multiplies
 * a task's time by 4 on its phone and counts what passes 50 ms as blocking, so a step must stay
 * well under 10 ms of a desktop's time; work that takes longer is split into more steps.
 */
export type LateStep = () => void | Promise<void>;

/**
 * What a late part's module exports: its steps, in order. The runner gives the main thread back
 * before each one (yieldToMain), so no part can run its steps in one task.
 */
export interface LateModule {
	steps: readonly LateStep[];
}

/** One part of the pages that works late: the open-now line, the pickup bar, the worker… */
export interface LatePart {
	/** A short name, for the console when the part fails. */
	name: string;
	/** Whether this page needs the part (a marker in its HTML, a missing browser feature). */
	needed: () => boolean;
	/** Loads the part's code: a dynamic import, so a page that does not need it never loads it. */
	load: () => Promise<LateModule>;
}

/** What runLateParts needs from the browser. */
export interface LateEnvironment {
	/** Gives the main thread back and resumes soon after (yieldToMain). */
	yield: () => Promise<void>;
	/** Where a failing part is reported; the other parts still run. */
	report: (name: string, error: unknown) => void;
}

/**
 * Gives the main thread back to the browser (input, rendering) and resumes in a new task:
 * `scheduler.yield()` where the browser has it (its continuation runs before other queued tasks),
 * else a message to itself, which, unlike `setTimeout(0)`, is not clamped to 4 ms.
 */
export function yieldToMain(): Promise<void> {
	const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
	if (typeof scheduler?.yield === 'function') return scheduler.yield();
	return new Promise((resolve) => {
		const channel = new MessageChannel();
		channel.port1.onmessage = () => {
			channel.port1.close();
			resolve();
		};
		channel.port2.postMessage(null);
	});
}

const browserEnvironment: LateEnvironment = {
	yield: yieldToMain,
	report: (name, error) => console.error(`[lavoro differito] ${name}`, error),
};

/**
 * Runs the parts this page needs, in their order, one after another: for each, a yield, the
 * check, the load (its own chunk, fetched only now), then each of its steps after a yield of its
 * own. A part that fails to load or in a step is reported (its later steps skipped) and the next
 * one runs. Resolves with the names of the parts that ran all their steps.
 */
export async function runLateParts(
	parts: readonly LatePart[],
	environment: LateEnvironment = browserEnvironment,
): Promise<string[]> {
	const started: string[] = [];
	for (const part of parts) {
		await environment.yield();
		try {
			if (!part.needed()) continue;
			const module = await part.load();
			for (const step of module.steps) {
				await environment.yield();
				await step();
			}
			started.push(part.name);
		} catch (error) {
			environment.report(part.name, error);
		}
	}
	return started;
}

/**
 * Resolves once the page has been drawn (its first `paint` entry) and has had its `load` event,
 * the moment «avvio» waits for on built pages (BaseLayout.astro): on a slow phone `load` can come
 * before the first paint. A browser that reports no paint entries waits for `load` alone.
 */
export function afterLoadAndPaint(): Promise<void> {
	const loaded = new Promise<void>((resolve) => {
		if (document.readyState === 'complete') resolve();
		else window.addEventListener('load', () => resolve(), { once: true });
	});
	const painted = new Promise<void>((resolve) => {
		const types = globalThis.PerformanceObserver?.supportedEntryTypes ?? [];
		if (!types.includes('paint') || performance.getEntriesByType('paint').length > 0) {
			resolve();
			return;
		}
		new PerformanceObserver((_, observer) => {
			observer.disconnect();
			resolve();
		}).observe({ type: 'paint', buffered: true });
	});
	return Promise.all([loaded, painted]).then(() => undefined);
}
