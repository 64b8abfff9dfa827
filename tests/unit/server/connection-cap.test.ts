import { EventEmitter } from 'node:events';
import type http from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { capConnectionsPerAddress, REFUSALS_SUMMARY_EVERY_MS } from '../../../src/server/lifecycle';

/**
 * The per-address cap's bookkeeping, on a stand-in for the server's `connection` events (the
 * built server's own test, tests/server/connection-cap.test.ts, opens real sockets): who is
 * refused, when a closed connection frees a place, and how the refusals reach the log.
 */

class FakeSocket extends EventEmitter {
	destroyed = false;
	constructor(readonly remoteAddress: string | undefined) {
		super();
	}
	destroy() {
		this.destroyed = true;
	}
}

function setUp(maxPerAddress: number, exempt: string[] = []) {
	vi.useFakeTimers();
	const server = new EventEmitter();
	const lines: string[] = [];
	capConnectionsPerAddress(server as unknown as http.Server, {
		maxPerAddress,
		isExempt: (address) => address !== undefined && exempt.includes(address),
		warn: (line) => lines.push(line),
		now: () => Date.now(),
	});
	const open = (address: string | undefined) => {
		const socket = new FakeSocket(address);
		server.emit('connection', socket);
		return socket;
	};
	return { open, lines };
}

afterEach(() => {
	vi.useRealTimers();
});

describe('capConnectionsPerAddress', () => {
	it('refuses one more than the cap per address, counts IPv4-mapped addresses as IPv4, and frees a place on close', () => {
		const { open } = setUp(2);
		const first = open('198.51.100.1');
		const second = open('::ffff:198.51.100.1');
		expect(open('198.51.100.1').destroyed).toBe(true);
		// Another address has its own share.
		expect(open('198.51.100.2').destroyed).toBe(false);
		expect(first.destroyed || second.destroyed).toBe(false);
		first.emit('close');
		expect(open('198.51.100.1').destroyed).toBe(false);
		expect(open('198.51.100.1').destroyed).toBe(true);
	});

	it('leaves the exempt addresses (the trusted proxies) alone', () => {
		const { open, lines } = setUp(1, ['127.0.0.1']);
		const sockets = [open('127.0.0.1'), open('127.0.0.1'), open('127.0.0.1')];
		expect(sockets.map((socket) => socket.destroyed)).toEqual([false, false, false]);
		expect(lines).toEqual([]);
	});

	it('logs the first refusal at once, then one summary per period with the count and the address refused most', () => {
		const { open, lines } = setUp(1);
		open('203.0.113.5');
		open('203.0.113.6');
		open('203.0.113.5');
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatch(
			/^connections-refused: 1 connections closed at once in \d+ s, from 1 addresses over the cap of 1 open connections per address; most from 203\.0\.113\.5 \(1\)\.$/,
		);
		for (let n = 0; n < 40; n++) open('203.0.113.5');
		open('203.0.113.6');
		expect(lines).toHaveLength(1);
		vi.advanceTimersByTime(REFUSALS_SUMMARY_EVERY_MS);
		expect(lines).toHaveLength(2);
		expect(lines[1]).toContain('41 connections closed at once');
		expect(lines[1]).toContain('from 2 addresses');
		expect(lines[1]).toContain('most from 203.0.113.5 (40)');
		// Nothing refused since: no line.
		vi.advanceTimersByTime(REFUSALS_SUMMARY_EVERY_MS * 3);
		expect(lines).toHaveLength(2);
	});
});
