// @ts-check
// The last page of the editor's sign-in with GitHub (src/server/oauth/github.ts): hands its
// result to the editor (/admin) that opened this window, in the exchange Sveltia CMS expects.
// This window first says `authorizing:github` to its opener; only when a window of this very
// site answers with the same words does it post the result, addressed to this site's origin
// alone, so no other site can ever receive the token.
(() => {
	const element = document.getElementById('sign-in-result');
	/** @type {{ provider?: string, token?: string, error?: string }} */
	const result = JSON.parse(element?.textContent || '{}');
	const provider = result.provider || 'github';
	const outcome = result.token ? 'success' : 'error';
	const origin = window.location.origin;
	const opener = window.opener;
	if (!opener) return;
	window.addEventListener('message', (event) => {
		if (event.origin !== origin || event.source !== opener) return;
		if (event.data !== `authorizing:${provider}`) return;
		opener.postMessage(`authorization:${provider}:${outcome}:${JSON.stringify(result)}`, origin);
	});
	opener.postMessage(`authorizing:${provider}`, origin);
})();
