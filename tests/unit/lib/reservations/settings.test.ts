import { describe, expect, it } from 'vitest';
import { pickupSettings, toPickupSettings } from '../../../../src/lib/reservations/settings';
import { TORINO_HOURS } from '../../../fixtures/shops';

describe('pickupSettings', () => {
	it('gives the company, the hold days and each shop with a one-line address and every weekday', () => {
		const settings = pickupSettings(
			{ companyName: 'Vigor Sport', pickupHoldDays: 3 },
			[
				{
					id: 'torino',
					data: {
						name: 'Sede di Torino',
						shortName: 'Sede Torino',
						address: {
							street: 'Corso Torino 85',
							postcode: '10090',
							town: 'Buttigliera Alta',
							province: 'TO',
						},
						phone: '+39 011 932 4817',
						email: 'torino@vigorsport.it',
						hours: { lunedi: ['09:30-12:30'] },
						closures: [
							{ from: '2026-08-10', to: '2026-08-23', note: 'Chiuso per ferie' },
							{ from: '2026-12-24', to: '2026-12-24' },
						],
						openings: [{ date: '2026-11-01' }, { date: '2026-12-08', hours: ['10:00-12:00'] }],
					},
				},
			],
			'2026-11-26',
		);
		expect(settings).toEqual({
			companyName: 'Vigor Sport',
			holdDays: 3,
			shops: [
				{
					id: 'torino',
					name: 'Sede di Torino',
					shortName: 'Sede Torino',
					address: 'Corso Torino 85, 10090 Buttigliera Alta (TO)',
					phone: '+39 011 932 4817',
					email: 'torino@vigorsport.it',
					hours: {
						lunedi: ['09:30-12:30'],
						martedi: [],
						mercoledi: [],
						giovedi: [],
						venerdi: [],
						sabato: [],
						domenica: [],
					},
					// What has passed by the build's day is left out.
					closures: [{ from: '2026-12-24', to: '2026-12-24' }],
					openings: [{ date: '2026-12-08', hours: ['10:00-12:00'] }],
				},
			],
		});
		expect(Object.keys(TORINO_HOURS)).toEqual(Object.keys(settings.shops[0]?.hours ?? {}));
	});
});

describe('toPickupSettings', () => {
	const settings = pickupSettings(
		{ companyName: 'Vigor Sport', pickupHoldDays: 3 },
		[
			{
				id: 'aosta',
				data: {
					name: 'Sede di Aosta',
					shortName: 'Sede Aosta',
					address: { street: 'Via Roma 1', postcode: '11100', town: 'Aosta', province: 'AO' },
					phone: '+39 0165 1',
					email: 'aosta@example.it',
					hours: TORINO_HOURS,
					closures: [{ from: '2026-12-24', to: '2026-12-31', note: 'Chiuso per inventario' }],
					openings: [{ date: '2026-12-08' }],
				},
			},
		],
		'2026-11-26',
	);

	it('reads back what pickupSettings writes, through JSON', () => {
		expect(toPickupSettings(JSON.parse(JSON.stringify(settings)))).toEqual(settings);
	});

	it.each([
		['not an object', []],
		['no shops', { companyName: 'X', holdDays: 3 }],
		['hold days as text', { ...settings, holdDays: '3' }],
		['a shop without e-mail', { ...settings, shops: [{ ...settings.shops[0], email: undefined }] }],
		[
			'a day that is not a list',
			{
				...settings,
				shops: [{ ...settings.shops[0], hours: { ...TORINO_HOURS, sabato: '9-12' } }],
			},
		],
		[
			'a closure whose day is not a date',
			{
				...settings,
				shops: [{ ...settings.shops[0], closures: [{ from: '24/12', to: '2026-12-31' }] }],
			},
		],
		[
			'a closure without its last day',
			{ ...settings, shops: [{ ...settings.shops[0], closures: [{ from: '2026-12-24' }] }] },
		],
		[
			'an opening whose hours are not a list',
			{
				...settings,
				shops: [{ ...settings.shops[0], openings: [{ date: '2026-12-08', hours: '9-12' }] }],
			},
		],
	])('refuses %s', (_name, value) => {
		expect(toPickupSettings(value)).toBeNull();
	});
});
