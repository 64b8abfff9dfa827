import { describe, expect, it } from 'vitest';
import { mailtoHref, telHref } from '../../../../src/lib/format/links';

/** The address an independent probe reserved with: a draft to a third party, with Cc and body. */
const PROBE =
	'ordini%40concorrente.example?cc=spia%40evil.example&subject=Rimborso&body=Confermo%20il%20rimborso@example.com';

describe('mailtoHref', () => {
	it.each([
		['negozio@vigorsport.it', 'mailto:negozio@vigorsport.it'],
		['  mario.rossi@example.it ', 'mailto:mario.rossi@example.it'],
		['mario+ordini@example.it', 'mailto:mario%2Bordini@example.it'],
		["o'brien@example.ie", 'mailto:o%27brien@example.ie'],
		['a@b@example.it', 'mailto:a%40b@example.it'],
		['"x"<y>@example.it', 'mailto:%22x%22%3Cy%3E@example.it'],
		['senza-chiocciola', 'mailto:senza-chiocciola'],
		[
			PROBE,
			'mailto:ordini%2540concorrente.example%3Fcc%3Dspia%2540evil.example%26subject%3DRimborso%26body%3DConfermo%2520il%2520rimborso@example.com',
		],
	])('%s → %s', (address, href) => {
		expect(mailtoHref(address)).toBe(href);
	});

	it('always names one recipient and nothing else', () => {
		for (const address of [PROBE, 'a?cc=b@c.it', 'a@b.it?body=x', 'a,b@c.it', 'a@b.it#x']) {
			const href = mailtoHref(address);
			const url = new URL(href);
			expect(url.search, href).toBe('');
			expect(url.hash, href).toBe('');
			expect(href.slice('mailto:'.length), href).toMatch(/^[A-Za-z0-9%._~-]*@?[A-Za-z0-9%._~-]*$/);
			expect(decodeURIComponent(href.slice('mailto:'.length)), href).toBe(address);
		}
	});
});

describe('telHref', () => {
	it.each([
		['+39 011 932 4455', 'tel:+390119324455'],
		['0165 123456', 'tel:0165123456'],
		['(011) 123-45.67 / 8', 'tel:0111234567' + '8'],
		['+39 333?cc=1&x', 'tel:+393331'],
		['333 "1" <2>', 'tel:33312'],
		['39+1', 'tel:391'],
	])('%s → %s', (phone, href) => {
		expect(telHref(phone)).toBe(href);
	});
});
