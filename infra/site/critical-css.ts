/**
 * The rules a set of prerendered pages needs for what its markup shows, taken from the site's one
 * stylesheet by beasties (a maintained critical-CSS extractor: it keeps every rule whose selector
 * matches an element of the document, with its media query, keyframes and hover/focus states).
 * Pages of one family share one text, so the Content-Security-Policy lists one hash per family
 * instead of one per page (docs/decisions/0105-paint-before-hydration.md).
 */
import Beasties from "beasties";

const BODY = /<body([^>]*)>([\s\S]*)<\/body>/;

/** The body of a page, whole; a page without one is refused (nothing could be matched). */
function bodyOf(html: string): { attributes: string; content: string } {
  const match = BODY.exec(html);
  if (!match) throw new Error("A prerendered page has no <body>");
  return { attributes: match[1] ?? "", content: match[2] ?? "" };
}

/**
 * The critical CSS of `pages` (whole HTML documents that link the stylesheet at `stylesheetHref`,
 * served from `outDir`): the rules any of them needs, in the stylesheet's order.
 */
export async function criticalCss(pages: readonly string[], outDir: string): Promise<string> {
  const [first] = pages;
  if (first === undefined) throw new Error("criticalCss needs at least one page");
  const firstBody = bodyOf(first);
  // One document holding every page's body: a rule is kept if it matches an element of any page.
  const union = first.replace(
    BODY,
    () => `<body${firstBody.attributes}>${pages.map((page) => bodyOf(page).content).join("\n")}</body>`,
  );
  const beasties = new Beasties({
    path: outDir,
    publicPath: "/",
    // Only the inlined text is taken: the build itself rewrites the stylesheet link.
    pruneSource: false,
    reduceInlineStyles: false,
    compress: true,
    logLevel: "warn",
  });
  const processed = await beasties.process(union);
  const styles = [...processed.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? "");
  if (styles.length !== 1) throw new Error(`Expected one critical stylesheet, got ${styles.length}`);
  return (styles[0] as string).trim();
}
