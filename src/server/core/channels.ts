/**
 * The one outbox of the server, for every channel: e-mails (outbox.ts), pushes to staff devices
 * (src/server/notifications), and whatever comes next. A channel supplies its table of items
 * (outbox-queue.ts: the same delivery columns), how to read a claimed item, and how to send one;
 * everything else is here, once: the claim, the backoff (backoff.ts), the mark that the receiver
 * may have the item, the record of each outcome, and the settling of the claims of a stopped
 * process (due again before the mark, 'interrupted' and never sent again after it).
 *
 * Items are sent side by side, up to the channel's `maxInFlight`: each has its own timeout in its
 * channel, so a receiver that hangs holds up no other item (the e-mails' channel keeps one at a
 * time, as the mail server's connections are few).
 */
import type Database from 'better-sqlite3';
import { nextAttemptAt, type RetryPolicy } from './backoff';
import {
	claimDueRows,
	markRowFailed,
	markRowSent,
	markRowStarted,
	markRowUncertain,
	settleClaimsOf,
	settleExpiredClaims,
	type QueueTable,
	type SettledClaims,
} from './outbox-queue';

/** What became of one attempt, as the channel tells it. */
export type SendOutcome =
	/** The receiver took it. */
	| { kind: 'sent' }
	/** Not taken (no connection, busy, a temporary refusal): due again after the backoff. */
	| { kind: 'retry'; error: string; cause?: unknown }
	/** Refused for good: given up. */
	| { kind: 'failed'; error: string; cause?: unknown }
	/** The receiver may have taken it: never sent again. */
	| { kind: 'uncertain'; error: string; cause?: unknown }
	/** The channel removed the item itself (its receiver is gone): nothing to record. */
	| { kind: 'gone' };

/** What the outbox recorded: sent; due again; given up; unknown (never again); removed. */
export type RecordedOutcome = 'sent' | 'retry' | 'failed' | 'uncertain' | 'gone';

/** An item of a channel: its row's id and the attempts made so far. */
export interface OutboxItem {
	id: number;
	attempts: number;
}

/** A channel of the outbox. */
export interface OutboxChannel<Item extends OutboxItem = OutboxItem> {
	/** Its name, for the log ('email', 'push'). */
	readonly name: string;
	readonly queue: QueueTable;
	readonly retry: RetryPolicy;
	/** How long a claim may last before it counts as left by a stopped process. */
	readonly leaseMs: number;
	/** Items under way at once, at most. */
	readonly maxInFlight: number;
	/**
	 * The items of rows just claimed, read in the claim's transaction; a row it leaves out stays
	 * claimed and is settled after the lease.
	 */
	load(db: Database.Database, rows: readonly Record<string, unknown>[]): Item[];
	/**
	 * Sends one claimed item; calls `started` just before the receiver may take it (after that
	 * a stop never sends it again). May throw: the outbox records an unknown outcome then.
	 */
	send(item: Item, started: () => void): Promise<SendOutcome>;
	/** Told what settling the claims of a stopped run did (for the log); else the outbox logs it. */
	settled?(claims: SettledClaims): void;
	/** Told of each recorded outcome, for the log (after the record; never throws into the outbox). */
	recorded?(
		item: Item,
		outcome: RecordedOutcome,
		detail: {
			error?: string | undefined;
			cause?: unknown;
			next?: number | null | undefined;
			startedAt: number;
		},
	): void;
}

/** Where the outbox logs what it cannot record. */
export type OutboxLog = Pick<Console, 'warn' | 'error'>;

/** A short description of an error for the database and the log (no stack trace). */
export function describeError(error: unknown): string {
	if (error instanceof Error) {
		const code = (error as { code?: unknown }).code;
		return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
	}
	return String(error);
}

/** One channel as its owner drives it. */
export interface ChannelHandle<Item extends OutboxItem> {
	/** Sends items this process claimed when storing them; resolves with each one's outcome. */
	deliver(item: Item): Promise<RecordedOutcome>;
	/** Starts sending the items due now; returns at once. */
	sendSoon(): void;
	/** Sends the items due now; resolves once none of this channel is under way. */
	sendDue(): Promise<void>;
}

/** The outbox of one process. */
export interface ChannelOutbox {
	/** Adds a channel; its items are sent from now on. */
	register<Item extends OutboxItem>(channel: OutboxChannel<Item>): ChannelHandle<Item>;
	/** At start-up: settles the claims of stopped processes, in every channel. */
	settleAbandoned(isGone: (claimedBy: string) => boolean): SettledClaims;
	/** One pass of the loop: settles expired claims, then sends what is due, in every channel. */
	retryDue(): Promise<void>;
	/** Stops claiming (closing): the items under way go on, tracked by the service. */
	stop(): void;
}

/** What the outbox works with. */
export interface ChannelOutboxOptions {
	db: Database.Database;
	/** Who claims items: this process, unlike any earlier or parallel one. */
	instance: string;
	now: () => number;
	log: OutboxLog;
	/** Keeps a promise until it settles, so closing the service waits for it. */
	track?: <T>(promise: Promise<T>) => Promise<T>;
}

export function createChannelOutbox({
	db,
	instance,
	now,
	log,
	track = (promise) => promise,
}: ChannelOutboxOptions): ChannelOutbox {
	let closed = false;
	/** Each channel's settling of claims: after its lease, and of stopped processes. */
	const drivers: {
		expired: () => void;
		of: (isGone: (claimedBy: string) => boolean) => SettledClaims;
	}[] = [];
	const passes: (() => Promise<void>)[] = [];

	/** Calls a channel's listener; one that throws never stops the outbox. */
	function tell<Item extends OutboxItem>(
		channel: OutboxChannel<Item>,
		...args: Parameters<NonNullable<OutboxChannel<Item>['recorded']>>
	): void {
		try {
			channel.recorded?.(...args);
		} catch (error) {
			log.error(`Outbox (${channel.name}): listener failed:`, describeError(error));
		}
	}

	/** Records an outcome; a failure to record leaves the claim, settled after the lease. */
	function record<Item extends OutboxItem>(
		channel: OutboxChannel<Item>,
		item: Item,
		outcome: SendOutcome,
		startedAt: number,
	): RecordedOutcome {
		const { queue } = channel;
		let recorded: RecordedOutcome = outcome.kind;
		let next: number | null | undefined;
		try {
			switch (outcome.kind) {
				case 'sent':
					markRowSent(db, queue, item.id, instance, now());
					break;
				case 'uncertain':
					markRowUncertain(db, queue, item.id, instance, outcome.error);
					break;
				case 'failed':
					markRowFailed(db, queue, item.id, instance, outcome.error, null);
					break;
				case 'retry':
					next = nextAttemptAt(item.attempts + 1, now(), channel.retry);
					markRowFailed(db, queue, item.id, instance, outcome.error, next);
					if (next === null) recorded = 'failed';
					break;
				case 'gone':
					break;
			}
		} catch (error) {
			log.error(
				`Outbox (${channel.name}): cannot record item ${item.id} (${outcome.kind}):`,
				describeError(error),
			);
		}
		const detail =
			outcome.kind === 'sent' || outcome.kind === 'gone'
				? { startedAt }
				: { error: outcome.error, cause: outcome.cause, next, startedAt };
		tell(channel, item, recorded, detail);
		return recorded;
	}

	return {
		register<Item extends OutboxItem>(channel: OutboxChannel<Item>): ChannelHandle<Item> {
			const inFlight = new Set<Promise<void>>();

			async function deliver(item: Item): Promise<RecordedOutcome> {
				const startedAt = now();
				const started = () => {
					try {
						markRowStarted(db, channel.queue, item.id, instance, now());
					} catch (error) {
						// Unrecorded, a stop before the outcome is known would send it again.
						log.error(
							`Outbox (${channel.name}): cannot mark item ${item.id} started:`,
							describeError(error),
						);
					}
				};
				let outcome: SendOutcome;
				try {
					outcome = await channel.send(item, started);
				} catch (error) {
					outcome = { kind: 'uncertain', error: describeError(error), cause: error };
				}
				if (!db.open) return outcome.kind === 'retry' ? 'retry' : outcome.kind;
				return record(channel, item, outcome, startedAt);
			}

			function claimNext(): Item | null {
				try {
					return (
						db
							.transaction(() =>
								channel.load(db, claimDueRows(db, channel.queue, now(), instance, 1)),
							)
							.immediate()[0] ?? null
					);
				} catch (error) {
					log.error(`Outbox (${channel.name}): cannot claim:`, describeError(error));
					return null;
				}
			}

			function pump(): void {
				while (!closed && inFlight.size < channel.maxInFlight) {
					const item = claimNext();
					if (!item) return;
					const sending: Promise<void> = deliver(item)
						.then(() => undefined)
						.finally(() => {
							inFlight.delete(sending);
							pump();
						});
					inFlight.add(sending);
					void track(sending);
				}
			}

			async function sendDue(): Promise<void> {
				pump();
				while (inFlight.size > 0) await Promise.race(inFlight);
			}

			/** Tells the channel what settling did, or logs it. */
			const settled = (claims: SettledClaims) => {
				if (claims.retried + claims.uncertain === 0) return;
				if (channel.settled) channel.settled(claims);
				else
					log.warn(
						`Outbox (${channel.name}): ${claims.retried} item(s) of a stopped run due again, ${claims.uncertain} interrupted (esito incerto, never sent again).`,
					);
			};
			drivers.push({
				expired: () =>
					settled(settleExpiredClaims(db, channel.queue, now() - channel.leaseMs, now())),
				of: (isGone) => {
					const claims = settleClaimsOf(db, channel.queue, isGone, now());
					settled(claims);
					return claims;
				},
			});
			passes.push(sendDue);

			return {
				deliver(item) {
					return track(deliver(item));
				},
				sendSoon() {
					if (closed) return;
					setImmediate(pump);
				},
				sendDue,
			};
		},

		settleAbandoned(isGone) {
			let retried = 0;
			let uncertain = 0;
			for (const driver of drivers) {
				try {
					const claims = driver.of(isGone);
					retried += claims.retried;
					uncertain += claims.uncertain;
				} catch (error) {
					log.error('Outbox: cannot settle the claims of a stopped run:', describeError(error));
				}
			}
			return { retried, uncertain };
		},

		async retryDue() {
			for (const driver of drivers) {
				try {
					driver.expired();
				} catch (error) {
					log.error('Outbox: cannot settle expired claims:', describeError(error));
				}
			}
			await Promise.all(passes.map((pass) => pass()));
		},

		stop() {
			closed = true;
		},
	};
}
