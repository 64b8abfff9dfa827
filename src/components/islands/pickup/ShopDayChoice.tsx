import type { PickupDay, PickupHours } from '~/lib/reservations/days';
import type { Closure, Opening } from '~/lib/shops/calendar';

/** A shop as the pickup page receives it from the content, at build time. */
export interface PickupPageShop {
	id: string;
	name: string;
	shortName: string;
	/** "Corso Torino 85, 10090 Buttigliera Alta (TO)". */
	address: string;
	hours: PickupHours;
	/** Its closures and extraordinary openings from the build's day on. */
	closures: readonly Closure[];
	openings: readonly Opening[];
}

/** A choice's error under it, tied by `aria-describedby`; not a live region. */
function ChoiceError({ id, error }: { id: string; error: string | undefined }) {
	return error ? (
		<p id={id} className="mt-2 text-sm font-medium text-red-700">
			{error}
		</p>
	) : null;
}

/** The shop where the visitor picks the reservation up: one radio per shop. */
export function ShopChoice({
	baseId,
	shops,
	value,
	error,
	onChange,
}: {
	baseId: string;
	shops: readonly PickupPageShop[];
	value: string;
	error: string | undefined;
	onChange: (shopId: string) => void;
}) {
	const errorId = `${baseId}-negozio-errore`;
	return (
		<fieldset aria-describedby={error ? errorId : undefined} data-pickup-shops>
			<legend className="text-xl font-bold text-night">Negozio di ritiro</legend>
			<div className="mt-3 grid gap-3 sm:grid-cols-2">
				{shops.map((shop) => (
					<label
						key={shop.id}
						className="grid cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 rounded-lg border-2 border-zinc-300 bg-white p-4 font-semibold text-night has-checked:border-night has-checked:bg-accent-soft has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-night"
					>
						<input
							type="radio"
							name={`${baseId}-negozio`}
							id={`${baseId}-shopId-${shop.id}`}
							value={shop.id}
							checked={value === shop.id}
							onChange={() => onChange(shop.id)}
							className="mt-1 h-5 w-5 accent-night"
						/>
						{shop.shortName}
						<span className="col-start-2 text-sm font-normal text-ink-soft">{shop.address}</span>
					</label>
				))}
			</div>
			<ChoiceError id={errorId} error={error} />
		</fieldset>
	);
}

/** "09:30-12:30" ranges as "09:30–12:30, 15:30–19:30". */
function hoursText(day: PickupDay): string {
	return day.hours.map((range) => range.replace('-', '–')).join(', ');
}

/** The pickup day: the shop's next open days (lib/reservations/days.ts), each with its hours. */
export function DayChoice({
	baseId,
	days,
	value,
	error,
	onChange,
}: {
	baseId: string;
	days: readonly PickupDay[];
	value: string;
	error: string | undefined;
	onChange: (day: string) => void;
}) {
	const id = `${baseId}-day`;
	const errorId = `${id}-errore`;
	const hoursId = `${id}-orari`;
	const chosen = days.find((day) => day.date === value);
	if (days.length === 0) {
		return (
			<p className="rounded-lg bg-zinc-100 p-3">
				Questo negozio non ha giorni di ritiro nelle prossime settimane: scegli l’altro negozio.
			</p>
		);
	}
	return (
		<div>
			<label htmlFor={id} className="block text-xl font-bold text-night">
				Giorno di ritiro
			</label>
			<select
				id={id}
				value={chosen ? value : ''}
				onChange={(event) => onChange(event.target.value)}
				aria-invalid={error ? true : undefined}
				aria-describedby={
					[error ? errorId : '', chosen ? hoursId : ''].join(' ').trim() || undefined
				}
				className="mt-2 block min-h-11 w-full rounded-lg border border-zinc-500 bg-white px-3 py-2 text-base aria-invalid:border-2 aria-invalid:border-red-700 sm:max-w-md"
			>
				<option value="">Scegli un giorno</option>
				{days.map((day) => (
					<option key={day.date} value={day.date}>
						{`${day.label} · ${hoursText(day)}`}
					</option>
				))}
			</select>
			{chosen && (
				<p id={hoursId} className="mt-2 text-sm text-ink">
					{`Ritiro ${chosen.label}, negli orari del negozio: ${hoursText(chosen)}.`}
				</p>
			)}
			<ChoiceError id={errorId} error={error} />
		</div>
	);
}
