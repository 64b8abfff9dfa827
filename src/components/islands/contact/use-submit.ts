import { useState, type SubmitEvent } from 'react';

export interface SubmitOptions<Errors> {
	/** Every error of what the visitor filled in. */
	validate: () => Errors;
	hasErrors: (errors: Errors) => boolean;
	/** Shows the errors on the form (none: clears them) and focuses the first. */
	showErrors: (errors: Errors) => void;
	/** Sends, and acts on what became of the request. */
	send: () => Promise<void>;
}

/**
 * The submit of a form that sends JSON (the contact form, the pickup list): checks first,
 * showing the errors and focusing the first; else sends, one request at a time. `attempted`
 * turns true at the first submit, after which fields are checked again as the visitor corrects
 * them.
 */
export function useSubmit<Errors>({
	validate,
	hasErrors,
	showErrors,
	send,
}: SubmitOptions<Errors>) {
	const [attempted, setAttempted] = useState(false);
	const [sending, setSending] = useState(false);

	async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
		event.preventDefault();
		if (sending) return;
		const found = validate();
		setAttempted(true);
		showErrors(found);
		if (hasErrors(found)) return;
		setSending(true);
		try {
			await send();
		} finally {
			setSending(false);
		}
	}

	return { attempted, setAttempted, sending, onSubmit };
}
