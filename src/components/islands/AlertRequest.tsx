import { useId, useState, type SubmitEvent } from 'react';
import { ANY_SHOP, alertFieldError, type AlertErrors } from '../../lib/alerts/rules';
import {
	ALERT_ENDPOINT,
	ALERT_OUTCOME_TEXTS,
	sendAlertRequest,
	type AlertOutcome,
} from '../../lib/alerts/send';
import { variantLive } from '../../lib/catalogue/live-stock';
import type { ShopRef } from '../../lib/catalogue/variants';
import { HONEYPOT_FIELD } from '../../lib/messages/message-schema';
import { useLiveStock } from './shared/live-stock';
import { useSelectedVariant } from './shared/use-selected-variant';

export type AlertRequestProps = {
	initialId: string;
	productSlug: string;
	shops: ShopRef[];
	/** The shop the linking page chose (the pickup list's), or null: the first without pieces. */
	initialShopId?: string | null;
};

const FIELD =
	'mt-1 block min-h-11 w-full rounded-lg border border-zinc-400 bg-white px-3 text-base text-ink';

/**
 * 'Avvisami quando torna disponibile' (docs/alerts.md), the form of the page /avviso?prodotto=…
 * (the product page's and the pickup list's links open it): a plain form posting to
 * /api/avvisi, so it works before hydration and without JavaScript. Its shop is the one the link
 * chose (`?negozio=`, the pickup list's), else, hydrated, the first shop without free pieces.
 * Hydrated, it checks the fields with the server's rules and sends JSON; offline it says so and
 * sends nothing.
 */
export default function AlertRequest({
	initialId,
	productSlug,
	shops,
	initialShopId = null,
}: AlertRequestProps) {
	const variantId = useSelectedVariant(initialId);
	const live = variantLive(useLiveStock(), productSlug, variantId);
	const [errors, setErrors] = useState<AlertErrors>({});
	const [outcome, setOutcome] = useState<AlertOutcome | null>(null);
	const [sending, setSending] = useState(false);
	const base = useId();
	const emptyShop =
		live.kind === 'ready' ? shops.find((shop) => (live.pieces[shop.id] ?? 0) === 0) : undefined;
	const chosenShop = initialShopId ?? emptyShop?.id ?? ANY_SHOP;
	async function submit(event: SubmitEvent<HTMLFormElement>) {
		event.preventDefault();
		const data = new FormData(event.currentTarget);
		const field = (name: string) => {
			const value = data.get(name);
			return typeof value === 'string' ? value : '';
		};
		const record: Record<string, string | boolean> = {
			productId: productSlug,
			variantId,
			shopId: field('shopId'),
			email: field('email'),
			privacy: data.get('privacy') === 'on',
			[HONEYPOT_FIELD]: field(HONEYPOT_FIELD),
		};
		const found: AlertErrors = {};
		for (const field of ['email', 'privacy'] as const) {
			const error = alertFieldError(field, record);
			if (error) found[field] = error;
		}
		setErrors(found);
		setOutcome(null);
		if (Object.keys(found).length > 0) {
			event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
			return;
		}
		setSending(true);
		const result = await sendAlertRequest(fetch, record, navigator.onLine);
		setSending(false);
		setOutcome(result);
		if (result.kind === 'invalid') setErrors(result.errors);
	}

	const errorOf = (field: keyof AlertErrors) =>
		errors[field] ? (
			<p id={`${base}-${field}-errore`} className="mt-1 text-sm text-red-800">
				{errors[field]}
			</p>
		) : null;

	return (
		<section
			className="rounded-xl border border-zinc-200 p-5"
			aria-labelledby={`${base}-titolo`}
			data-alert-request
			data-pagefind-ignore
		>
			<h2 id={`${base}-titolo`} className="text-lg font-bold text-night">
				Avvisami quando torna disponibile
			</h2>
			{outcome?.kind === 'sent' ? (
				<p className="mt-3 text-green-900" role="status">
					{ALERT_OUTCOME_TEXTS.sent}
				</p>
			) : (
				<form
					method="post"
					action={ALERT_ENDPOINT}
					noValidate
					onSubmit={(event) => void submit(event)}
					className="mt-3 space-y-4"
				>
					<input type="hidden" name="productId" value={productSlug} />
					<input type="hidden" name="variantId" value={variantId} />
					<div>
						<label htmlFor={`${base}-negozio`} className="font-medium text-night">
							Negozio
						</label>
						<select
							id={`${base}-negozio`}
							name="shopId"
							defaultValue={chosenShop}
							key={chosenShop}
							className={FIELD}
						>
							{shops.map((shop) => (
								<option key={shop.id} value={shop.id}>
									{shop.shortName}
								</option>
							))}
							<option value={ANY_SHOP}>In uno qualsiasi dei negozi</option>
						</select>
					</div>
					<div>
						<label htmlFor={`${base}-email`} className="font-medium text-night">
							Email
						</label>
						<input
							id={`${base}-email`}
							name="email"
							type="email"
							autoComplete="email"
							required
							maxLength={254}
							className={FIELD}
							aria-invalid={errors.email ? true : undefined}
							aria-describedby={errors.email ? `${base}-email-errore` : undefined}
						/>
						{errorOf('email')}
					</div>
					<div>
						<label className="flex min-h-11 items-start gap-3 text-sm text-ink">
							<input
								name="privacy"
								type="checkbox"
								required
								className="mt-1 h-5 w-5 shrink-0"
								aria-invalid={errors.privacy ? true : undefined}
								aria-describedby={errors.privacy ? `${base}-privacy-errore` : undefined}
							/>
							<span>
								Ho letto la{' '}
								<a href="/privacy-policy" className="font-semibold underline">
									Privacy Policy
								</a>{' '}
								e accetto che il mio indirizzo sia usato solo per questo avviso.
							</span>
						</label>
						{errorOf('privacy')}
					</div>
					<div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
						<label htmlFor={`${base}-trap`}>Non compilare questo campo</label>
						<input id={`${base}-trap`} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
					</div>
					{outcome && outcome.kind !== 'invalid' && (
						<p className="text-red-800" role="alert">
							{outcome.kind === 'offline' ? ALERT_OUTCOME_TEXTS.offline : outcome.message}
						</p>
					)}
					<button
						type="submit"
						disabled={sending}
						className="flex min-h-11 w-full items-center justify-center rounded-lg bg-night px-6 py-2 font-semibold text-white hover:bg-zinc-800 disabled:opacity-60"
					>
						{sending ? 'Invio…' : 'Avvisami'}
					</button>
				</form>
			)}
		</section>
	);
}
