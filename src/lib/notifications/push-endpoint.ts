/**
 * Which push service addresses the server may send a staff device's pings to, and which IP
 * addresses it may connect to for them. A device posts its push service's address (the
 * subscription's `endpoint`) and the server later sends a request there: without these rules any
 * signed-in member could make the server connect to its own machine or the shop's network (a
 * request forgery). Pure; table-driven tests in tests/unit/lib/notifications/push-endpoint.test.ts.
 *
 * - By name: the endpoint is https, on the default port, at a host of the allowlist (the real
 *   push services of the browsers, below, or the PUSH_SERVICE_HOSTS setting). An address written
 *   as an IP never matches, in any of its spellings (`2130706433`, `0x7f000001` and
 *   `[::ffff:127.0.0.1]` are normalised by the URL parser into addresses first).
 * - By address, when connecting: every address the name resolves to must be public unicast, so a
 *   name that resolves (or is re-pointed later, DNS rebinding) to the loopback, a private,
 *   link-local, unique-local, shared (CGNAT), multicast, unspecified, reserved or IPv4-mapped
 *   address is never connected to. The ranges are ipaddr.js's, a library kept for exactly this.
 * - Tests only (`testServices`): a push service on this machine at plain http written as the
 *   loopback address (`http://127.0.0.1:<port>`, `http://[::1]:<port>`), and any port on an
 *   allowlisted host. A name must still resolve to public addresses.
 */
import ipaddr from 'ipaddr.js';

/**
 * The browsers' push services: Google's FCM (Chrome, Edge on Android…), Mozilla's autopush
 * (Firefox), Apple's web push (Safari) and Microsoft's WNS (older Edge). `*.` stands for any
 * name below, never the name itself.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = Object.freeze([
	'fcm.googleapis.com',
	'updates.push.services.mozilla.com',
	'*.push.services.mozilla.com',
	'*.push.apple.com',
	'*.notify.windows.com',
]);

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A host pattern of the allowlist, lower-cased: a DNS name (`fcm.googleapis.com`) or `*.` and a
 * name of two labels or more (`*.push.apple.com`). Null for anything else: an IP address, a
 * port, a scheme, a bare `*` or `*.com`.
 */
export function parseHostPattern(text: string): string | null {
	const pattern = text.trim().toLowerCase();
	const wildcard = pattern.startsWith('*.');
	const name = wildcard ? pattern.slice(2) : pattern;
	const labels = name.split('.');
	if (name.length > 253 || labels.length < (wildcard ? 2 : 1)) return null;
	if (!labels.every((label) => LABEL.test(label))) return null;
	// A top-level label of digits only is an IPv4 address, not a name.
	if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return null;
	return pattern;
}

/** Whether `hostname` (lower-case, as URL gives it) is one of the allowlist's `patterns`. */
export function hostMatches(hostname: string, patterns: readonly string[]): boolean {
	return patterns.some((pattern) =>
		pattern.startsWith('*.')
			? hostname.endsWith(pattern.slice(1)) && hostname.length > pattern.length - 1
			: hostname === pattern,
	);
}

/** What the endpoint rules need: the allowlist, and whether the tests' services are accepted. */
export interface EndpointRules {
	hosts: readonly string[];
	testServices: boolean;
}

/** Why an endpoint is refused. */
export type EndpointRefusal = 'not-url' | 'credentials' | 'scheme' | 'host' | 'port';

/** The verdict on an endpoint; `loopbackLiteral` marks the tests' service on this machine. */
export type EndpointVerdict =
	{ ok: true; url: URL; loopbackLiteral: boolean } | { ok: false; why: EndpointRefusal };

/** The IP address a URL's hostname is written as (brackets off), or null for a name. */
export function literalAddress(hostname: string): string | null {
	if (hostname.startsWith('[') && hostname.endsWith(']')) return hostname.slice(1, -1);
	return ipaddr.IPv4.isValidFourPartDecimal(hostname) ? hostname : null;
}

/** Whether a push may be sent to `endpoint` under `rules` (the address is checked on connect). */
export function checkEndpoint(endpoint: string, rules: EndpointRules): EndpointVerdict {
	let url: URL;
	try {
		url = new URL(endpoint);
	} catch {
		return { ok: false, why: 'not-url' };
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, why: 'scheme' };
	if (url.username || url.password) return { ok: false, why: 'credentials' };
	const literal = literalAddress(url.hostname);
	if (rules.testServices && url.protocol === 'http:' && literal !== null) {
		return isLoopbackAddress(literal)
			? { ok: true, url, loopbackLiteral: true }
			: { ok: false, why: 'host' };
	}
	if (url.protocol !== 'https:') return { ok: false, why: 'scheme' };
	if (literal !== null || !hostMatches(url.hostname, rules.hosts))
		return { ok: false, why: 'host' };
	if (url.port !== '' && !rules.testServices) return { ok: false, why: 'port' };
	return { ok: true, url, loopbackLiteral: false };
}

/**
 * The range ipaddr.js names for an address ('unicast' for a public one), with an IPv4-mapped
 * IPv6 address (`::ffff:10.0.0.1`) classified as the IPv4 address it carries. Null when
 * `address` is not an IP address in its usual spelling.
 */
export function addressRange(address: string): string | null {
	if (!ipaddr.IPv4.isValidFourPartDecimal(address) && !ipaddr.IPv6.isValid(address)) return null;
	const parsed = ipaddr.parse(address);
	if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
		return `ipv4Mapped:${(parsed as ipaddr.IPv6).toIPv4Address().range()}`;
	}
	return parsed.range();
}

/**
 * Whether the server may connect to `address` for a push: public unicast only. An IPv4-mapped
 * IPv6 address is refused whatever it carries: no push service is reached that way.
 */
export function isPublicAddress(address: string): boolean {
	return addressRange(address) === 'unicast';
}

/** Whether `address` is the loopback (127.0.0.0/8, ::1). */
export function isLoopbackAddress(address: string): boolean {
	return addressRange(address) === 'loopback';
}
