/**
 * The site's public address when nothing else names it: astro.config.mjs builds with it unless
 * SITE_URL says otherwise, and the pages, the e-mails' links and the staff's links fall back to
 * it. Written once, here.
 */
export const SITE_ORIGIN = 'https://www.vigorsport.it';
