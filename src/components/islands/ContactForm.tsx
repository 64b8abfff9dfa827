import { useEffect, useId, useRef, useState } from 'react';
import {
	CONTACT_FIELDS,
	hasErrors,
	validateContact,
	validateContactField,
	type ContactErrors,
	type ContactField,
} from '../../lib/messages/message-schema';
import { successToast, type EmailStatus } from '../../lib/messages/outcome';
import { CONTACT_ENDPOINT, sendContact, workerOutcome } from '../../lib/messages/send';
import { CONTACT_OUTBOX } from '../../lib/pwa/outbox';
import { showToast, TOAST_DURATION } from '../../stores/toasts';
import {
	Field,
	fieldId,
	PrivacyField,
	SendControls,
	TrapField,
	type FieldProps,
	type TextField,
} from './contact/Field';
import { useDraft } from './contact/use-draft';
import { useOfflineResend, type WorkerReport } from './contact/use-offline-resend';
import { useSubmit } from './contact/use-submit';
import { useReservationPrefill } from './contact/use-reservation-prefill';

/** The worker's word on a message it queued: the e-mail status once sent, or the failure. */
function readWorker(data: unknown): WorkerReport<EmailStatus> | null {
	const outcome = workerOutcome(data);
	if (outcome?.kind === 'sent') return { kind: 'sent', value: outcome.status };
	return outcome?.kind === 'failed' ? outcome : null;
}

export type ContactFormProps = {
	/** The shops, to name the one chosen for a reservation. */
	shops: { id: string; name: string }[];
};

/**
 * The contact form (docs/messages.md). Rendered to HTML at build time as a real form
 * posting to /api/contact, so it works before hydration and without JavaScript (the server then
 * answers with a page). Once hydrated it validates with the same rules as the server, sends JSON
 * (`sendContact`), and shows the toast that the answer's emailStatus calls for. The draft is kept
 * in localStorage until sent (`useDraft`); a reservation from a product page prefills the message
 * (`useReservationPrefill`); a message that cannot leave the phone goes once it is back online
 * (`useOfflineResend`).
 */
export default function ContactForm({ shops }: ContactFormProps) {
	const formRef = useRef<HTMLFormElement>(null);
	const draft = useDraft(formRef);
	const { values } = draft;
	const [errors, setErrors] = useState<ContactErrors>({});
	const [trap, setTrap] = useState('');
	const baseId = useId();

	useEffect(() => {
		// The browser's own checks stay for visitors without JavaScript; with it, ours speak.
		if (formRef.current) formRef.current.noValidate = true;
	}, []);
	useReservationPrefill(shops, draft.addReservation);

	/** The message went through: the toast for its e-mails, and an empty form. */
	function sent(status: EmailStatus) {
		showToast({ variant: 'success', duration: TOAST_DURATION.default, ...successToast(status) });
		draft.clear();
		setErrors({});
		setAttempted(false);
		setTrap('');
		offline.stopWaiting();
	}
	const offline = useOfflineResend(formRef, {
		outbox: CONTACT_OUTBOX,
		read: readWorker,
		onSent: sent,
	});
	const { attempted, setAttempted, sending, onSubmit } = useSubmit({
		validate: () => validateContact(values),
		hasErrors,
		showErrors,
		send,
	});

	function update(field: ContactField, value: string | boolean) {
		const next = draft.change(field, value);
		if (attempted) {
			setErrors((current) => {
				const { [field]: _old, ...rest } = current;
				const error = validateContactField(field, next);
				return error ? { ...rest, [field]: error } : rest;
			});
		}
	}

	/** The errors on the form, the first focused (its aria-describedby reads the error). */
	function showErrors(found: ContactErrors) {
		setErrors(found);
		const first = CONTACT_FIELDS.find((field) => found[field]);
		if (first) document.getElementById(fieldId(baseId, first))?.focus();
	}

	async function send() {
		const outcome = await sendContact(
			{ input: values, trap, submissionKey: draft.keyForSending() },
			{ fetch, isOffline: () => navigator.onLine === false },
		);
		if (outcome.kind === 'sent') sent(outcome.status);
		else {
			if (outcome.kind === 'failed' && outcome.fields) showErrors(outcome.fields);
			offline.notSent(outcome);
		}
	}

	const textField = (field: TextField): FieldProps => ({
		field,
		baseId,
		error: errors[field],
		value: values[field],
		onChange: (value) => update(field, value),
	});

	return (
		<form
			ref={formRef}
			method="post"
			action={CONTACT_ENDPOINT}
			onSubmit={(event) => void onSubmit(event)}
			data-state={sending ? 'submitting' : 'idle'}
			aria-busy={sending}
			className="relative space-y-5"
		>
			<Field {...textField('name')} />
			<div className="grid gap-5 sm:grid-cols-2">
				<Field {...textField('email')} />
				<Field {...textField('phone')} />
			</div>
			<Field {...textField('message')} />
			<TrapField baseId={baseId} value={trap} onChange={setTrap} />
			<PrivacyField
				baseId={baseId}
				error={errors.privacy}
				checked={values.privacy}
				onChange={(checked) => update('privacy', checked)}
			/>
			<SendControls sending={sending} label="Invia Messaggio" offline={offline} />
		</form>
	);
}
