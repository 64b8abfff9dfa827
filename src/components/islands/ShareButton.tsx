import { useEffect, useRef, useState } from 'react';
import { copyText } from './share/copy-text';
import { iconShare } from '../../lib/icons';
import Icon from './shared/Icon';

export type ShareButtonProps = {
	title: string;
	/** Canonical address of the page. */
	url: string;
};

/** How long '✓ Link copiato!' stays (docs/catalogue.md). */
const CONFIRMATION_MS = 2000;

/**
 * Shares the page: the phone's share sheet where the Web Share API exists, else copies the
 * address and confirms with '✓ Link copiato!' for two seconds.
 */
export default function ShareButton({ title, url }: ShareButtonProps) {
	const [copied, setCopied] = useState(false);
	const timer = useRef<number | undefined>(undefined);

	useEffect(() => () => window.clearTimeout(timer.current), []);

	const share = async () => {
		const address = `${url}${window.location.search}`;
		if (typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches) {
			try {
				await navigator.share({ title, url: address });
				return;
			} catch (error) {
				// The visitor closed the share sheet: nothing to do.
				if (error instanceof DOMException && error.name === 'AbortError') return;
			}
		}
		if (await copyText(address)) {
			setCopied(true);
			window.clearTimeout(timer.current);
			timer.current = window.setTimeout(() => setCopied(false), CONFIRMATION_MS);
		} else {
			console.warn('Impossibile copiare il link della pagina');
		}
	};

	return (
		<button
			type="button"
			onClick={() => void share()}
			className="inline-flex min-h-11 items-center gap-2 rounded-lg border-2 border-night px-4 py-2 font-semibold text-night transition-colors hover:bg-night hover:text-white"
		>
			<Icon path={iconShare} size={20} />
			<span aria-live="polite">{copied ? '✓ Link copiato!' : 'Condividi'}</span>
		</button>
	);
}
