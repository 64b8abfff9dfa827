/**
 * The connections of pushes: Node's https (and, for the tests' push service on this machine,
 * http) Agents whose DNS lookup refuses any name that resolves to an address that is not public
 * unicast (src/lib/notifications/push-endpoint.ts). The check is made on the addresses the
 * socket then connects to, so a name re-pointed between the route's check and the send (DNS
 * rebinding) is refused all the same. A name with any non-public address is refused whole.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from '../../lib/notifications/push-endpoint';

/** The error code of a name refused for its addresses. */
export const REFUSED_ADDRESS = 'EPUSHADDRESS';

/** The error a refused name fails with: says which address, never connected to. */
export class RefusedAddressError extends Error {
	override name = 'RefusedAddressError';
	readonly code = REFUSED_ADDRESS;
	constructor(hostname: string, address: string) {
		super(`${hostname} resolves to ${address}, not a public address: not connected`);
	}
}

type LookupCallback = (
	error: NodeJS.ErrnoException | null,
	address: string | LookupAddress[],
	family?: number,
) => void;

/**
 * A `lookup` for net.connect that resolves as dns.lookup does, then refuses the name when any of
 * its addresses is not public (`resolve` stands in for dns.lookup in tests).
 */
export function publicOnlyLookup(
	resolve: typeof dnsLookup = dnsLookup,
): LookupFunction & ((hostname: string, options: LookupOptions, callback: LookupCallback) => void) {
	return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
		resolve(hostname, { ...options, all: true }, (error, addresses) => {
			if (error) {
				callback(error, []);
				return;
			}
			const refused = addresses.find((entry) => !isPublicAddress(entry.address));
			if (refused || addresses.length === 0) {
				callback(new RefusedAddressError(hostname, refused?.address ?? 'nothing'), []);
				return;
			}
			if (options.all) {
				callback(null, addresses);
				return;
			}
			const [first] = addresses as [LookupAddress];
			callback(null, first.address, first.family);
		});
	};
}

/** Sockets of one push service are few: pings are rare, a device's service is one host. */
const AGENT_OPTIONS = { keepAlive: true, maxSockets: 16, lookup: publicOnlyLookup() };

/** The Agents every push goes through. */
export const pushAgents = Object.freeze({
	https: new HttpsAgent(AGENT_OPTIONS),
	http: new HttpAgent(AGENT_OPTIONS),
});
