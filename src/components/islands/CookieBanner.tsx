import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import {
	$bannerOpen,
	$consent,
	COOKIE_BANNER_READY_ATTRIBUTE,
	COOKIE_BANNER_READY_EVENT,
	acceptAll,
	dismissBanner,
	loadConsent,
	openConsentBanner,
	rejectAll,
	savePreferences,
} from '../../stores/consent';
import { iconClose } from '../../lib/icons';
import Icon from './shared/Icon';

type Choice = 'analytics' | 'marketing' | 'functional';

const KINDS: { key: Choice | 'necessary'; label: string; text: string }[] = [
	{
		key: 'necessary',
		label: 'Necessari',
		text: 'Servono al funzionamento del sito e a ricordare le tue scelte. Sempre attivi.',
	},
	{
		key: 'analytics',
		label: 'Statistici',
		text: 'Ci aiuterebbero a capire, in forma anonima, come viene usato il sito.',
	},
	{
		key: 'marketing',
		label: 'Marketing',
		text: 'Servirebbero a mostrarti comunicazioni in linea con i tuoi interessi.',
	},
	{
		key: 'functional',
		label: 'Funzionali',
		text: 'Ricorderebbero preferenze aggiuntive per migliorare la tua esperienza.',
	},
];

const button =
	'inline-flex min-h-11 items-center justify-center rounded-lg px-5 py-2 font-semibold transition-colors';

/**
 * The cookie banner: a region at the bottom of the page, never a
 * modal, shown while no valid decision is stored. It is rendered into every page's HTML and
 * shown from the first paint when <html> has data-consent-pending (set in BaseLayout.astro).
 * While it is open the page gets extra room at the bottom, so it never hides the element that
 * has focus.
 */
export default function CookieBanner() {
	const open = useStore($bannerOpen);
	const consent = useStore($consent);
	const [view, setView] = useState<'main' | 'details'>('main');
	const [choices, setChoices] = useState<Record<Choice, boolean>>({
		analytics: false,
		marketing: false,
		functional: false,
	});
	const region = useRef<HTMLElement>(null);
	const heading = useRef<HTMLHeadingElement>(null);
	const focusOnOpen = useRef(false);
	const titleId = useId();

	// Read the stored choice, and let 'Preferenze cookie' links reopen the banner.
	useEffect(() => {
		loadConsent();
		const onClick = (event: MouseEvent) => {
			const link = (event.target as Element | null)?.closest?.('[data-cookie-preferences]');
			if (!link) return;
			event.preventDefault();
			focusOnOpen.current = true;
			setView('main');
			openConsentBanner();
		};
		document.addEventListener('click', onClick);
		document.documentElement.setAttribute(COOKIE_BANNER_READY_ATTRIBUTE, '');
		window.dispatchEvent(new Event(COOKIE_BANNER_READY_EVENT));
		return () => {
			document.removeEventListener('click', onClick);
			document.documentElement.removeAttribute(COOKIE_BANNER_READY_ATTRIBUTE);
		};
	}, []);

	// The mark the stylesheet shows the banner by (BaseLayout.astro sets it before the first
	// paint).
	useEffect(() => {
		document.documentElement.toggleAttribute('data-consent-pending', open);
	}, [open]);

	useEffect(() => {
		const { analytics, marketing, functional } = consent.preferences;
		setChoices({ analytics, marketing, functional });
	}, [consent]);

	// Room at the bottom of the page, and for focus scrolling, as tall as the banner.
	useEffect(() => {
		const element = region.current;
		const root = document.documentElement;
		if (!open || !element) return;
		const fit = () => {
			const height = `${element.offsetHeight}px`;
			document.body.style.paddingBottom = height;
			root.style.scrollPaddingBottom = height;
		};
		// Focus moving under the banner scrolls the page just enough to show it (WCAG 2.4.11).
		const reveal = (event: FocusEvent) => {
			const target = event.target;
			if (!(target instanceof Element) || element.contains(target)) return;
			const hidden = target.getBoundingClientRect().bottom - element.getBoundingClientRect().top;
			if (hidden > 0) window.scrollBy({ top: hidden + 8, behavior: 'instant' });
		};
		fit();
		const observer = new ResizeObserver(fit);
		observer.observe(element);
		document.addEventListener('focusin', reveal);
		if (focusOnOpen.current) {
			heading.current?.focus();
			focusOnOpen.current = false;
		}
		return () => {
			observer.disconnect();
			document.removeEventListener('focusin', reveal);
			document.body.style.paddingBottom = '';
			root.style.scrollPaddingBottom = '';
		};
	}, [open, view]);

	if (!open) return null;

	return (
		<section
			ref={region}
			aria-labelledby={titleId}
			data-cookie-banner={view}
			className="fixed inset-x-0 bottom-0 z-40 max-h-[85vh] overflow-y-auto border-t-4 border-accent bg-night text-white shadow-2xl"
		>
			<div className="mx-auto max-w-5xl px-4 py-5">
				<div className="flex items-start justify-between gap-4">
					<h2
						id={titleId}
						ref={heading}
						tabIndex={-1}
						className="text-xl font-bold focus:outline-none"
					>
						{view === 'main' ? 'Rispettiamo la tua privacy' : 'Personalizza i cookie'}
					</h2>
					<button
						type="button"
						onClick={() => (view === 'main' ? dismissBanner() : setView('main'))}
						aria-label={
							view === 'main'
								? 'Chiudi e usa solo i cookie necessari'
								: 'Chiudi la personalizzazione e torna alla scelta'
						}
						className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg border-2 border-white text-white hover:bg-white hover:text-night"
					>
						<Icon path={iconClose} size={22} strokeWidth={2.5} />
					</button>
				</div>
				{view === 'main' ? (
					<>
						<p className="mt-2 text-zinc-100">
							Usiamo solo cookie tecnici, necessari al funzionamento del sito. Con il tuo consenso
							potremmo usarne altri, statistici e di marketing: puoi accettarli, rifiutarli o
							scegliere. Chiudendo con la X restano attivi solo quelli necessari. Dettagli nella{' '}
							<a href="/cookie-policy" className="font-semibold text-accent underline">
								Cookie Policy
							</a>
							.
						</p>
						<div className="mt-4 flex flex-wrap gap-3">
							<button
								type="button"
								onClick={acceptAll}
								className={`${button} bg-accent text-night hover:bg-accent-hover`}
							>
								Accetta tutti
							</button>
							<button
								type="button"
								onClick={rejectAll}
								className={`${button} border-2 border-white text-white hover:bg-white hover:text-night`}
							>
								Rifiuta tutti
							</button>
							<button
								type="button"
								onClick={() => setView('details')}
								className={`${button} border-2 border-white text-white hover:bg-white hover:text-night`}
							>
								Personalizza
							</button>
						</div>
					</>
				) : (
					<>
						<ul className="mt-3 divide-y divide-night-soft">
							{KINDS.map((kind) => {
								const necessary = kind.key === 'necessary';
								const checked = necessary || choices[kind.key as Choice];
								const id = `${titleId}-${kind.key}`;
								return (
									<li key={kind.key} className="flex items-start justify-between gap-4 py-3">
										<div>
											<label htmlFor={id} className="font-semibold">
												{kind.label}
											</label>
											<p id={`${id}-testo`} className="text-sm text-zinc-200">
												{kind.text}
											</p>
										</div>
										<input
											id={id}
											type="checkbox"
											role="switch"
											aria-describedby={`${id}-testo`}
											checked={checked}
											disabled={necessary}
											onChange={(event) =>
												setChoices((current) => ({ ...current, [kind.key]: event.target.checked }))
											}
											className="mt-1 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-zinc-500 transition-colors before:block before:h-5 before:w-5 before:translate-x-0.5 before:translate-y-0.5 before:rounded-full before:bg-white before:transition-transform checked:bg-accent checked:before:translate-x-5.5 disabled:cursor-not-allowed disabled:opacity-80 motion-reduce:transition-none motion-reduce:before:transition-none"
										/>
									</li>
								);
							})}
						</ul>
						<div className="mt-4 flex flex-wrap gap-3">
							<button
								type="button"
								onClick={() => savePreferences(choices)}
								className={`${button} border-2 border-white text-white hover:bg-white hover:text-night`}
							>
								Salva Preferenze
							</button>
							<button
								type="button"
								onClick={acceptAll}
								className={`${button} bg-accent text-night hover:bg-accent-hover`}
							>
								Accetta Tutti
							</button>
						</div>
					</>
				)}
			</div>
		</section>
	);
}
