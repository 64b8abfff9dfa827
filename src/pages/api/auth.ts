import type { APIRoute } from 'astro';
import { startSignIn } from '../../server/oauth/github';

/** The editor's sign-in with GitHub, first step (src/server/oauth/github.ts). */
export const prerender = false;

export const GET: APIRoute = ({ request, locals }) => startSignIn(request, locals.oauth ?? null);
