/** The canonical form of a page path: no ".html", no trailing slash (except the home page). */
export function canonicalPath(pathname: string): string {
	let path = pathname.replace(/\.html$/, '').replace(/\/index$/, '/');
	if (path.length > 1) path = path.replace(/\/+$/, '');
	return path || '/';
}

/** The absolute canonical URL of a page path on the public site. */
export function canonicalUrl(pathname: string, site: URL | string): string {
	return new URL(canonicalPath(pathname), site).href;
}
