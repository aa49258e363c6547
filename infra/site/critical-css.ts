/**
 * The rules a set of prerendered pages needs for its first screen, taken from the site's one
 * stylesheet by beasties (a maintained critical-CSS extractor: it keeps every rule whose selector
 * matches an element of the document, with its media query, keyframes and hover/focus states).
 * What is inside a block below the first screen (LATER_BLOCK_ATTRIBUTE) is left to the whole
 * stylesheet, which arrives after the first paint; the block's own box is styled, and it waits
 * hidden (LATER_BLOCKS_WAIT_RULE) until then (docs/decisions/0113-first-paint-in-the-first-round-trip.md).
 * Pages of one family share one text, so the Content-Security-Policy lists one hash per family
 * instead of one per page (docs/decisions/0105-paint-before-hydration.md).
 */
import Beasties from "beasties";
import type { ChildNode } from "domhandler";
import { parseDocument } from "htmlparser2";
import { LATER_BLOCK_ATTRIBUTE, LATER_BLOCKS_WAIT_RULE } from "../../web/src/boot/afterPaintResources";

const BODY = /<body([^>]*)>([\s\S]*)<\/body>/;

/** The body of a page, whole; a page without one is refused (nothing could be matched). */
function bodyOf(html: string): { attributes: string; content: string } {
  const match = BODY.exec(html);
  if (!match) throw new Error("A prerendered page has no <body>");
  return { attributes: match[1] ?? "", content: match[2] ?? "" };
}

/**
 * `html` without what is inside its later blocks: each block's start and end tag stay, with nothing
 * between them. The offsets are the parser's, so the rest of the text is kept byte for byte.
 */
export function firstScreenOf(html: string): { html: string; laterBlocks: number } {
  const document = parseDocument(html, { withStartIndices: true, withEndIndices: true });
  const cuts: { from: number; to: number }[] = [];
  let laterBlocks = 0;
  const visit = (nodes: readonly ChildNode[]) => {
    for (const node of nodes) {
      if (node.type !== "tag" && node.type !== "script" && node.type !== "style") continue;
      if (node.attribs[LATER_BLOCK_ATTRIBUTE] === undefined) {
        visit(node.children);
        continue;
      }
      const first = node.children[0];
      const last = node.children.at(-1);
      // endIndex is the offset of a node's last character.
      if (first?.startIndex != null && last?.endIndex != null)
        cuts.push({ from: first.startIndex, to: last.endIndex + 1 });
      laterBlocks += 1;
    }
  };
  visit(document.children);
  let result = html;
  for (const { from, to } of cuts.reverse()) result = result.slice(0, from) + result.slice(to);
  return { html: result, laterBlocks };
}

/**
 * The critical CSS of `pages` (whole HTML documents that link the stylesheet at `stylesheetHref`,
 * served from `outDir`): the rules any of them needs, in the stylesheet's order.
 */
export async function criticalCss(pages: readonly string[], outDir: string): Promise<string> {
  const [first] = pages;
  if (first === undefined) throw new Error("criticalCss needs at least one page");
  const firstBody = bodyOf(first);
  const screens = pages.map(firstScreenOf);
  // One document holding every page's first screen: a rule is kept if it matches an element of any.
  const union = first.replace(
    BODY,
    () =>
      `<body${firstBody.attributes}>${screens.map((screen) => bodyOf(screen.html).content).join("\n")}</body>`,
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
  const rules = (styles[0] as string).trim();
  return screens.some((screen) => screen.laterBlocks > 0) ? `${rules}${LATER_BLOCKS_WAIT_RULE}` : rules;
}
