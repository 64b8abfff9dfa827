// @ts-check
// Two rules of the W3C Nu HTML Checker that html-validate lacks, as an html-validate plugin
// (.htmlvalidate.mjs): a URL attribute holds no raw space, and a srcset with width descriptors
// comes with `sizes`, in a <picture> for every source and the img alike.
import { Rule } from 'html-validate';

/** Attributes whose value is one URL. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'poster', 'cite', 'data']);

/** `href="data:image/svg+xml,<svg viewBox='0 0 64 64'>"`: a URL may not hold a raw space. */
class NoSpaceInUrl extends Rule {
	/** @override */
	documentation() {
		return { description: 'A URL may not contain a raw space: escape it as %20.' };
	}

	/** @override */
	setup() {
		this.on('attr', (event) => {
			if (!URL_ATTRIBUTES.has(event.key) || typeof event.value !== 'string') return;
			if (/\s/.test(event.value.trim())) {
				this.report(
					event.target,
					`"${event.key}" holds a raw space, not allowed in a URL`,
					event.valueLocation,
				);
			}
		});
	}
}

/** A srcset candidate with a width descriptor: `image.webp 640w`. */
const WIDTH_DESCRIPTOR = /\s\d+w\s*(,|$)/;

/**
 * `srcset="a.webp 640w, b.webp 960w"` needs `sizes`; in a <picture>, when any candidate of its
 * sources or img has a width descriptor, every element there with a srcset needs `sizes` (the Nu
 * checker's reading).
 */
class SrcsetNeedsSizes extends Rule {
	/** @override */
	documentation() {
		return { description: 'A srcset with width descriptors needs a sizes attribute.' };
	}

	/** @override */
	setup() {
		this.on('dom:ready', ({ document }) => {
			for (const element of document.querySelectorAll('[srcset]')) {
				const parent = element.parent;
				const group =
					parent?.tagName === 'picture' ? parent.querySelectorAll('[srcset]') : [element];
				const widths = group.some((member) =>
					WIDTH_DESCRIPTOR.test(String(member.getAttributeValue('srcset') ?? '')),
				);
				if (widths && !element.hasAttribute('sizes')) {
					this.report(element, 'srcset with width descriptors and no "sizes" attribute');
				}
			}
		});
	}
}

/** @type {import('html-validate').Plugin} */
export default {
	name: 'nu',
	rules: { 'nu/no-space-in-url': NoSpaceInUrl, 'nu/srcset-needs-sizes': SrcsetNeedsSizes },
};
