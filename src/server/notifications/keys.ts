/**
 * The server's VAPID keys (Web Push's application server keys, made by the `web-push` library),
 * made once and kept in a file beside the database, `<database>.push-keys` (0600, made on first
 * use, JSON): the same place and the same reason as the staff link key (src/server/staff/link-mail.ts).
 * The private key lets whoever holds it push to the staff's phones in the shop's name; kept out
 * of the database, a copy or a backup of the database (which holds the devices' addresses)
 * cannot do so. Lost, a new pair is made and each device turns notifications on again (the desk
 * sees that the key changed and subscribes anew on its own: src/scripts/staff-notifications.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import webPush from 'web-push';

/** A VAPID key pair, base64url as the library and the browser's pushManager use them. */
export interface VapidKeys {
	publicKey: string;
	privateKey: string;
}

const known = new Map<string, VapidKeys>();

function parseKeys(text: string, path: string): VapidKeys {
	const parsed = JSON.parse(text) as Partial<VapidKeys>;
	if (
		typeof parsed.publicKey !== 'string' ||
		typeof parsed.privateKey !== 'string' ||
		!/^[A-Za-z0-9_-]{87}$/.test(parsed.publicKey) ||
		!/^[A-Za-z0-9_-]{43}$/.test(parsed.privateKey)
	) {
		throw new Error(`${path} holds no VAPID keys (publicKey, privateKey).`);
	}
	return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

/** The VAPID keys of the database at `dbPath`, made on first use. */
export function vapidKeys(dbPath: string): VapidKeys {
	const path = `${dbPath}.push-keys`;
	const cached = known.get(path);
	if (cached) return cached;
	let text: string;
	try {
		text = readFileSync(path, 'utf8');
	} catch {
		try {
			writeFileSync(path, `${JSON.stringify(webPush.generateVAPIDKeys())}\n`, {
				flag: 'wx',
				mode: 0o600,
			});
		} catch (error) {
			// Another process made it first: read theirs.
			if ((error as { code?: string }).code !== 'EEXIST') throw error;
		}
		text = readFileSync(path, 'utf8');
	}
	const keys = parseKeys(text, path);
	known.set(path, keys);
	return keys;
}
