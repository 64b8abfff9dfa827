import { useEffect, useState, type ReactNode } from 'react';
import { renderSVG } from 'uqr';
import {
	EMAIL_NOTES,
	hoursOn,
	readConfirmation,
	type Confirmation,
} from '../../lib/reservations/confirmation';
import { customerLinkPath, tokenOfFragment } from '../../lib/reservations/customer-link';
import { pickupDayLabel, type PickupHours } from '../../lib/reservations/days';
import type { Closure, Opening } from '../../lib/shops/calendar';
import { ListLoading } from './shared/ListStates';

export type PickupConfirmationProps = {
	shops: {
		id: string;
		name: string;
		address: string;
		phone: string;
		hours: PickupHours;
		closures: readonly Closure[];
		openings: readonly Opening[];
	}[];
};

/**
 * The pickup code as a QR code, drawn in the browser by uqr (loaded only with this island, on
 * this page): an SVG image in a data: address, which the Content-Security-Policy allows
 * (img-src data:) and which carries no script and no inline style.
 */
function QrCode({ code }: { code: string }) {
	const svg = renderSVG(code, { ecc: 'M', border: 2 });
	return (
		<img
			src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
			alt={`Codice QR del ritiro ${code}`}
			width={192}
			height={192}
			className="h-48 w-48 rounded-lg border border-zinc-200 bg-white p-2"
			data-pickup-qr
		/>
	);
}

/** A row of the reservation's details. */
function Detail({ term, children }: { term: string; children: ReactNode }) {
	return (
		<div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
			<dt className="font-semibold text-night">{term}</dt>
			<dd className="mt-1 sm:col-span-2 sm:mt-0">{children}</dd>
		</div>
	);
}

/** The customer's link to the reservation: its state, and cancelling it. */
function CustomerLink({ token }: { token: string }) {
	return (
		<div className="mt-8 rounded-xl border border-zinc-200 p-6" data-customer-link>
			<h2 className="text-lg font-semibold text-night">Stato e annullamento</h2>
			<p className="mt-2 text-ink">
				Da questo link vedi a che punto è la prenotazione e, se non puoi passare, la annulli. È solo
				tuo: non serve un account, e c’è anche nell’e-mail di conferma.
			</p>
			<a
				href={customerLinkPath(token)}
				rel="noreferrer"
				className="mt-4 inline-flex min-h-11 items-center justify-center rounded-lg border-2 border-night px-6 py-3 font-semibold text-night hover:bg-zinc-100"
			>
				Vedi o annulla la prenotazione
			</a>
		</div>
	);
}

/**
 * /lista-ritiro/confermata: the pickup code in large type, its QR code, the shop and
 * the day, read from the address (lib/reservations/confirmation.ts), what became of the e-mail, and
 * the customer's link, read from the address's fragment (never sent to a server).
 */
export default function PickupConfirmation({ shops }: PickupConfirmationProps) {
	const [confirmation, setConfirmation] = useState<Confirmation | null | undefined>(undefined);
	const [token, setToken] = useState<string | null>(null);

	useEffect(() => {
		setConfirmation(
			readConfirmation(
				window.location.search,
				shops.map((shop) => shop.id),
			),
		);
		setToken(tokenOfFragment(window.location.hash));
	}, [shops]);

	if (confirmation === undefined) {
		return (
			<ListLoading text="Caricamento della prenotazione... Il codice di ritiro è anche nell’e-mail di conferma." />
		);
	}
	if (confirmation === null) {
		return (
			<div className="mx-auto max-w-xl text-center">
				<h2 className="text-2xl font-bold text-night">Nessuna prenotazione da mostrare</h2>
				<p className="mt-3 text-ink-soft">
					Il codice di ritiro è nell’e-mail di conferma. Per una nuova prenotazione apri la lista.
				</p>
				<a
					href="/lista-ritiro"
					className="mt-8 inline-flex min-h-11 items-center justify-center rounded-lg bg-accent px-6 py-3 font-semibold text-night hover:bg-accent-hover"
				>
					Vai alla lista ritiro
				</a>
			</div>
		);
	}

	const shop = shops.find((item) => item.id === confirmation.shopId);
	const hours = shop && confirmation.day ? hoursOn(shop, confirmation.day) : '';
	return (
		<div className="mx-auto max-w-2xl" data-pickup-confirmation>
			<div className="flex flex-col items-center gap-6 rounded-xl border-2 border-night p-6 text-center sm:flex-row sm:text-left">
				<div className="flex-1">
					<h2 className="text-lg font-semibold text-ink-soft">Il tuo codice di ritiro</h2>
					<p
						className="mt-2 font-mono text-5xl font-bold tracking-[0.2em] break-all text-night sm:text-6xl"
						data-pickup-code
					>
						{confirmation.code}
					</p>
					<p className="mt-3 text-ink">Mostralo al banco: paghi al ritiro.</p>
				</div>
				<QrCode code={confirmation.code} />
			</div>
			<dl className="mt-8 divide-y divide-zinc-200 border-y border-zinc-200">
				{shop && (
					<Detail term="Negozio">
						<span className="block font-medium">{shop.name}</span>
						<span className="block text-ink-soft">{shop.address}</span>
						<span className="block text-ink-soft">{`Telefono ${shop.phone}`}</span>
					</Detail>
				)}
				{confirmation.day && (
					<Detail term="Giorno">
						<span className="block font-medium">{pickupDayLabel(confirmation.day)}</span>
						{hours && <span className="block text-ink-soft">{`Orari: ${hours}`}</span>}
					</Detail>
				)}
			</dl>
			<p className="mt-6 text-ink" data-pickup-email>
				{EMAIL_NOTES[confirmation.email]}
			</p>
			{token && <CustomerLink token={token} />}
		</div>
	);
}
