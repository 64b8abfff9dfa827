import { describe, expect, it } from 'vitest';
import { CoreConfigError, coreConfigFromEnv } from '../../../../src/server/core/config';
import { createGate, isAuthFailure, isDataCommandEntry } from '../../../../src/server/core/mailer';
import { claimerIsGone } from '../../../../src/server/core/outbox';
import type { ContactHealth } from '../../../../src/server/core/service';
import { backupName } from '../../../../src/server/operations/backup';
import { healthAnswer } from '../../../../src/server/operations/health';
import { opsSettingsFromEnv } from '../../../../src/server/core/settings';
import { ServerConfigError } from '../../../../src/server/core/server-settings';

const HEALTHY: ContactHealth = {
	simulationMode: false,
	databaseWritable: true,
	emailsWaiting: 0,
	emailsOverdue: 0,
	lastAttempt: { outcome: 'sent', authFailure: false },
};

describe('healthAnswer', () => {
	it.each<[string, Partial<ContactHealth>, boolean, string[]]>([
		['healthy', {}, true, []],
		['no attempt yet', { lastAttempt: null }, true, []],
		['e-mails waiting, none overdue', { emailsWaiting: 3 }, true, []],
		['database unwritable', { databaseWritable: false }, false, ['database-unwritable']],
		['e-mails overdue', { emailsWaiting: 3, emailsOverdue: 1 }, false, ['emails-overdue']],
		[
			'credentials refused',
			{ lastAttempt: { outcome: 'retry', authFailure: true } },
			false,
			['smtp-auth-rejected'],
		],
		['a plain failure', { lastAttempt: { outcome: 'retry', authFailure: false } }, true, []],
		[
			'all at once',
			{
				databaseWritable: false,
				emailsOverdue: 2,
				lastAttempt: { outcome: 'failed', authFailure: true },
			},
			false,
			['database-unwritable', 'emails-overdue', 'smtp-auth-rejected'],
		],
	])('%s', (_, facts, ok, reasons) => {
		const answer = healthAnswer({ ...HEALTHY, ...facts });
		expect(answer.ok).toBe(ok);
		expect(answer.reasons).toEqual(reasons);
		expect(answer.message).toMatch(ok ? /^Tutto in ordine\.$/ : /^[A-Z].+\.$/);
	});
});

describe('the outbox after a stop', () => {
	it.each([
		['own claim', '100-a', '100-a', false],
		['an earlier run under the same pid', '100-a', '100-b', true],
		['a running process', '200-a', '100-b', false],
		['a stopped process', '300-a', '100-b', true],
		['not a claim of this code', 'io', '100-b', false],
	])('%s', (_, claimedBy, instance, gone) => {
		expect(claimerIsGone(claimedBy, instance, (pid) => pid !== 300)).toBe(gone);
	});

	it.each([
		[{ tnx: 'client' }, 'DATA', true],
		[{ tnx: 'client' }, 'data\r\n', true],
		[{ tnx: 'client' }, 'RCPT TO:<a@b.it>', false],
		[{ tnx: 'server' }, 'DATA', false],
		[undefined, 'DATA', false],
	])('tells the DATA command apart: %j %j', (fields, message, isData) => {
		expect(isDataCommandEntry(fields, message)).toBe(isData);
	});

	it.each([
		[{ code: 'EAUTH', responseCode: 535 }, true],
		[{ responseCode: 534 }, true],
		[{ responseCode: 530 }, true],
		[{ code: 'ECONNECTION' }, false],
		[{ responseCode: 451 }, false],
		[null, false],
	])('tells refused credentials apart: %j', (error, auth) => {
		expect(isAuthFailure(error)).toBe(auth);
	});

	it('lets at most `limit` tasks run at once, in order', async () => {
		const gate = createGate(2);
		let running = 0;
		let most = 0;
		const order: number[] = [];
		await Promise.all(
			Array.from({ length: 7 }, (_, n) =>
				gate(async () => {
					running++;
					most = Math.max(most, running);
					order.push(n);
					await new Promise((resolve) => setTimeout(resolve, 1));
					running--;
				}),
			),
		);
		expect(most).toBe(2);
		expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
		await expect(gate(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
		expect(await gate(() => Promise.resolve(5))).toBe(5);
	});
});

describe('settings', () => {
	it('reads the health threshold and the stop graces, refusing bad values', () => {
		expect(opsSettingsFromEnv({})).toMatchObject({
			emailMaxWaitMs: 1_800_000,
			stopRequestsMs: 10_000,
			stopEmailsMs: 15_000,
		});
		expect(opsSettingsFromEnv({ HEALTH_EMAIL_MAX_WAIT_S: '60' }).emailMaxWaitMs).toBe(60_000);
		expect(() => opsSettingsFromEnv({ HEALTH_EMAIL_MAX_WAIT_S: '0' })).toThrow(ServerConfigError);
		expect(() => opsSettingsFromEnv({ SERVER_STOP_EMAILS_MS: 'presto' })).toThrow(
			'SERVER_STOP_EMAILS_MS',
		);
	});

	it('caps SMTP connections at 3 unless told otherwise', () => {
		const env = { SMTP_HOST: 'smtp.example.it', SHOP_EMAIL: 'negozio@example.it' };
		expect(coreConfigFromEnv(env, '/', 'Vigor').smtp?.maxConnections).toBe(3);
		expect(
			coreConfigFromEnv({ ...env, SMTP_MAX_CONNECTIONS: '1' }, '/', 'Vigor').smtp?.maxConnections,
		).toBe(1);
		expect(() => coreConfigFromEnv({ ...env, SMTP_MAX_CONNECTIONS: '0' }, '/', 'Vigor')).toThrow(
			CoreConfigError,
		);
	});
});

describe('backup names', () => {
	it('names copies by time, so that their names sort by age', () => {
		const at = new Date('2026-11-26T03:15:00.123Z');
		expect(backupName('/d/messages.sqlite', at)).toBe('messages-20261126T031500123Z.sqlite');
		expect(backupName('/d/db', at)).toBe('db-20261126T031500123Z.sqlite');
	});
});
