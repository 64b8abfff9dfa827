import { cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import {
	$toast,
	dismissToast,
	showError,
	showToast,
	TOAST_DURATION,
} from '../../../src/stores/toasts';

afterEach(() => {
	cleanStores($toast);
});

describe('toasts', () => {
	it.each([
		['success', 3000],
		['error', 4000],
		['default', 5000],
	] as const)('a %s toast lasts %i ms', (variant, duration) => {
		keepMount($toast);
		showToast({ variant, title: 'Titolo' });
		expect($toast.get()?.duration).toBe(duration);
		expect(TOAST_DURATION[variant]).toBe(duration);
	});

	it('keeps one toast at a time: a new one replaces the old', () => {
		keepMount($toast);
		const first = showToast({ title: 'Primo' });
		const second = showToast({ variant: 'success', title: 'Secondo' });
		expect($toast.get()).toMatchObject({ id: second, title: 'Secondo' });
		dismissToast(first);
		expect($toast.get()?.id).toBe(second);
		dismissToast(second);
		expect($toast.get()).toBeNull();
	});

	it('titles errors "Errore"', () => {
		keepMount($toast);
		showError('Si è verificato un errore: rete assente');
		expect($toast.get()).toMatchObject({
			variant: 'error',
			title: 'Errore',
			description: 'Si è verificato un errore: rete assente',
		});
	});
});
