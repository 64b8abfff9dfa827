import type { ChangeEvent } from 'react';
import {
	CONTACT_LABELS,
	HONEYPOT_FIELD,
	MAX_LENGTH,
	MIN_LENGTH,
	type ContactField,
} from '~/lib/messages/message-schema';
import type { ToastText } from '~/lib/messages/outcome';

/** A text field of the form (the privacy box is a checkbox). */
export type TextField = Exclude<ContactField, 'privacy'>;

/** The id of a field's control, under the form's `useId()`. */
export const fieldId = (baseId: string, field: ContactField | 'trap') => `${baseId}-${field}`;

/** The id of a field's error message. */
const errorId = (baseId: string, field: ContactField) => `${baseId}-${field}-errore`;

/** The minimum length of the contact form's rules the input carries, where the field has one. */
function minLengthOf(field: TextField): number | undefined {
	return field === 'email' ? undefined : MIN_LENGTH[field];
}

const INPUT_CLASS =
	'mt-1 block w-full rounded-lg border border-zinc-500 bg-white px-3 py-2 text-ink aria-invalid:border-2 aria-invalid:border-red-700';

/** What every field is given: the form's id base, and the field's error, if any. */
interface FieldBase {
	baseId: string;
	error: string | undefined;
}

/** Props that tie a control to its error. */
function describe({ baseId, error }: FieldBase, field: ContactField) {
	return error
		? { 'aria-invalid': true as const, 'aria-describedby': errorId(baseId, field) }
		: { 'aria-invalid': false as const };
}

/** A field's error, in red under it; not a live region (it would speak at every keystroke). */
function FieldError({ baseId, error, field }: FieldBase & { field: ContactField }) {
	return error ? (
		<p id={errorId(baseId, field)} className="mt-1 text-sm font-medium text-red-700">
			{error}
		</p>
	) : null;
}

/** Each text field's control: an input of a type and autocomplete, or a textarea of some rows. */
const CONTROLS: Readonly<
	Record<TextField, { type: 'text' | 'email' | 'tel'; autoComplete: string } | { rows: number }>
> = {
	name: { type: 'text', autoComplete: 'name' },
	email: { type: 'email', autoComplete: 'email' },
	phone: { type: 'tel', autoComplete: 'tel' },
	message: { rows: 6 },
};

export interface FieldProps extends FieldBase {
	field: TextField;
	value: string;
	onChange: (value: string) => void;
}

/**
 * A labelled text field with the schema's lengths (`MIN_LENGTH`, `MAX_LENGTH`) and its error,
 * tied to it by `aria-describedby`.
 */
export function Field({ field, value, onChange, ...base }: FieldProps) {
	const control = CONTROLS[field];
	const id = fieldId(base.baseId, field);
	const rules = {
		required: true,
		minLength: minLengthOf(field),
		maxLength: MAX_LENGTH[field],
		value,
		onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
			onChange(event.target.value),
		className: INPUT_CLASS,
		...describe(base, field),
	};
	return (
		<div>
			<label htmlFor={id} className="font-semibold text-night">
				{CONTACT_LABELS[field]}
			</label>
			{'rows' in control ? (
				<textarea id={id} name={field} rows={control.rows} {...rules} />
			) : (
				<input
					id={id}
					name={field}
					type={control.type}
					autoComplete={control.autoComplete}
					{...rules}
				/>
			)}
			<FieldError {...base} field={field} />
		</div>
	);
}

/** The privacy box, asked again for each message. */
export function PrivacyField({
	checked,
	onChange,
	...base
}: FieldBase & { checked: boolean; onChange: (checked: boolean) => void }) {
	return (
		<div>
			<div className="flex items-start gap-3">
				<input
					id={fieldId(base.baseId, 'privacy')}
					name="privacy"
					type="checkbox"
					value="true"
					required
					checked={checked}
					onChange={(event) => onChange(event.target.checked)}
					className="mt-1 h-5 w-5 shrink-0 accent-night"
					{...describe(base, 'privacy')}
				/>
				<label htmlFor={fieldId(base.baseId, 'privacy')} className="text-ink">
					Ho letto e accetto la{' '}
					<a
						href="/privacy-policy"
						className="font-medium text-accent-strong underline hover:no-underline"
					>
						Privacy Policy
					</a>
				</label>
			</div>
			<FieldError {...base} field="privacy" />
		</div>
	);
}

/**
 * The hidden anti-spam field (`HONEYPOT_FIELD`): off-screen, out of the tab order and of the
 * accessibility tree, so only bots that fill every input fill it.
 */
export function TrapField({
	baseId,
	value,
	onChange,
}: {
	baseId: string;
	value: string;
	onChange: (value: string) => void;
}) {
	return (
		<div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
			<label htmlFor={fieldId(baseId, 'trap')}>Non compilare questo campo</label>
			<input
				id={fieldId(baseId, 'trap')}
				name={HONEYPOT_FIELD}
				type="text"
				tabIndex={-1}
				autoComplete="off"
				value={value}
				onChange={(event) => onChange(event.target.value)}
			/>
		</div>
	);
}

/**
 * The send button ('Invio in corso...' while a request is on its way, when it is disabled) and,
 * under it, the polite status that says what was sent waits for the connection.
 */
export function SendControls({
	sending,
	label,
	offline: { waiting, text },
}: {
	sending: boolean;
	label: string;
	/** `useOfflineResend`'s state: whether a request waits, and what to say then. */
	offline: { waiting: boolean; text: ToastText };
}) {
	return (
		<>
			<button
				type="submit"
				disabled={sending}
				className="flex min-h-12 w-full items-center justify-center rounded-lg bg-accent px-6 py-3 text-lg font-bold text-night transition-colors hover:bg-accent-hover disabled:cursor-wait disabled:opacity-70 sm:w-auto"
			>
				{sending ? 'Invio in corso...' : label}
			</button>
			<p role="status" className="text-sm font-medium text-ink" data-waiting={waiting}>
				{waiting ? `${text.title}: ${text.description}` : ''}
			</p>
		</>
	);
}
