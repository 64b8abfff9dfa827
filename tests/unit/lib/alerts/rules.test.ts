import { describe, expect, it } from 'vitest';
import {
	ALERT_ERRORS,
	alertFormPath,
	alertLinkPath,
	parseAlertRequest,
	peopleToTell,
	variantPagePath,
	waitingLabel,
} from '../../../../src/lib/alerts/rules';

const VALID = {
	productId: 'whey-concentrate-80',
	variantId: 'cioccolato-900-g',
	shopId: 'torino',
	email: ' lucia@example.it ',
	privacy: true,
};

describe('peopleToTell', () => {
	it.each([
		[2, 1, 2],
		[1, 1, 1],
		[0, 1, 0],
		[-3, 1, 0],
		[3, 2, 6],
		[1, 0.5, 0],
		[3, 0.5, 1],
		[1, 1.5, 1],
		[0.1 * 3, 10, 3],
		[5, 0, 0],
	])('a rise of %d at rate %d tells %d', (rise, rate, told) => {
		expect(peopleToTell(rise, rate)).toBe(told);
	});
});

describe('parseAlertRequest', () => {
	it('accepts a request, trims the address and reads "qualsiasi" as any shop', () => {
		expect(parseAlertRequest(VALID)).toEqual({
			ok: true,
			spam: false,
			request: {
				productId: VALID.productId,
				variantId: VALID.variantId,
				shopId: 'torino',
				email: 'lucia@example.it',
			},
		});
		const any = parseAlertRequest({ ...VALID, shopId: 'qualsiasi', privacy: 'on' });
		expect(any.ok && any.request.shopId).toBeNull();
		const bot = parseAlertRequest({ ...VALID, extra_info: 'x' });
		expect(bot.ok && bot.spam).toBe(true);
	});

	it.each([
		['email', { email: 'a,b@example.it' }],
		['email', { email: 'senza-chiocciola' }],
		['email', { email: `${'a'.repeat(250)}@example.it` }],
		['privacy', { privacy: false }],
		['privacy', { privacy: undefined }],
		['productId', { productId: '../../../segreto' }],
		['variantId', { variantId: 42 }],
		['shopId', { shopId: '' }],
		['shopId', { shopId: 'Torino!' }],
	] as const)('refuses a bad %s with its Italian message', (field, fields) => {
		expect(parseAlertRequest({ ...VALID, ...fields })).toEqual({
			ok: false,
			errors: { [field]: ALERT_ERRORS[field] },
		});
	});
});

describe('what the pages and e-mails show', () => {
	it.each([
		[0, '0 in attesa'],
		[3, '3 in attesa'],
		[12000, '12.000 in attesa'],
	])('%d waiting reads %s', (count, label) => {
		expect(waitingLabel(count)).toBe(label);
	});

	it('links the product with the variant chosen, and the request by its key in the query', () => {
		expect(variantPagePath('/prodotti/proteine/whey', 'cioccolato-900-g')).toBe(
			'/prodotti/proteine/whey?variante=cioccolato-900-g',
		);
		expect(alertLinkPath('abc_-1')).toBe('/avviso?token=abc_-1');
	});

	it.each([
		[undefined, '/avviso?prodotto=whey&variante=cioccolato-900-g'],
		['', '/avviso?prodotto=whey&variante=cioccolato-900-g'],
		['torino', '/avviso?prodotto=whey&variante=cioccolato-900-g&negozio=torino'],
		['a&b', '/avviso?prodotto=whey&variante=cioccolato-900-g&negozio=a%26b'],
	])("opens the form's page for the variant, at shop %j", (shopId, path) => {
		expect(alertFormPath('whey', 'cioccolato-900-g', shopId)).toBe(path);
	});
});
