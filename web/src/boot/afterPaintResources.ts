/**
 * What a public page needs only once it is visible: the site's whole stylesheet and the app's
 * chunks. The build puts their links in an inert <template> (a template's content is never
 * fetched), so the first paint needs the HTML response alone; the entry moves them into the
 * document after that paint (docs/decisions/0105-paint-before-hydration.md). The page's inline
 * rules style its first screen; without JavaScript a <noscript> link in <head> brings the whole
 * stylesheet instead (docs/decisions/0113-first-paint-in-the-first-round-trip.md).
 */
export const AFTER_PAINT_ATTRIBUTE = "data-after-paint";

/**
 * Marks a block below the first screen (the blocks with `content-visibility: auto`, decision 0107):
 * the page's inline rules style the block's own box but not what is in it, which the whole
 * stylesheet styles once it has loaded (docs/decisions/0113-first-paint-in-the-first-round-trip.md).
 */
export const LATER_BLOCK_ATTRIBUTE = "data-later";
export const LATER_BLOCK_PROPS = { [LATER_BLOCK_ATTRIBUTE]: "" } as const;

/**
 * On <html> while the whole stylesheet may still be on its way: set by the entry loader (so never
 * without JavaScript, where a <noscript> link brings the stylesheet instead), removed once the
 * stylesheet has loaded or failed, and after STYLES_PENDING_CAP_MS in any case.
 */
export const STYLES_PENDING_ATTRIBUTE = "data-styles-pending";
export const STYLES_PENDING_CAP_MS = 5_000;

/**
 * The last inline rule: while the stylesheet is pending, a later block keeps its stand-in height
 * and shows nothing of its still unstyled content. Its specificity is one class, the same as the
 * blocks' own `content-visibility: auto`, so the whole stylesheet, linked after the inline rules,
 * overrides it the moment it applies.
 */
export const LATER_BLOCKS_WAIT_RULE = `:where([${STYLES_PENDING_ATTRIBUTE}]) [${LATER_BLOCK_ATTRIBUTE}]{content-visibility:hidden}`;

/** A stylesheet request that stalls (neither load nor error) must not keep the app from starting. */
export const STYLESHEET_WAIT_MS = 3_000;

/** `promise`, or nothing after `ms`, whichever comes first. */
export function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return Promise.race([
    promise.then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, ms)),
  ]);
}

/**
 * Moves the templates' links into <head>; resolves when their stylesheets have loaded (or failed,
 * or STYLESHEET_WAIT_MS have passed), so that nothing the app renders (a dialog, the consent
 * banner) shows before its rules apply.
 */
export function loadAfterPaintResources(): Promise<void> {
  const loaded: Promise<void>[] = [];
  for (const template of document.querySelectorAll<HTMLTemplateElement>(
    `template[${AFTER_PAINT_ATTRIBUTE}]`,
  )) {
    const content = template.content.cloneNode(true) as DocumentFragment;
    for (const link of content.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
      loaded.push(
        new Promise((settle) => {
          link.addEventListener("load", () => settle(), { once: true });
          link.addEventListener("error", () => settle(), { once: true });
        }),
      );
    }
    document.head.append(content);
    template.remove();
  }
  return settledWithin(Promise.all(loaded), STYLESHEET_WAIT_MS).then(() =>
    document.documentElement.removeAttribute(STYLES_PENDING_ATTRIBUTE),
  );
}
