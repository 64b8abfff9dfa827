import type { APIRoute } from 'astro';
import { startSignIn } from '../../server/services/routes';

/** The editor's sign-in with GitHub, first step (src/server/editor-auth/github.ts). */
export const prerender = false;

export const GET: APIRoute = ({ request, locals }) =>
	startSignIn(request, locals.services?.editorAuth ?? null);
