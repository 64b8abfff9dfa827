import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { SubmissionStore } from '../../../src/server/core/store';
import { REGISTRY } from '../../../src/server/services';
import { lastMovementId, recordBatch } from '../../../src/server/stock/batch';
import {
	adjustStock,
	ledgerMismatches,
	stockLevel,
	type StockRef,
} from '../../../src/server/stock/store';

/**
 * Many counts or arrivals at once (batch.ts), on a real SQLite file, under random work: staged
 * in slices, then written in one transaction, so a batch is applied whole or not at all. With a
 * stale row (its version, or a movement after the ledger the preview read) nothing changes; else
 * every row's on hand is its count (or what it was plus the arrival), and on hand is still the
 * sum of the ledger.
 */

const STAFF = { id: 1, name: 'Giulia' };
const AT = new Date('2026-11-26T10:00:00Z');

const batchCase = fc.record({
	reason: fc.constantFrom('count' as const, 'arrival' as const),
	rows: fc.array(
		fc.record({ before: fc.nat({ max: 20 }), pieces: fc.integer({ min: 1, max: 30 }) }),
		{ minLength: 1, maxLength: 600 },
	),
	// A row sold from after it was shown, and how the batch names what it saw.
	moved: fc.option(fc.nat(), { nil: undefined }),
	check: fc.constantFrom('version' as const, 'ledger' as const),
	keepUnchanged: fc.boolean(),
});

it('records a batch whole or not at all, and on hand stays the sum of the ledger', async () => {
	const dir = mkdtempSync(join(tmpdir(), 'vigorsport-stock-batch-'));
	const store = SubmissionStore.open(join(dir, 'messages.sqlite'), REGISTRY);
	const { db } = store;
	let run = 0;
	try {
		await fc.assert(
			fc.asyncProperty(batchCase, async (test) => {
				run += 1;
				const refs: StockRef[] = test.rows.map((_, n) => ({
					shopId: n % 2 ? 'aosta' : 'torino',
					productId: `prodotto-${run}`,
					variantId: `variante-${n}`,
				}));
				refs.forEach((ref, n) => {
					const before = test.rows[n]?.before ?? 0;
					if (before > 0) {
						adjustStock(db, {
							...ref,
							reason: 'initial_count',
							pieces: before,
							actor: 'system',
							at: AT,
						});
					}
				});
				const shown = refs.map((ref) => stockLevel(db, ref));
				const ledgerShown = lastMovementId(db);
				const movedIndex = test.moved === undefined ? -1 : test.moved % refs.length;
				const movedRef = refs[movedIndex];
				if (movedRef) {
					adjustStock(db, {
						...movedRef,
						reason: 'arrival',
						pieces: 1,
						actor: 'staff',
						staff: STAFF,
						at: AT,
					});
				}
				const levelsBefore = refs.map((ref) => stockLevel(db, ref));
				const result = await recordBatch(db, {
					reason: test.reason,
					rows: refs.map((ref, n) => ({
						...ref,
						pieces: test.rows[n]?.pieces ?? 1,
						fromVersion: test.check === 'version' ? shown[n]?.version : undefined,
					})),
					keepUnchanged: test.keepUnchanged,
					movedAfter: test.check === 'ledger' ? ledgerShown : undefined,
					staff: STAFF,
					note: 'Prova',
					at: AT,
				});
				expect(ledgerMismatches(db)).toEqual([]);
				const after = refs.map((ref) => stockLevel(db, ref));
				if (movedRef) {
					expect(result).toEqual({ outcome: 'conflict', indexes: [movedIndex] });
					expect(after).toEqual(levelsBefore);
					return;
				}
				expect(result.outcome).toBe('recorded');
				after.forEach((level, n) => {
					const pieces = test.rows[n]?.pieces ?? 1;
					const before = levelsBefore[n]?.onHand ?? 0;
					expect(level.onHand).toBe(test.reason === 'count' ? pieces : before + pieces);
				});
				if (result.outcome !== 'recorded') return;
				const { written } = result;
				const unchanged = test.rows.filter((row) => row.before === row.pieces).length;
				const expected =
					test.reason === 'arrival' || test.keepUnchanged ? refs.length : refs.length - unchanged;
				expect(written).toBe(expected);
			}),
			{ numRuns: 40 },
		);
	} finally {
		store.close();
		rmSync(dir, { recursive: true, force: true });
	}
}, 120_000);
