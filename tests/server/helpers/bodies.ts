import fc from 'fast-check';

/**
 * The bodies every submission route must survive besides its own near-valid ones: random JSON,
 * random text, random bytes, one just over or under the 32 KB limit (`oversized` makes it from
 * a size), and nothing at all.
 */
export function hostileBodies(oversized: (size: number) => string) {
	return [
		{ weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
		{ weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
		{ weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) },
		{
			weight: 1,
			arbitrary: fc.integer({ min: 32 * 1024 - 200, max: 40 * 1024 }).map(oversized),
		},
		{ weight: 1, arbitrary: fc.constant('') },
	] as const;
}
