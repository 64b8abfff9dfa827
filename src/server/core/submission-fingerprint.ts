/**
 * The fingerprint of a submission's contents, stored beside its submission key: a key sent
 * again with the same contents is a repeat (an outbox resending what the server already has),
 * with other contents a mistake or a forgery, refused rather than answered with the first
 * submission. Object keys are sorted first, so the same fields in another order count as the
 * same contents. Pure.
 */
import { createHash } from 'node:crypto';

/** The value with its objects' keys sorted, all the way down. */
function canonical(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(canonical);
	if (typeof value !== 'object' || value === null) return value;
	const record = value as Record<string, unknown>;
	return Object.fromEntries(
		Object.keys(record)
			.sort()
			.map((key) => [key, canonical(record[key])]),
	);
}

/** SHA-256 (base64url) of the submitted fields as canonical JSON. */
export function submissionFingerprint(record: Readonly<Record<string, unknown>>): string {
	return createHash('sha256')
		.update(JSON.stringify(canonical(record)))
		.digest('base64url');
}
