// @ts-check
// Logo and favicon (plain SVG files, text kept as text).

export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 64" width="256" height="64" role="img" aria-labelledby="logo-title">
	<title id="logo-title">Vigor Sport</title>
	<rect width="256" height="64" rx="14" fill="#27272a"/>
	<rect x="8" y="8" width="48" height="48" rx="10" fill="#facc15"/>
	<polygon points="17.6,18.6 26.2,18.6 32,35.8 37.8,18.6 46.4,18.6 36.3,46.4 27.7,46.4" fill="#27272a"/>
	<text x="70" y="42.5" textLength="170" lengthAdjust="spacingAndGlyphs" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" font-size="30" font-weight="800"><tspan fill="#ffffff">Vigor</tspan><tspan fill="#facc15"> Sport</tspan></text>
</svg>
`;

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
	<rect width="64" height="64" rx="14" fill="#27272a"/>
	<polygon points="11,13 22.5,13 32,41 41.5,13 53,13 39,52 25,52" fill="#facc15"/>
</svg>
`;
