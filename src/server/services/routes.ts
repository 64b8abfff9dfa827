/**
 * What the files of src/pages run of the server, and nothing else: the adapters of the API routes,
 * each taken from its thing's face, and one function per on-demand page (pages.ts). Every one of
 * them reaches a service only through `locals.services` (index.ts), never a module's state, and
 * answers 503 without it; so Astro's build bundles these functions and no service.
 */
export { submissionRoute } from '../core/route';
export { json } from '../core/submission-responses';
export { finishSignIn, startSignIn } from '../editor-auth';
export {
	alertPage,
	customerReservationPage,
	deskPage,
	messagesPage,
	pickListPage,
	reportPage,
	reservationPage,
	signInPage,
	staffNotFoundPage,
	stockListPage,
	stockVariantPage,
	type PageContext,
} from './pages';
export { ALERT_PAGE, handleAlertPost } from '../alerts';
export { CONTACT_PAGE, handleContactPost, markFromRequest } from '../messages';
export { notificationsAnswer } from '../notifications';
export {
	actionAnswer,
	AVAILABILITY_ERRORS,
	detailAnswer,
	handleAvailability,
	handlePickupPost,
	listAnswer,
	PICKUP_PAGE,
} from '../reservations';
export {
	AUTH_TEXTS,
	register,
	registrationOptions,
	requestLink,
	requireStaff,
	signIn,
	signInOptions,
	signOut,
	staffAuthRoute,
	staffFolderRoute,
	staffJson,
} from '../staff';
export { REPORT_PAGE_TEXTS, reportAnswer } from '../reports';
export { STOCK_PAGE_TEXTS, stockAnswer } from '../stock';
