import { describe, expect, it } from 'vitest';
import { pickupSettings } from '../../src/lib/pickup/settings';
import { TORINO_HOURS } from '../fixtures/shops';

describe('pickupSettings', () => {
	it('gives the company, the hold days and each shop with a one-line address and every weekday', () => {
		const settings = pickupSettings({ companyName: 'Vigor Sport', pickupHoldDays: 3 }, [
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
				},
			},
		]);
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
				},
			],
		});
		expect(Object.keys(TORINO_HOURS)).toEqual(Object.keys(settings.shops[0]?.hours ?? {}));
	});
});
