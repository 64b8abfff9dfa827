import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { variantLive } from '../../lib/catalogue/live-stock';
import { blockingLines, lineStatus } from '../../lib/reservations/availability';
import { confirmationHref } from '../../lib/reservations/confirmation';
import { pickupDays } from '../../lib/reservations/days';
import {
	lineKey,
	PICKUP_MESSAGES,
	pieceCount,
	piecesText,
	type PickupLine,
} from '../../lib/reservations/list';
import {
	firstPickupError,
	hasPickupErrors,
	NO_PICKUP_ERRORS,
	pickupBody,
	validatePickup,
	contactFieldError,
	type PickupContactField,
	type PickupErrors,
	type PickupForm,
} from '../../lib/reservations/form';
import { PICKUP_OFFLINE_TOAST, pickupWorkerOutcome, sendPickup } from '../../lib/reservations/send';
import type { PickupAccepted } from '../../lib/reservations/types';
import { PICKUP_OUTBOX } from '../../lib/pwa/outbox';
import {
	$pickupList,
	changePickupQuantity,
	clearPickupList,
	removeFromPickupList,
} from '../../stores/pickup-list';
import { showError, showToast } from '../../stores/toasts';
import { Field, fieldId, PrivacyField, SendControls, TrapField } from './contact/Field';
import { useOfflineResend } from './contact/use-offline-resend';
import { useSubmit } from './contact/use-submit';
import { ListEmpty, ListLoading } from './shared/ListStates';
import { PickupLines, quantityId } from './pickup/PickupLines';
import { DayChoice, ShopChoice, type PickupPageShop } from './pickup/ShopDayChoice';
import { usePickupForm } from './pickup/use-pickup-form';
import { useLiveStockOf } from './pickup/use-live-stock';
import { useProductPrices } from './pickup/use-product-prices';

export type PickupListPageProps = {
	/** The shops, with their opening hours, from the content at build time. */
	shops: PickupPageShop[];
};

function Loading({ state }: { state?: 'loading' }) {
	return <ListLoading text="Caricamento lista ritiro..." state={state} />;
}

function Empty({ state }: { state?: 'empty' }) {
	return (
		<ListEmpty
			title={PICKUP_MESSAGES.empty}
			text="Aggiungi i prodotti che vuoi ritirare dalla loro pagina, con «Aggiungi alla lista ritiro»: qui scegli il negozio e il giorno."
			linkText="Scopri i Prodotti"
			state={state}
		/>
	);
}

/**
 * /lista-ritiro: the list's lines with their availability at the chosen shop (the pieces every
 * shop has now, from the server in one request; offline, that it cannot be checked now), today's
 * prices (read per product), the pickup day
 * among the shop's open days, the visitor's details with the
 * contact form's rules, and the reservation sent to POST /api/prenotazioni with a submission key.
 * Accepted, the list is emptied and the confirmation opens; offline, the service worker queues
 * it and the page says it will be sent (`useOfflineResend`, as the contact form).
 */
export default function PickupListPage({ shops }: PickupListPageProps) {
	const lines = useStore($pickupList);
	const [mounted, setMounted] = useState(false);
	const shopIds = useMemo(() => shops.map((shop) => shop.id), [shops]);
	const names = useMemo(
		() => Object.fromEntries(shops.map((shop) => [shop.id, shop.shortName])),
		[shops],
	);
	const { form, change, keyForSending, clear } = usePickupForm(shopIds);
	const productIds = lines.map((line) => line.productId);
	const prices = useProductPrices(productIds);
	const live = useLiveStockOf(productIds);
	const [errors, setErrors] = useState<PickupErrors>(NO_PICKUP_ERRORS);
	const [confirmed, setConfirmed] = useState(false);
	const [trap, setTrap] = useState('');
	const formRef = useRef<HTMLFormElement>(null);
	const heading = useRef<HTMLHeadingElement>(null);
	/** Shop and day of the reservation that waits, for its confirmation. */
	const pending = useRef<{ shopId: string; day: string } | null>(null);
	const baseId = useId();

	useEffect(() => setMounted(true), []);

	const shop = shops.find((item) => item.id === form.shopId);
	const days = useMemo(
		() => (shop && mounted ? pickupDays(shop, new Date()) : []),
		[shop, mounted],
	);
	const statuses = new Map(
		lines.map((line) => [
			lineKey(line),
			lineStatus(line, variantLive(live, line.productId, line.variantId), form.shopId, shopIds),
		]),
	);

	/** Accepted: the list is emptied and the confirmation, with its code, opens. */
	function confirm(accepted: PickupAccepted) {
		const sent = pending.current ?? form;
		setConfirmed(true);
		offline.stopWaiting();
		clearPickupList();
		clear();
		window.location.assign(confirmationHref(accepted, sent.shopId, sent.day));
	}
	const offline = useOfflineResend(formRef, {
		outbox: PICKUP_OUTBOX,
		read: pickupWorkerOutcome,
		onSent: confirm,
		offlineToast: PICKUP_OFFLINE_TOAST,
	});
	const { attempted, sending, onSubmit } = useSubmit({
		validate: () => check(form),
		hasErrors: hasPickupErrors,
		showErrors,
		send,
	});

	function check(next: PickupForm): PickupErrors {
		return validatePickup(next, {
			shopIds,
			days: days.map((day) => day.date),
			lineCount: lines.length,
			lines: blockingLines(lines, statuses, next.shopId, names),
		});
	}

	/** Sets a field; after a first attempt, its error follows what the visitor corrects. */
	function update<Field extends keyof PickupForm>(field: Field, value: PickupForm[Field]) {
		const next = change(field, value);
		if (!attempted) return;
		const contact = (['name', 'email', 'phone', 'privacy'] as const).find((item) => item === field);
		const error = contact ? contactFieldError(contact, next) : undefined;
		setErrors((current) => {
			const { [field]: _old, ...rest } = current.fields;
			return { ...current, fields: error ? { ...rest, [field]: error } : rest };
		});
	}

	/**
	 * Another shop: the day is kept when that shop opens then; what was said of the lines at the
	 * other shop no longer holds (each line says its availability here).
	 */
	function chooseShop(shopId: string) {
		update('shopId', shopId);
		setErrors((current) => {
			const { items: _items, ...fields } = current.fields;
			return { fields, lines: {} };
		});
	}

	function focusFirstError(found: PickupErrors) {
		const field = firstPickupError(found);
		const firstLine = lines.find((line) => found.lines[lineKey(line)]);
		const target =
			field === 'shopId'
				? `${baseId}-shopId-${shopIds[0] ?? ''}`
				: field === 'items' && firstLine
					? quantityId(baseId, firstLine)
					: field === 'day'
						? `${baseId}-day`
						: field
							? fieldId(baseId, field as PickupContactField)
							: firstLine
								? quantityId(baseId, firstLine)
								: '';
		document.getElementById(target)?.focus();
	}

	/** The errors on the form, the first focused (its aria-describedby reads the error). */
	function showErrors(found: PickupErrors) {
		setErrors(found);
		focusFirstError(found);
	}

	async function send() {
		const unsigned = pickupBody(form, lines, trap, '');
		const body = { ...unsigned, submissionKey: keyForSending(unsigned) };
		pending.current = { shopId: form.shopId, day: form.day };
		const outcome = await sendPickup(body, {
			fetch,
			isOffline: () => navigator.onLine === false,
		});
		if (outcome.kind === 'sent') confirm(outcome.accepted);
		else {
			if (outcome.kind === 'failed' && outcome.errors) showErrors(outcome.errors);
			offline.notSent(outcome);
		}
	}

	function remove(line: PickupLine) {
		if (removeFromPickupList(lineKey(line))) {
			showToast({ variant: 'success', title: PICKUP_MESSAGES.removed, description: line.name });
			heading.current?.focus();
		} else showError(PICKUP_MESSAGES.changeFailed);
	}

	function setQuantity(key: string, quantity: number) {
		if (!changePickupQuantity(key, quantity)) showError(PICKUP_MESSAGES.changeFailed);
		setErrors((current) => {
			const { [key]: _old, ...rest } = current.lines;
			return { ...current, lines: rest };
		});
	}

	// Server HTML, and the first render in the browser: both states, the page's mark chooses one.
	if (!mounted) {
		return (
			<>
				<Loading state="loading" />
				<Empty state="empty" />
			</>
		);
	}
	if (confirmed) return <ListLoading text="Prenotazione confermata: apro il codice di ritiro..." />;
	if (lines.length === 0) return <Empty />;

	const textField = (field: 'name' | 'email' | 'phone') => ({
		field,
		baseId,
		error: errors.fields[field],
		value: form[field],
		onChange: (value: string) => update(field, value),
	});

	return (
		<form
			ref={formRef}
			noValidate
			onSubmit={(event) => void onSubmit(event)}
			aria-busy={sending}
			className="relative mx-auto max-w-3xl space-y-10"
		>
			<ShopChoice
				baseId={baseId}
				shops={shops}
				value={form.shopId}
				error={errors.fields.shopId}
				onChange={chooseShop}
			/>
			<section aria-labelledby={`${baseId}-prodotti`}>
				<h2
					id={`${baseId}-prodotti`}
					ref={heading}
					tabIndex={-1}
					className="text-xl font-bold text-night"
				>
					{`Prodotti (${piecesText(pieceCount(lines))})`}
				</h2>
				{errors.fields.items && (
					<p className="mt-2 text-sm font-medium text-red-700">{errors.fields.items}</p>
				)}
				<PickupLines
					baseId={baseId}
					lines={lines}
					prices={prices}
					statuses={statuses}
					shopId={form.shopId}
					names={names}
					errors={errors.lines}
					onQuantity={setQuantity}
					onRemove={remove}
					onShop={chooseShop}
				/>
			</section>
			<DayChoice
				baseId={baseId}
				days={days}
				value={form.day}
				error={errors.fields.day}
				onChange={(day) => update('day', day)}
			/>
			<section aria-labelledby={`${baseId}-dati`} className="space-y-5">
				<h2 id={`${baseId}-dati`} className="text-xl font-bold text-night">
					I tuoi dati
				</h2>
				<p className="text-ink-soft">
					Ti mandiamo la conferma per e-mail; il negozio ti chiama se serve.
				</p>
				<Field {...textField('name')} />
				<div className="grid gap-5 sm:grid-cols-2">
					<Field {...textField('email')} />
					<Field {...textField('phone')} />
				</div>
				<TrapField baseId={baseId} value={trap} onChange={setTrap} />
				<PrivacyField
					baseId={baseId}
					error={errors.fields.privacy}
					checked={form.privacy}
					onChange={(checked) => update('privacy', checked)}
				/>
			</section>
			<div className="space-y-3">
				<SendControls sending={sending} label="Invia prenotazione" offline={offline} />
			</div>
		</form>
	);
}
