/**
 * The inline rules of each public page (infra/site/critical-css.ts) style everything its HTML
 * shows: in Chromium, every element of the prerendered page has the same box and look when the
 * page first parses (inline rules only: the site's stylesheet is still in the inert template) as
 * after the entry has added the whole stylesheet and the app has hydrated. A rule missing from the
 * inline text would show here as a moved or restyled element — a layout shift after the first
 * paint, or an unstyled page without JavaScript (docs/decisions/0105-paint-before-hydration.md).
 */
import { describe, expect, it } from "vitest";
import { PUBLIC_PATHS } from "../../web/src/public-paths";
import { DESKTOP, PHONE, siteFixture, waitForHydration } from "./site-support";

const site = siteFixture();

/** What is compared per element: its box (rounded to a pixel) and the properties a missing rule changes. */
const PROPERTIES = [
  "display",
  "position",
  "color",
  "background-color",
  "font-size",
  "font-weight",
  "line-height",
  "margin",
  "padding",
  "border-width",
  "visibility",
] as const;

interface Look {
  readonly path: string;
  readonly look: string;
}

declare global {
  interface Window {
    __firstParse?: { elements: Element[]; looks: Look[]; stylesheets: number };
  }
}

/** What one evaluate in the page answers: the counts, and only the elements whose look changed. */
interface Comparison {
  readonly stylesheetsAtFirstParse: number;
  readonly elements: number;
  readonly differences: string[];
}

async function compareBeforeAndAfter(
  path: string,
  viewport: { width: number; height: number },
): Promise<Comparison> {
  const watched = await site.open(viewport);
  try {
    await watched.page.addInitScript((properties: readonly string[]) => {
      const describe = (element: Element, index: number): Look => {
        const rect = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const box = [rect.x, rect.y, rect.width, rect.height].map(Math.round).join(",");
        return {
          path: `${index}:${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""}`,
          look: `${box} ${properties.map((name) => style.getPropertyValue(name)).join("|")}`,
        };
      };
      (window as unknown as { __describe: typeof describe }).__describe = describe;
      // Blocks below the first screen skip their layout until shown (content-visibility: auto,
      // decision 0107), and the browser decides which are near the viewport only when it renders a
      // frame, after DOMContentLoaded. Laid out in full both times, every element is compared. (A
      // constructed stylesheet is CSSOM, which the page's style-src does not govern.)
      const full = new CSSStyleSheet();
      full.replaceSync("* { content-visibility: visible !important; }");
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, full];
      document.addEventListener("DOMContentLoaded", () => {
        const elements = [...document.body.querySelectorAll("*")];
        window.__firstParse = {
          elements,
          looks: elements.map(describe),
          stylesheets: document.querySelectorAll('link[rel="stylesheet"]').length,
        };
      });
    }, PROPERTIES);
    await watched.page.goto(`${site.runtime.url}${path}`);
    await waitForHydration(watched.page);
    await watched.page.waitForFunction(() =>
      [...document.styleSheets].some((sheet) => sheet.href?.includes("/assets/") === true),
    );
    // Compared in the page, element by element: only the elements that differ cross to the test
    // (the whole page's looks, twice, took a page's time to transfer and compare here).
    const comparison = await watched.page.evaluate((): Comparison => {
      const first = window.__firstParse;
      if (!first) throw new Error("DOMContentLoaded was not observed");
      const describe = (window as unknown as { __describe: (element: Element, index: number) => Look })
        .__describe;
      const differences: string[] = [];
      first.elements.forEach((element, index) => {
        const before = first.looks[index] as Look;
        const after = element.isConnected ? describe(element, index) : { path: "(replaced)", look: "" };
        if (before.path !== after.path || before.look !== after.look) {
          differences.push(
            `${before.path}\n    before: ${before.look}\n    after:  ${after.path} ${after.look}`,
          );
        }
      });
      return { stylesheetsAtFirstParse: first.stylesheets, elements: first.looks.length, differences };
    });
    // The unknown path's own 404 status is the only message a page may log.
    const expected = path === "/no-such-page" ? [/status of 404/] : [];
    expect(watched.problems.filter((problem) => !expected.some((allowed) => allowed.test(problem)))).toEqual(
      [],
    );
    return comparison;
  } finally {
    await watched.close();
  }
}

describe("every public page and the 404 page, on a phone and on a desktop", () => {
  // Concurrently (five at a time): a page's time is mostly loading and hydrating.
  it.concurrent.for([...PUBLIC_PATHS, "/no-such-page"])(
    "%s looks the same from its inline rules as with the whole stylesheet",
    async (path, { expect }) => {
      const results = await Promise.all(
        [PHONE, DESKTOP].map((viewport) => compareBeforeAndAfter(path, viewport)),
      );
      for (const { stylesheetsAtFirstParse, elements, differences } of results) {
        // The comparison means something only if the first look had no stylesheet but the inline one.
        expect(stylesheetsAtFirstParse).toBe(0);
        expect(elements).toBeGreaterThan(20);
        expect(differences).toEqual([]);
      }
    },
  );
});
