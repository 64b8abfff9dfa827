import type { APIRoute } from 'astro';
import { finishSignIn } from '../../../server/services/routes';

/** The editor's sign-in with GitHub, GitHub's way back (src/server/editor-auth/github.ts). */
export const prerender = false;

export const GET: APIRoute = ({ request, locals }) =>
	finishSignIn(request, locals.services?.editorAuth ?? null);
