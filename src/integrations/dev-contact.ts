import type { AddressInfo } from 'node:net';
import type { AstroIntegration } from 'astro';
import type { SubmissionServices } from '../server/services';

/** Where Astro's dev server reads a request's `locals` (Symbol.for('astro.locals') in Astro). */
const LOCALS = Symbol.for('astro.locals');

type ServiceModule = typeof import('../server/services');
type CatalogueModule = typeof import('../server/reservations');

/**
 * The dev server's own origin, from the address it listens on (never from a request's Host
 * header, which a client chooses): a wildcard address is reached on the loopback.
 */
function ownOrigin(address: AddressInfo | string | null | undefined): string {
	if (typeof address !== 'object' || address === null) return 'http://127.0.0.1:4321';
	const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
	return `http://${address.family === 'IPv6' && host !== '127.0.0.1' ? `[${host}]` : host}:${address.port}`;
}

/**
 * The contact service under `astro dev`, where the production server (src/server/main.ts) does
 * not run: created from the environment on the first POST to /api/, one per dev server
 * (relative paths resolve against the working folder), and handed to Astro as
 * `locals.services` (messages, reservations, outbox), as the server does. The production build never contains it: only the dev
 * server loads this module.
 *
 * The pickup catalogue (shops, hold days, company name, products) comes from the dev server
 * itself: /api/ritiro.json once, when the service is created, and /api/product/<id>.json at
 * each reservation, both rendered from the content as the build would write them. Only POST
 * requests and GET /api/disponibilita (pieces still free) wait for the service, so those GETs
 * pass straight through. A change to the settings
 * or the shops reaches reservations when the dev server restarts; products at once.
 */
export default function devContact(): AstroIntegration {
	return {
		name: 'dev-contact',
		hooks: {
			'astro:server:setup': ({ server, logger }) => {
				let service: Promise<SubmissionServices> | undefined;

				async function create(origin: string): Promise<SubmissionServices> {
					const [services, catalogues] = (await Promise.all([
						server.ssrLoadModule('/src/server/services/index.ts'),
						server.ssrLoadModule('/src/server/reservations/index.ts'),
					])) as [ServiceModule, CatalogueModule];
					const pickup = await catalogues.httpPickupCatalogue(origin);
					const created = services.createSubmissionServicesFromEnv(
						process.env,
						process.cwd(),
						pickup,
					);
					created.outbox.start();
					return created;
				}

				server.middlewares.use((req, _res, next) => {
					const url = req.url ?? '';
					const needsService =
						req.method === 'POST'
							? url.startsWith('/api/')
							: req.method === 'GET' && url.startsWith('/api/disponibilita');
					if (!needsService) return next();
					service ??= create(ownOrigin(server.httpServer?.address()));
					service.then(
						(created) => {
							const locals: unknown = Reflect.get(req, LOCALS);
							const known = typeof locals === 'object' && locals !== null ? locals : {};
							const services: unknown = Reflect.get(known, 'services');
							Reflect.set(req, LOCALS, {
								...known,
								services: { ...(typeof services === 'object' ? services : {}), ...created },
							});
							next();
						},
						(error: unknown) => {
							service = undefined;
							logger.error(
								`Contact: service unavailable: ${error instanceof Error ? error.message : String(error)}`,
							);
							next();
						},
					);
				});
				server.httpServer?.once('close', () => {
					void service?.then((created) => created.outbox.close()).catch(() => undefined);
				});
			},
		},
	};
}
