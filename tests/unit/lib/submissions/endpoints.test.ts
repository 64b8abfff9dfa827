import { describe, expect, it } from 'vitest';
import { SERVER_ROUTES } from '../../../../src/lib/http/server-routes';
import { OUTBOXES } from '../../../../src/lib/pwa/outbox';
import { SUBMISSION_ENDPOINTS } from '../../../../src/lib/submissions/endpoints';
import { KINDS } from '../../../../src/server/services';

/**
 * The registry of kinds: every endpoint, owner and report declared once (the outbox table it
 * opened to every owner is tested on a real file: tests/server/core/submission-kinds-store.test.ts).
 */

describe('the registry of kinds', () => {
	it('serves every endpoint the browser’s outbox queues, each by one kind', () => {
		expect(OUTBOXES).toEqual(SUBMISSION_ENDPOINTS);
		const posted = KINDS.flatMap((kind) => (kind.endpoint ? [kind.endpoint] : []));
		expect(posted).toEqual(SUBMISSION_ENDPOINTS);
		for (const kind of KINDS) {
			if (kind.endpoint) expect(kind.endpoint.kind).toBe(kind.owner.name);
		}
		for (const { path } of SUBMISSION_ENDPOINTS) expect(SERVER_ROUTES).toContain(path);
	});

	it('gives every owner its own column and name, and its e-mails a label', () => {
		const owners = KINDS.map((kind) => kind.owner);
		expect(new Set(owners.map((owner) => owner.column)).size).toBe(owners.length);
		expect(new Set(owners.map((owner) => owner.name)).size).toBe(owners.length);
		for (const owner of owners) {
			expect(owner.column).toMatch(/^[a-z_]+_id$/);
			for (const email of Object.values(owner.emails)) expect(email.label).not.toBe('');
		}
	});

	it('has exactly one report printed by default, and distinct options for the others', () => {
		const reports = KINDS.flatMap((kind) => (kind.report ? [kind.report] : []));
		expect(reports.filter((report) => report.option === null)).toHaveLength(1);
		const options = reports.flatMap((report) => (report.option ? [report.option] : []));
		expect(new Set(options).size).toBe(options.length);
	});
});

/** The schema version before the outbox was opened to every owner (migration 8). */
