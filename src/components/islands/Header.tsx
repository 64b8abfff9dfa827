import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import {
	INITIAL_HEADER_STATE,
	isActiveLink,
	NAV_CLICK_SUPPRESSION_MS,
	nextHeaderState,
	type HeaderState,
} from '../../lib/header/scroll-rules';
import { FAVOURITES_LINK, NAV_LINKS, PICKUP_LINK, type NavLink } from '../../site';
import { $favouriteCount } from '../../stores/favourites';
import { $pickupCount } from '../../stores/pickup-list';
import { iconBag, iconClose, iconHeart, iconMenu } from '../../lib/icons';
import Icon from './shared/Icon';
import { SEARCH_PAGE, SearchButton, SearchForm, SearchPanel } from './header/HeaderSearch';

export type HeaderProps = {
	/** Path of the page being shown, to mark the active link. */
	currentPath: string;
	/** Shop sign, used as the logo's text alternative. */
	companyName: string;
	/** URL of the logo image. */
	logoSrc: string;
};

/**
 * An icon link with a count: the heart to /preferiti (saved products) and the bag to
 * /lista-ritiro (pieces in the pickup list). The badge is positioned over the icon, so it never
 * moves anything when it appears; the count is in the link's name.
 */
function CountLink({
	link,
	icon,
	active,
	className,
	count,
	onClick,
}: {
	link: NavLink;
	icon: string;
	active: boolean;
	className: string;
	count: number;
	onClick: () => void;
}) {
	const label = count > 0 ? `${link.label} (${count})` : link.label;
	return (
		<a
			href={link.href}
			className={`relative flex items-center ${className}`}
			aria-current={active ? 'page' : undefined}
			aria-label={label}
			onClick={onClick}
		>
			<Icon path={icon} size={22} filled={active && icon === iconHeart} />
			{count > 0 && (
				<span
					aria-hidden="true"
					data-count={link.href}
					className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold text-night"
				>
					{count > 99 ? '99+' : count}
				</span>
			)}
		</a>
	);
}

/**
 * The sticky site header. Rendered to HTML at build time; once hydrated it
 * follows the scroll (compact, hidden) through the pure rules in lib/header/scroll-rules.ts and
 * drives the mobile menu.
 */
export default function Header({ currentPath, companyName, logoSrc }: HeaderProps) {
	const [state, setState] = useState<HeaderState>(INITIAL_HEADER_STATE);
	const [menuOpen, setMenuOpen] = useState(false);
	const menuId = useId();
	const toggleRef = useRef<HTMLButtonElement>(null);
	const suppressedUntil = useRef(0);
	const menuOpenRef = useRef(false);
	menuOpenRef.current = menuOpen;
	// The stored count is read only after mounting, so the server HTML and hydration agree.
	const storedCount = useStore($favouriteCount);
	const storedPieces = useStore($pickupCount);
	const [mounted, setMounted] = useState(false);
	useEffect(() => setMounted(true), []);
	const favouriteCount = mounted ? storedCount : 0;
	const pickupCount = mounted ? storedPieces : 0;

	useEffect(() => {
		let frame = 0;
		const update = () => {
			frame = 0;
			setState((previous) =>
				nextHeaderState(previous, {
					y: window.scrollY,
					menuOpen: menuOpenRef.current,
					suppressed: Date.now() < suppressedUntil.current,
				}),
			);
		};
		const onScroll = () => {
			if (!frame) frame = requestAnimationFrame(update);
		};
		update();
		window.addEventListener('scroll', onScroll, { passive: true });
		return () => {
			window.removeEventListener('scroll', onScroll);
			if (frame) cancelAnimationFrame(frame);
		};
	}, []);

	useEffect(() => {
		if (!menuOpen) return;
		const onKey = (event: KeyboardEvent) => {
			if (event.key === 'Escape') {
				setMenuOpen(false);
				toggleRef.current?.focus();
			}
		};
		document.addEventListener('keydown', onKey);
		return () => document.removeEventListener('keydown', onKey);
	}, [menuOpen]);

	const onNavigate = () => {
		suppressedUntil.current = Date.now() + NAV_CLICK_SUPPRESSION_MS;
		setState((previous) => ({ ...previous, hidden: false }));
		setMenuOpen(false);
	};

	const hidden = state.hidden && !menuOpen;
	const favouritesActive = isActiveLink(FAVOURITES_LINK.href, currentPath);
	const pickupActive = isActiveLink(PICKUP_LINK.href, currentPath);
	/** The heart and the bag, in this order, on wide and narrow screens alike. */
	const counted = [
		{ link: FAVOURITES_LINK, icon: iconHeart, active: favouritesActive, count: favouriteCount },
		{ link: PICKUP_LINK, icon: iconBag, active: pickupActive, count: pickupCount },
	];
	const countLinks = (className: (active: boolean) => string) =>
		counted.map((item) => (
			<CountLink
				key={item.link.href}
				{...item}
				className={className(item.active)}
				onClick={onNavigate}
			/>
		));
	const searchActive = isActiveLink(SEARCH_PAGE, currentPath);

	const tone = (active: boolean) =>
		active
			? 'bg-accent text-night'
			: 'text-white hover:bg-night-soft hover:text-accent focus-visible:text-accent';
	const linkClass = (active: boolean) =>
		`rounded-md px-2 py-2 text-base font-medium whitespace-nowrap transition-colors lg:px-3 ${tone(active)}`;
	// Narrow screens: search, heart and bag as 40 px squares beside the menu button; below 360 px
	// the logo is 112 px wide, so all of it fits at 320 px (WCAG 1.4.10, reflow).
	const iconClass = (active: boolean) => `rounded-md p-[9px] transition-colors ${tone(active)}`;

	return (
		<header
			data-header
			data-state={hidden ? 'hidden' : 'visible'}
			data-size={state.compact ? 'compact' : 'normal'}
			className={`fixed inset-x-0 top-0 z-40 bg-night text-white shadow-md transition-transform duration-300 motion-reduce:transition-none ${
				hidden ? '-translate-y-full' : 'translate-y-0'
			}`}
		>
			<div
				className={`mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 transition-[padding] duration-300 motion-reduce:transition-none sm:gap-4 ${
					state.compact ? 'py-1.5' : 'py-3'
				}`}
			>
				<a href="/" className="flex shrink-0 items-center rounded-md" onClick={onNavigate}>
					<img
						src={logoSrc}
						alt={`${companyName} – Home`}
						width="160"
						height="40"
						className="h-7 w-28 min-[360px]:h-9 min-[360px]:w-36 sm:h-10 sm:w-40"
					/>
				</a>
				<nav aria-label="Principale" className="hidden md:block">
					<ul className="flex items-center gap-1">
						{NAV_LINKS.map((link) => {
							const active = isActiveLink(link.href, currentPath);
							return (
								<li key={link.href}>
									<a
										href={link.href}
										className={linkClass(active)}
										aria-current={active ? 'page' : undefined}
										onClick={onNavigate}
									>
										{link.label}
									</a>
								</li>
							);
						})}
						{countLinks(linkClass).map((link) => (
							<li key={link.key}>{link}</li>
						))}
						<li className="lg:hidden">
							<SearchButton className={linkClass(searchActive)} />
						</li>
					</ul>
				</nav>
				<SearchForm />
				<div className="flex items-center gap-0.5 md:hidden">
					<SearchButton className={iconClass(searchActive)} />
					{countLinks(iconClass)}
					<button
						ref={toggleRef}
						type="button"
						className="flex h-11 w-11 items-center justify-center rounded-md text-white hover:bg-night-soft"
						aria-expanded={menuOpen}
						aria-controls={menuId}
						aria-label={menuOpen ? 'Chiudi il menu' : 'Apri il menu'}
						onClick={() => setMenuOpen((open) => !open)}
					>
						<Icon path={menuOpen ? iconClose : iconMenu} size={26} />
					</button>
				</div>
			</div>
			<nav
				id={menuId}
				aria-label="Menu mobile"
				className="border-t border-night-soft md:hidden"
				hidden={!menuOpen}
			>
				<ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
					{NAV_LINKS.map((link) => {
						const active = isActiveLink(link.href, currentPath);
						return (
							<li key={link.href}>
								<a
									href={link.href}
									className={`block ${linkClass(active)}`}
									aria-current={active ? 'page' : undefined}
									onClick={onNavigate}
								>
									{link.label}
								</a>
							</li>
						);
					})}
				</ul>
			</nav>
			<SearchPanel />
		</header>
	);
}
