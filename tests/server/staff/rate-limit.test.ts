import { describe, expect, it } from 'vitest';
import { DEFAULT_STAFF_RATE_LIMIT } from '../../../src/server/staff/service';
import { createStaffMember } from '../../helpers/staff';
import { expectPrivate, staffRequest, useStaffServer } from '../helpers/staff';

/**
 * Sign-in hammered past the rate limit, on the real server with its default limit: the attempts
 * beyond it answer 429 with Retry-After whatever they carry, and the link request shares the
 * limit, answering 429 alike for a staff member's address and any other.
 */
const server = useStaffServer({ STAFF_RATE_LIMIT: '' });

describe('the sign-in rate limit', () => {
	it('refuses attempts beyond the limit with 429 and Retry-After', async () => {
		const statuses: number[] = [];
		for (let attempt = 0; attempt < DEFAULT_STAFF_RATE_LIMIT + 5; attempt += 1) {
			const response = await staffRequest(server.url, '/api/gestione/auth/accesso', {
				method: 'POST',
				body: { response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } },
			});
			expectPrivate(response);
			statuses.push(response.status);
			if (response.status === 429) {
				expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
				expect((JSON.parse(response.body) as { error: string }).error).toMatch(/Troppi tentativi/);
			}
		}
		expect(statuses.slice(0, DEFAULT_STAFF_RATE_LIMIT)).toEqual(
			Array(DEFAULT_STAFF_RATE_LIMIT).fill(401),
		);
		expect(statuses.slice(DEFAULT_STAFF_RATE_LIMIT)).toEqual(Array(5).fill(429));

		const member = createStaffMember(server.dbPath);
		for (const email of [member.email, 'nessuno@example.it']) {
			const link = await staffRequest(server.url, '/api/gestione/auth/link', {
				method: 'POST',
				body: { email },
			});
			expect(link.status).toBe(429);
		}
	});
});
