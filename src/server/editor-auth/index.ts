/**
 * The editor's sign-in with GitHub (github.ts), as the rest of the server sees it: its settings
 * from the environment, and the two steps of the sign-in that /api/auth and /api/auth/callback
 * answer. Every other folder asks through this face.
 */
export { finishSignIn, oauthSettingsFromEnv, startSignIn, type OAuthSettings } from './github';
