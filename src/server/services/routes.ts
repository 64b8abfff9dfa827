/**
 * What the files of src/pages run of the server, and nothing else: the adapters of the API routes
 * and the views of the pages, each taken from its thing's face. Every one of them reaches a
 * service only through `locals.services` (index.ts), never a module's state, and answers 503
 * without it; so Astro's build bundles these functions and no service.
 */
export { submissionRoute } from '../core/route';
export { json } from '../core/submission-responses';
export { finishSignIn, startSignIn } from '../editor-auth';
export {
	ALERT_PAGE,
	ALERT_PAGE_HEADERS,
	alertsVariantView,
	handleAlertPage,
	handleAlertPost,
} from '../alerts';
export { CONTACT_PAGE, handleContactPost, markFromRequest, messagesPageView } from '../messages';
export { notificationsAnswer } from '../notifications';
export {
	actionAnswer,
	AVAILABILITY_ERRORS,
	deskListView,
	detailAnswer,
	handleAvailability,
	handleCustomerPage,
	handlePickupPost,
	listAnswer,
	PICKUP_PAGE,
	pickListPageView,
	PRIVATE_PAGE_HEADERS,
	reservationPageView,
} from '../reservations';
export {
	AUTH_TEXTS,
	register,
	registrationOptions,
	requestLink,
	requireStaff,
	sessionToken,
	signIn,
	signInOptions,
	signOut,
	staffAuthRoute,
	staffJson,
	staffService,
} from '../staff';
export { REPORT_PAGE_TEXTS, reportAnswer, reportPageView } from '../reports';
export {
	belowMinimumTotal,
	missingPiecesIds,
	STOCK_PAGE_TEXTS,
	stockAnswer,
	stockListView,
	stockVariantView,
} from '../stock';
