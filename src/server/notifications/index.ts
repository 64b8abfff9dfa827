/**
 * Web Push to staff devices: a ping for each new reservation of the member's shop
 * (docs/push.md). What the rest of the server uses of it; the files behind:
 *
 * - schema.ts: the tables (subscriptions, the pushes' table of the one outbox), migrations;
 * - keys.ts: the server's VAPID keys, made once, kept beside the database (0600);
 * - settings.ts: PUSH_SERVICE_HOSTS, PUSH_TIMEOUT_MS, PUSH_ALLOW_LOOPBACK_HTTP (tests);
 * - connect.ts: the Agents pushes go through, which connect to public addresses only;
 * - store.ts: the rows; send.ts: one push (web-push, node:https); service.ts: the service and the pushes' channel of the outbox;
 * - http.ts: /api/gestione/notifiche. Astro's page imports it directly, not through this face:
 *   it reads the service's type only, so Astro's build bundles neither web-push nor SQLite.
 */
export { PUSH_MIGRATION, PUSH_OUTBOX_STARTED } from './schema';
export { vapidKeys, type VapidKeys } from './keys';
export { pushSettingsFromEnv, type PushSettings } from './settings';
export {
	createNotificationService,
	type NotificationService,
	type NotificationOptions,
} from './service';
export { PUSH_TEXTS } from './texts';
export { notificationsAnswer } from './http';
