import type { AstroIntegration } from 'astro';
import type { StaffService } from '../server/staff/service';

/** Where Astro's dev server reads a request's `locals` (Symbol.for('astro.locals') in Astro). */
const LOCALS = Symbol.for('astro.locals');

type StaffModule = typeof import('../server/staff/service');

/**
 * The staff area's service under `astro dev`, where the production server (src/server/main.ts)
 * does not run: created from the environment on the first request under /gestione or
 * /api/gestione (the same database as the contact service, relative paths against the working
 * folder), and added to that request's `locals` as `staff`, beside what dev-contact.ts put
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
					service ??= (
						server.ssrLoadModule('/src/server/staff/service.ts') as Promise<StaffModule>
					).then((module) => module.createStaffServiceFromEnv(process.env, process.cwd()));
					service.then(
						(staff) => {
							const locals: unknown = Reflect.get(req, LOCALS);
							Reflect.set(req, LOCALS, { ...(typeof locals === 'object' ? locals : {}), staff });
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
