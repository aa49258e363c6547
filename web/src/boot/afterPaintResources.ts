/**
 * What a public page needs only once it is visible: the site's whole stylesheet and the app's
 * chunks. The build puts their links in an inert <template> (a template's content is never
 * fetched), so the first paint needs the HTML response alone; the entry moves them into the
 * document after that paint (docs/decisions/0105-paint-before-hydration.md). Without JavaScript
 * the page's inline rules style everything it can show.
 */
export const AFTER_PAINT_ATTRIBUTE = "data-after-paint";

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
  return settledWithin(Promise.all(loaded), STYLESHEET_WAIT_MS);
}
