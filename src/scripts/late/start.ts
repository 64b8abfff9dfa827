import { afterLoadAndPaint, runLateParts } from '../../lib/late/run';
import { LATE_PARTS } from './parts';

/**
 * The layout's script (BaseLayout.astro): the page parts of LATE_PARTS, after the first paint.
 * The built pages do not load it before then: the inline script «avvio» imports it once the page
 * is drawn and loaded, at the first idle moment or the visitor's first use of the page
 * (src/integrations/late-script.ts). A page rendered on demand loads it as a module script; it
 * waits for the same moment here.
 */
void afterLoadAndPaint().then(() => runLateParts(LATE_PARTS));
