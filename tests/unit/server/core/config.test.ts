import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY } from '../../../../src/server/core/backoff';
import { CoreConfigError, coreConfigFromEnv } from '../../../../src/server/core/config';

const ROOT = '/srv/vigorsport';
const COMPANY = 'Vigor Sport';
const SMTP = { SMTP_HOST: 'smtp.example.it', SHOP_EMAIL: 'negozio@example.it' };

describe('contact configuration', () => {
	it('without SMTP_HOST is simulation mode with the defaults', () => {
		const config = coreConfigFromEnv({}, ROOT, COMPANY);
		expect(config).toMatchObject({
			dbPath: '/srv/vigorsport/data/messages.sqlite',
			smtp: null,
			shopEmail: null,
			rateLimitPerMinute: 5,
			availabilityRatePerMinute: 300,
			retentionDays: 365,
			retry: DEFAULT_RETRY_POLICY,
		});
	});

	it.each([
		['data/altro.sqlite', '/srv/vigorsport/data/altro.sqlite'],
		['/var/lib/vigorsport/messaggi.sqlite', '/var/lib/vigorsport/messaggi.sqlite'],
	])('CONTACT_DB_PATH %s -> %s', (value, expected) => {
		expect(coreConfigFromEnv({ CONTACT_DB_PATH: value }, ROOT, COMPANY).dbPath).toBe(expected);
	});

	it.each([
		[{}, 587, false],
		[{ SMTP_SECURE: 'true' }, 465, true],
		[{ SMTP_PORT: '465' }, 465, true],
		[{ SMTP_PORT: '465', SMTP_SECURE: 'false' }, 465, false],
		[{ SMTP_PORT: '2525' }, 2525, false],
	])('SMTP %j -> port %i, secure %s', (env, port, secure) => {
		const { smtp } = coreConfigFromEnv({ ...SMTP, ...env }, ROOT, COMPANY);
		expect(smtp).toMatchObject({ host: 'smtp.example.it', port, secure });
	});

	it('names the company of the settings as the sender, quoted', () => {
		expect(coreConfigFromEnv(SMTP, ROOT, 'Forza "Più" \\ Sport').from).toBe(
			'"Forza \\"Più\\" \\\\ Sport" <negozio@example.it>',
		);
		expect(coreConfigFromEnv({}, ROOT, 'Altro Negozio')).toMatchObject({
			companyName: 'Altro Negozio',
			from: '"Altro Negozio" <noreply@localhost>',
		});
	});

	it('sends from the shop address unless SMTP_FROM says otherwise', () => {
		expect(coreConfigFromEnv(SMTP, ROOT, COMPANY).from).toBe('"Vigor Sport" <negozio@example.it>');
		expect(
			coreConfigFromEnv({ ...SMTP, SMTP_FROM: 'Sito <sito@example.it>' }, ROOT, COMPANY).from,
		).toBe('Sito <sito@example.it>');
	});

	it('authenticates only with SMTP_USER', () => {
		expect(coreConfigFromEnv(SMTP, ROOT, COMPANY).smtp).toMatchObject({
			user: null,
			password: null,
		});
		expect(
			coreConfigFromEnv({ ...SMTP, SMTP_USER: 'u', SMTP_PASSWORD: ' p w ' }, ROOT, COMPANY).smtp,
		).toMatchObject({ user: 'u', password: ' p w ' });
	});

	it('reads the retry settings, which the tests shorten', () => {
		const config = coreConfigFromEnv(
			{
				CONTACT_RETRY_BASE_MS: '100',
				CONTACT_RETRY_MAX_DELAY_MS: '400',
				CONTACT_RETRY_MAX_ATTEMPTS: '3',
				CONTACT_RETRY_POLL_MS: '50',
				CONTACT_RATE_LIMIT: '0',
				CONTACT_RETENTION_DAYS: '0',
			},
			ROOT,
			COMPANY,
		);
		expect(config.retentionDays).toBe(0);
		expect(config.retry).toEqual({ baseDelayMs: 100, maxDelayMs: 400, maxAttempts: 3 });
		expect(config.retryPollMs).toBe(50);
		expect(config.rateLimitPerMinute).toBe(0);
	});

	it('reads the availability’s own limit', () => {
		const read = (value: string) =>
			coreConfigFromEnv({ AVAILABILITY_RATE_LIMIT: value }, ROOT, COMPANY)
				.availabilityRatePerMinute;
		expect([read('40'), read('0')]).toEqual([40, 0]);
	});

	it('waits RFC 5321 minutes for the end of a message, briefly for the rest', () => {
		const config = coreConfigFromEnv(SMTP, ROOT, COMPANY);
		expect(config.smtp).toMatchObject({ timeoutMs: 15_000, dataTimeoutMs: 600_000 });
		expect(config.replyWaitMs).toBe(2_000);
		// A send in progress is never taken for one a dead process left behind.
		expect(config.sendLeaseMs).toBeGreaterThan(600_000 + 15_000);
		const short = coreConfigFromEnv(
			{ ...SMTP, CONTACT_SMTP_DATA_TIMEOUT_MS: '300', CONTACT_REPLY_WAIT_MS: '0' },
			ROOT,
			COMPANY,
		);
		expect(short.smtp?.dataTimeoutMs).toBe(300);
		expect(short.replyWaitMs).toBe(0);
	});

	it.each([
		[{ CONTACT_REPLY_WAIT_MS: '120000' }, /CONTACT_REPLY_WAIT_MS/],
		[{ CONTACT_SMTP_DATA_TIMEOUT_MS: '5' }, /CONTACT_SMTP_DATA_TIMEOUT_MS/],
		[{ SMTP_HOST: 'smtp.example.it' }, /SHOP_EMAIL is required/],
		[{ ...SMTP, SHOP_EMAIL: 'negozio' }, /SHOP_EMAIL is not an e-mail address/],
		[{ ...SMTP, SMTP_PORT: '0' }, /SMTP_PORT must be a whole number/],
		[{ ...SMTP, SMTP_PORT: 'venticinque' }, /SMTP_PORT/],
		[{ ...SMTP, SMTP_SECURE: 'forse' }, /SMTP_SECURE must be true or false/],
		[{ CONTACT_RATE_LIMIT: '-1' }, /CONTACT_RATE_LIMIT/],
		[{ CONTACT_RATE_LIMIT: '2.5' }, /CONTACT_RATE_LIMIT/],
		[{ AVAILABILITY_RATE_LIMIT: 'molte' }, /AVAILABILITY_RATE_LIMIT/],
		[{ CONTACT_RETRY_BASE_MS: '1000', CONTACT_RETRY_MAX_DELAY_MS: '10' }, /MAX_DELAY/],
	])('refuses %j', (env, message) => {
		expect(() => coreConfigFromEnv(env, ROOT, COMPANY)).toThrow(CoreConfigError);
		expect(() => coreConfigFromEnv(env, ROOT, COMPANY)).toThrow(message);
	});
});
