/**
 * The site's line icons, one set for Astro components (components/ui/Icon.astro) and islands
 * (components/islands/Icon.tsx): SVG path data on a 24 × 24 grid, drawn with a 2 px round
 * stroke. Always decorative: the control around an icon carries the words. Islands import the
 * single paths they draw (`iconClose`…), so their scripts carry only those; Astro components
 * name them from `ICON_PATHS`.
 */
export const iconShield = 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3z M9 12l2 2 4-4';
export const iconUsers =
	'M16 20v-2a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v2 M9.5 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z M21 20v-2a4 4 0 0 0-3-3.9 M16 3.1a3.5 3.5 0 0 1 0 6.8';
export const iconPin =
	'M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z M12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z';
export const iconPhone =
	'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.5c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z';
export const iconMail =
	'M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z M22 6l-10 7L2 6';
export const iconClock = 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z M12 6v6l4 2';
export const iconCheck = 'M20 6L9 17l-5-5';
export const iconAward = 'M12 15a7 7 0 1 0 0-14 7 7 0 0 0 0 14z M8.2 13.9L7 23l5-3 5 3-1.2-9.1';
export const iconStar =
	'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1L12 2z';
export const iconArrowLeft = 'M19 12H5 M12 19l-7-7 7-7';
export const iconArrowRight = 'M5 12h14 M12 5l7 7-7 7';
export const iconHeart =
	'M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z';
export const iconMap = 'M1 6v16l7-4 8 4 7-4V2l-7 4-8-4-7 4z M8 2v16 M16 6v16';
export const iconFlask = 'M9 3h6 M10 3v6L4 19a2 2 0 0 0 1.7 3h12.6a2 2 0 0 0 1.7-3L14 9V3';
export const iconChat = 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z';
export const iconClose = 'M6 6l12 12M18 6L6 18';
export const iconMenu = 'M4 7h16M4 12h16M4 17h16';
export const iconFilter = 'M3 5h18M6 12h12M10 19h4';
export const iconShare = 'M4 12v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8M16 6l-4-4-4 4M12 2v13';
export const iconChevronLeft = 'M15 18l-6-6 6-6';
export const iconChevronRight = 'M9 18l6-6-6-6';
export const iconBag = 'M6 7h12l1 14H5L6 7z M9 10V6a3 3 0 0 1 6 0v4';
export const iconSearch = 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z M21 21l-4.3-4.3';

/** Every icon by name, for Icon.astro. */
export const ICON_PATHS = {
	shield: iconShield,
	users: iconUsers,
	pin: iconPin,
	phone: iconPhone,
	mail: iconMail,
	clock: iconClock,
	check: iconCheck,
	award: iconAward,
	star: iconStar,
	arrowLeft: iconArrowLeft,
	arrowRight: iconArrowRight,
	heart: iconHeart,
	map: iconMap,
	flask: iconFlask,
	chat: iconChat,
	close: iconClose,
	menu: iconMenu,
	filter: iconFilter,
	share: iconShare,
	chevronLeft: iconChevronLeft,
	chevronRight: iconChevronRight,
	search: iconSearch,
	bag: iconBag,
} as const;

/** The name of an icon of the set. */
export type IconName = keyof typeof ICON_PATHS;
