import {
	useEffect,
	useId,
	useRef,
	useState,
	type ChangeEvent,
	type SubmitEvent,
	type ReactNode,
} from 'react';
import {
	CONTACT_FIELDS,
	CONTACT_LABELS,
	EMPTY_CONTACT,
	HONEYPOT_FIELD,
	MAX_LENGTH,
	MIN_LENGTH,
	SUBMISSION_KEY_FIELD,
	hasErrors,
	validateContact,
	validateContactField,
	type ContactErrors,
	type ContactField,
	type ContactInput,
} from '../../lib/contact/contact-schema';
import {
	clearDraft,
	keptSubmissionKey,
	newSubmissionKey,
	readDraft,
	writeDraft,
	type DraftStorage,
} from '../../lib/contact/draft';
import {
	CONTACT_SENT,
	failureDescription,
	failureReason,
	isQueuedAnswer,
	REQUEST_TIMEOUT_MS,
	requestFailure,
	OFFLINE_TOAST,
	readEmailStatus,
	REPLAY_CONTACT,
	successToast,
} from '../../lib/contact/outcome';
import {
	mergeReservation,
	parseReservationQuery,
	readProductForReservation,
	reservationDetails,
	reservationText,
} from '../../lib/contact/reservation';
import { showError, showToast, TOAST_DURATION } from '../../stores/toasts';

export type ContactFormProps = {
	/** The shops, to name the one chosen for a reservation. */
	shops: { id: string; name: string }[];
};

/** The endpoint; also the form's action, so the form works before and without JavaScript. */
const ACTION = '/api/contact';

/** localStorage, or null where the browser refuses it (private mode, blocked storage). */
function browserStorage(): DraftStorage | null {
	try {
		return window.localStorage;
	} catch {
		return null;
	}
}

/** The reservation text for the address's ?prodotto=&variante=&negozio=, or null. */
async function loadReservation(
	search: string,
	shops: ContactFormProps['shops'],
): Promise<string | null> {
	const query = parseReservationQuery(search);
	if (!query) return null;
	const response = await fetch(`/api/product/${query.product}.json`);
	if (!response.ok) return null;
	const product = readProductForReservation(await response.json());
	return product ? reservationText(reservationDetails(query, product, shops)) : null;
}

const INPUT_CLASS =
	'mt-1 block w-full rounded-lg border border-zinc-500 bg-white px-3 py-2 text-ink aria-invalid:border-2 aria-invalid:border-red-700';

/**
 * The contact form (SPEC §2 Contatti, §4, §5, §8). Rendered to HTML at build time as a real form
 * posting to /api/contact, so it works before hydration and without JavaScript (the server then
 * answers with a page). Once hydrated it validates with the same rules as the server, sends JSON,
 * and shows the toast that the answer's emailStatus calls for. The draft is kept in localStorage
 * until sent; a reservation from a product page prefills the message.
 */
export default function ContactForm({ shops }: ContactFormProps) {
	const formRef = useRef<HTMLFormElement>(null);
	const [values, setValues] = useState<ContactInput>(EMPTY_CONTACT);
	const [errors, setErrors] = useState<ContactErrors>({});
	/** After the first attempt to send, fields are checked again as the visitor corrects them. */
	const [attempted, setAttempted] = useState(false);
	const [sending, setSending] = useState(false);
	const [trap, setTrap] = useState('');
	/** The message could not leave the phone: it goes when the connection is back. */
	const [waiting, setWaiting] = useState(false);
	const retryWhenOnline = useRef(false);
	/** The key of this message's sending, kept until it is sent or the visitor changes it. */
	const submissionKey = useRef<string | undefined>(undefined);
	const baseId = useId();
	const idOf = (field: ContactField | 'trap') => `${baseId}-${field}`;
	const errorIdOf = (field: ContactField) => `${baseId}-${field}-errore`;

	useEffect(() => {
		// The browser's own checks stay for visitors without JavaScript; with it, ours speak.
		if (formRef.current) formRef.current.noValidate = true;
		const stored = readDraft(browserStorage());
		const { submissionKey: _key, ...draft } = stored;
		// On a slow phone the visitor may have started typing into the server's form already.
		const typed = typedIntoForm(formRef.current);
		submissionKey.current = keptSubmissionKey(stored, typed);
		setValues((current) => ({ ...current, ...draft, ...typed }));
		let cancelled = false;
		loadReservation(window.location.search, shops)
			.then((text) => {
				if (text && !cancelled) {
					setValues((current) => {
						const message = mergeReservation(current.message, text);
						// A request added to a message sent before makes it a new one.
						if (message !== current.message) submissionKey.current = undefined;
						return { ...current, message };
					});
				}
			})
			.catch(() => {
				// Without the product's details the visitor writes the request by hand.
			});
		return () => {
			cancelled = true;
		};
	}, [shops]);

	function update(field: ContactField, value: string | boolean) {
		const next = { ...values, [field]: value };
		setValues(next);
		// A changed message is a new message: it gets a key of its own when it is sent. The
		// privacy box, asked again for each sending, changes nothing of the message.
		if (field !== 'privacy') submissionKey.current = undefined;
		writeDraft(browserStorage(), { ...next, submissionKey: submissionKey.current });
		if (attempted) {
			setErrors((current) => {
				const { [field]: _old, ...rest } = current;
				const error = validateContactField(field, next);
				return error ? { ...rest, [field]: error } : rest;
			});
		}
	}

	const onText =
		(field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
			update(field, event.target.value);

	function focusFirstError(found: ContactErrors) {
		const first = CONTACT_FIELDS.find((field) => found[field]);
		if (first) document.getElementById(idOf(first))?.focus();
	}

	/** The message went through: the toast for its e-mails, and an empty form. */
	function sent(body: unknown) {
		const status = readEmailStatus(
			typeof body === 'object' && body !== null
				? (body as { emailStatus?: unknown }).emailStatus
				: undefined,
		);
		showToast({ variant: 'success', duration: TOAST_DURATION.default, ...successToast(status) });
		setValues(EMPTY_CONTACT);
		setErrors({});
		setAttempted(false);
		setTrap('');
		setWaiting(false);
		submissionKey.current = undefined;
		clearDraft(browserStorage());
	}

	// Offline sending (docs/ARCHITECTURE.md, 'Offline'): the service worker reports a queued
	// message once sent; without one, the form itself sends again when the phone is back online.
	useEffect(() => {
		const onWorkerMessage = (event: MessageEvent) => {
			const data = event.data as { type?: string; ok?: boolean; body?: unknown } | null;
			if (data?.type !== CONTACT_SENT) return;
			if (data.ok) sent(data.body);
			else {
				setWaiting(false);
				showError(failureDescription(failureReason(0, '', data.body)));
			}
		};
		const onOnline = () => {
			navigator.serviceWorker?.controller?.postMessage({ type: REPLAY_CONTACT });
			if (retryWhenOnline.current) {
				retryWhenOnline.current = false;
				formRef.current?.requestSubmit();
			}
		};
		navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
		window.addEventListener('online', onOnline);
		return () => {
			navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
			window.removeEventListener('online', onOnline);
		};
	});

	async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
		event.preventDefault();
		if (sending) return;
		const found = validateContact(values);
		setAttempted(true);
		setErrors(found);
		if (hasErrors(found)) {
			focusFirstError(found);
			return;
		}
		setSending(true);
		// Kept with the draft: sent again, even from another visit, this message is stored once.
		const key = (submissionKey.current ??= newSubmissionKey());
		writeDraft(browserStorage(), { ...values, submissionKey: key });
		try {
			let response: Response;
			try {
				response = await fetch(ACTION, {
					method: 'POST',
					// A server that never answers ends in the usual error toast, not a form stuck sending.
					signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
					headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
					body: JSON.stringify({
						...values,
						[HONEYPOT_FIELD]: trap,
						[SUBMISSION_KEY_FIELD]: key,
					}),
				});
			} catch (error) {
				if (navigator.onLine === false) {
					retryWhenOnline.current = true;
					setWaiting(true);
					showToast(OFFLINE_TOAST);
				} else {
					showError(failureDescription(requestFailure(error)));
				}
				return;
			}
			const text = await response.text().catch(() => '');
			let body: unknown = text;
			try {
				body = JSON.parse(text);
			} catch {
				// Not JSON (a proxy's error page): the reason is then the status and the text.
			}
			if (isQueuedAnswer(response.status, body)) {
				setWaiting(true);
				showToast(OFFLINE_TOAST);
				return;
			}
			if (!response.ok) {
				const fields = readFieldErrors(body);
				if (fields) {
					setErrors(fields);
					focusFirstError(fields);
				}
				showError(failureDescription(failureReason(response.status, response.statusText, body)));
				return;
			}
			sent(body);
		} finally {
			setSending(false);
		}
	}

	/** Props that tie a field to its error. */
	const describe = (field: ContactField) =>
		errors[field]
			? { 'aria-invalid': true as const, 'aria-describedby': errorIdOf(field) }
			: { 'aria-invalid': false as const };

	const errorOf = (field: ContactField): ReactNode =>
		errors[field] ? (
			<p id={errorIdOf(field)} className="mt-1 text-sm font-medium text-red-700">
				{errors[field]}
			</p>
		) : null;

	return (
		<form
			ref={formRef}
			method="post"
			action={ACTION}
			onSubmit={(event) => void onSubmit(event)}
			data-state={sending ? 'submitting' : 'idle'}
			aria-busy={sending}
			className="relative space-y-5"
		>
			<div>
				<label htmlFor={idOf('name')} className="font-semibold text-night">
					{CONTACT_LABELS.name}
				</label>
				<input
					id={idOf('name')}
					name="name"
					type="text"
					autoComplete="name"
					required
					minLength={MIN_LENGTH.name}
					maxLength={MAX_LENGTH.name}
					value={values.name}
					onChange={onText('name')}
					className={INPUT_CLASS}
					{...describe('name')}
				/>
				{errorOf('name')}
			</div>
			<div className="grid gap-5 sm:grid-cols-2">
				<div>
					<label htmlFor={idOf('email')} className="font-semibold text-night">
						{CONTACT_LABELS.email}
					</label>
					<input
						id={idOf('email')}
						name="email"
						type="email"
						autoComplete="email"
						required
						maxLength={MAX_LENGTH.email}
						value={values.email}
						onChange={onText('email')}
						className={INPUT_CLASS}
						{...describe('email')}
					/>
					{errorOf('email')}
				</div>
				<div>
					<label htmlFor={idOf('phone')} className="font-semibold text-night">
						{CONTACT_LABELS.phone}
					</label>
					<input
						id={idOf('phone')}
						name="phone"
						type="tel"
						autoComplete="tel"
						required
						minLength={MIN_LENGTH.phone}
						maxLength={MAX_LENGTH.phone}
						value={values.phone}
						onChange={onText('phone')}
						className={INPUT_CLASS}
						{...describe('phone')}
					/>
					{errorOf('phone')}
				</div>
			</div>
			<div>
				<label htmlFor={idOf('message')} className="font-semibold text-night">
					{CONTACT_LABELS.message}
				</label>
				<textarea
					id={idOf('message')}
					name="message"
					rows={6}
					required
					minLength={MIN_LENGTH.message}
					maxLength={MAX_LENGTH.message}
					value={values.message}
					onChange={onText('message')}
					className={INPUT_CLASS}
					{...describe('message')}
				/>
				{errorOf('message')}
			</div>
			<div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
				<label htmlFor={idOf('trap')}>Non compilare questo campo</label>
				<input
					id={idOf('trap')}
					name={HONEYPOT_FIELD}
					type="text"
					tabIndex={-1}
					autoComplete="off"
					value={trap}
					onChange={(event) => setTrap(event.target.value)}
				/>
			</div>
			<div>
				<div className="flex items-start gap-3">
					<input
						id={idOf('privacy')}
						name="privacy"
						type="checkbox"
						value="true"
						required
						checked={values.privacy}
						onChange={(event) => update('privacy', event.target.checked)}
						className="mt-1 h-5 w-5 shrink-0 accent-night"
						{...describe('privacy')}
					/>
					<label htmlFor={idOf('privacy')} className="text-ink">
						Ho letto e accetto la{' '}
						<a
							href="/privacy-policy"
							className="font-medium text-accent-strong underline hover:no-underline"
						>
							Privacy Policy
						</a>
					</label>
				</div>
				{errorOf('privacy')}
			</div>
			<button
				type="submit"
				disabled={sending}
				className="flex min-h-12 w-full items-center justify-center rounded-lg bg-accent px-6 py-3 text-lg font-bold text-night transition-colors hover:bg-accent-hover disabled:cursor-wait disabled:opacity-70 sm:w-auto"
			>
				{sending ? 'Invio in corso...' : 'Invia Messaggio'}
			</button>
			<p role="status" className="text-sm font-medium text-ink" data-contact-waiting={waiting}>
				{waiting ? `${OFFLINE_TOAST.title}: ${OFFLINE_TOAST.description}` : ''}
			</p>
		</form>
	);
}

/** The per-field errors of a 422 answer, or null. */
function readFieldErrors(body: unknown): ContactErrors | null {
	if (typeof body !== 'object' || body === null) return null;
	const fields = (body as { fields?: unknown }).fields;
	if (typeof fields !== 'object' || fields === null) return null;
	const errors: ContactErrors = {};
	for (const field of CONTACT_FIELDS) {
		const message = (fields as Record<string, unknown>)[field];
		if (typeof message === 'string') errors[field] = message;
	}
	return hasErrors(errors) ? errors : null;
}

/**
 * What the visitor typed into the server-rendered form before it hydrated, so that hydration
 * keeps it instead of resetting the fields to the island's empty state.
 */
function typedIntoForm(form: HTMLFormElement | null): Partial<ContactInput> {
	const typed: Partial<ContactInput> = {};
	if (!form) return typed;
	for (const field of CONTACT_FIELDS) {
		const element = form.elements.namedItem(field);
		if (field === 'privacy') {
			if (element instanceof HTMLInputElement && element.checked) typed.privacy = true;
		} else if (
			(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
			element.value !== ''
		) {
			typed[field] = element.value;
		}
	}
	return typed;
}
