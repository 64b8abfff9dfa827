import type { AstroIntegration } from 'astro';
import type { StaffService } from '../server/staff';

/** Where Astro's dev server reads a request's `locals` (Symbol.for('astro.locals') in Astro). */
const LOCALS = Symbol.for('astro.locals');

type StaffModule = typeof import('../server/staff');
type ServicesModule = typeof import('../server/services');

/**
 * The staff area's service under `astro dev`, where the production server (src/server/main.ts)
 * does not run: created from the environment on the first request under /gestione or
 * /api/gestione (the same database as the contact service, relative paths against the working
 * folder), and added to that request's `locals.services` as `staff`, beside what dev-contact.ts put
 * there. The production build never contains it.
 */
export default function devStaff(): AstroIntegration {
	return {
		name: 'dev-staff',
		hooks: {
			'astro:server:setup': ({ server, logger }) => {
				let service: Promise<StaffService> | undefined;
				server.middlewares.use((req, _res, next) => {
					if (!/^\/(api\/)?gestione(\/|\?|#|$)/.test(req.url ?? '')) return next();
					service ??= Promise.all([
						server.ssrLoadModule('/src/server/staff/index.ts') as Promise<StaffModule>,
						server.ssrLoadModule('/src/server/services/index.ts') as Promise<ServicesModule>,
					]).then(([module, services]) =>
						module.createStaffServiceFromEnv(process.env, process.cwd(), services.REGISTRY),
					);
					service.then(
						(staff) => {
							const locals: unknown = Reflect.get(req, LOCALS);
							const known = typeof locals === 'object' && locals !== null ? locals : {};
							const services: unknown = Reflect.get(known, 'services');
							Reflect.set(req, LOCALS, {
								...known,
								services: { ...(typeof services === 'object' ? services : {}), staff },
							});
							next();
						},
						(error: unknown) => {
							service = undefined;
							logger.error(
								`Staff area: service unavailable: ${error instanceof Error ? error.message : String(error)}`,
							);
							next();
						},
					);
				});
				server.httpServer?.once('close', () => {
					void service?.then((staff) => staff.close()).catch(() => undefined);
				});
			},
		},
	};
}
