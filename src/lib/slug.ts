/**
 * What a slug or an id is, everywhere the site names a thing by one (a product, a category, a
 * shop, a variant): small letters and digits, in groups joined by single hyphens
 * ('whey-concentrate-80'). The content schemas refuse any other, and the server and the
 * browser's stored data check against the same rule.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
