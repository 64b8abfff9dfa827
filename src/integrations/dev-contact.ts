import type { AstroIntegration } from 'astro';
import type { ContactService } from '../server/contact/service';

/** Where Astro's dev server reads a request's `locals` (Symbol.for('astro.locals') in Astro). */
const LOCALS = Symbol.for('astro.locals');

type ServiceModule = typeof import('../server/contact/service');

/**
 * The contact service under `astro dev`, where the production server (src/server/main.ts) does
 * not run: created from the environment on the first /api/ request, one per dev server (relative
 * paths resolve against the working folder), and handed to Astro as `locals.contact`, as the
 * server does. The production build never contains it: only the dev server loads this module.
 */
export default function devContact(): AstroIntegration {
	return {
		name: 'dev-contact',
		hooks: {
			'astro:server:setup': ({ server, logger }) => {
				let service: Promise<ContactService> | undefined;
				server.middlewares.use((req, _res, next) => {
					if (!req.url?.startsWith('/api/')) return next();
					service ??= server.ssrLoadModule('/src/server/contact/service.ts').then((module) => {
						const { createContactServiceFromEnv } = module as ServiceModule;
						const created = createContactServiceFromEnv(process.env, process.cwd());
						created.start();
						return created;
					});
					service.then(
						(contact) => {
							Reflect.set(req, LOCALS, { contact });
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
					void service?.then((contact) => contact.close()).catch(() => undefined);
				});
			},
		},
	};
}
