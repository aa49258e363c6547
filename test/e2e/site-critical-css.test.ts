/**
 * The inline rules of each public page (infra/site/critical-css.ts) style its first screen: in
 * Chromium, every element before the page's first later block (LATER_BLOCK_ATTRIBUTE) has the same
 * box and look when the page first parses (inline rules only: the site's stylesheet is still in
 * the inert template) as after the entry has added the whole stylesheet and the app has hydrated.
 * A rule missing from the inline text would show here as a moved or restyled element — a layout
 * shift after the first paint (docs/decisions/0105-paint-before-hydration.md). The later blocks
 * wait, hidden at their stand-in height, for the whole stylesheet; the first of them reaches past
 * the bottom of the first screen, so showing them moves nothing in view
 * (docs/decisions/0113-first-paint-in-the-first-round-trip.md).
 */
import { describe, expect, it } from "vitest";
import {
  LATER_BLOCK_ATTRIBUTE,
  STYLES_PENDING_ATTRIBUTE,
  STYLES_PENDING_CAP_MS,
} from "../../web/src/boot/afterPaintResources";
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

/** The first later block, when the page first parses and once the whole stylesheet applies. */
interface LaterBlock {
  readonly top: number;
  readonly bottom: number;
  readonly contentVisibility: string;
  readonly pending: boolean;
}

declare global {
  interface Window {
    __firstParse?: {
      elements: Element[];
      looks: Look[];
      stylesheets: number;
      later: LaterBlock | null;
      viewportHeight: number;
    };
  }
}

/** What one evaluate in the page answers: the counts, and only the elements whose look changed. */
interface Comparison {
  readonly stylesheetsAtFirstParse: number;
  readonly elements: number;
  readonly differences: string[];
  readonly viewportHeight: number;
  readonly laterAtFirstParse: LaterBlock | null;
  readonly laterAfter: LaterBlock | null;
}

async function compareBeforeAndAfter(
  path: string,
  viewport: { width: number; height: number },
): Promise<Comparison> {
  const watched = await site.open(viewport);
  try {
    await watched.page.addInitScript(
      ({ properties, laterAttribute, pendingAttribute, loaderCapMs }) => {
        // The entry loader's fallback, which shows the later blocks after its cap whatever
        // happened, never fires here: the attribute can only go because the entry removed it once
        // the stylesheet settled, however slow a busy machine makes the page.
        const setTimer = window.setTimeout.bind(window);
        window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) =>
          delay === loaderCapMs && String(handler).includes("removeAttribute")
            ? 0
            : setTimer(handler, delay, ...rest)) as typeof window.setTimeout;
        const describe = (element: Element, index: number): Look => {
          const rect = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          // What holds a later block is as tall as that block, which is its stand-in height while
          // it waits and its own once shown: the height of such an element is not compared.
          const holdsLater = element.querySelector(`[${laterAttribute}]`) !== null;
          const box = [rect.x, rect.y, rect.width, holdsLater ? "-" : rect.height]
            .map((value) => (typeof value === "number" ? Math.round(value) : value))
            .join(",");
          return {
            path: `${index}:${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""}`,
            look: `${box} ${properties.map((name) => style.getPropertyValue(name)).join("|")}`,
          };
        };
        const firstLater = () => document.querySelector(`[${laterAttribute}]`);
        const laterBlock = (): LaterBlock | null => {
          const block = firstLater();
          return block
            ? {
                top: Math.round(block.getBoundingClientRect().top),
                bottom: Math.round(block.getBoundingClientRect().bottom),
                contentVisibility: getComputedStyle(block).getPropertyValue("content-visibility"),
                pending: document.documentElement.hasAttribute(pendingAttribute),
              }
            : null;
        };
        /** The first screen: every element before the first later block. */
        const firstScreen = () => {
          const block = firstLater();
          return [...document.body.querySelectorAll("*")].filter(
            (element) => !block || block.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING,
          );
        };
        Object.assign(window, { __describe: describe, __laterBlock: laterBlock });
        // Blocks below the first screen skip their layout until shown (content-visibility: auto,
        // decision 0107), and the browser decides which are near the viewport only when it renders a
        // frame, after DOMContentLoaded. Laid out in full both times, every element is compared. (A
        // constructed stylesheet is CSSOM, which the page's style-src does not govern.)
        const full = new CSSStyleSheet();
        full.replaceSync(`:not([${laterAttribute}]) { content-visibility: visible !important; }`);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, full];
        document.addEventListener("DOMContentLoaded", () => {
          const elements = firstScreen();
          window.__firstParse = {
            elements,
            looks: elements.map(describe),
            // A <noscript> link is text while scripts run, not an element: not counted.
            stylesheets: document.querySelectorAll('link[rel="stylesheet"]').length,
            later: laterBlock(),
            viewportHeight: window.innerHeight,
          };
        });
      },
      {
        properties: PROPERTIES,
        laterAttribute: LATER_BLOCK_ATTRIBUTE,
        pendingAttribute: STYLES_PENDING_ATTRIBUTE,
        loaderCapMs: STYLES_PENDING_CAP_MS,
      },
    );
    await watched.page.goto(`${site.runtime.url}${path}`);
    await waitForHydration(watched.page);
    await watched.page.waitForFunction(() =>
      [...document.styleSheets].some((sheet) => sheet.href?.includes("/assets/") === true),
    );
    // The later blocks show a frame after the stylesheet applies.
    await watched.page.waitForFunction(
      (pending) => !document.documentElement.hasAttribute(pending),
      STYLES_PENDING_ATTRIBUTE,
    );
    // Compared in the page, element by element: only the elements that differ cross to the test
    // (the whole page's looks, twice, took a page's time to transfer and compare here).
    const comparison = await watched.page.evaluate((): Comparison => {
      const first = window.__firstParse;
      if (!first) throw new Error("DOMContentLoaded was not observed");
      const { __describe: describe, __laterBlock: laterBlock } = window as unknown as {
        __describe: (element: Element, index: number) => Look;
        __laterBlock: () => LaterBlock | null;
      };
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
      return {
        stylesheetsAtFirstParse: first.stylesheets,
        elements: first.looks.length,
        differences,
        viewportHeight: first.viewportHeight,
        laterAtFirstParse: first.later,
        laterAfter: laterBlock(),
      };
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
    "%s: its first screen looks the same from its inline rules as with the whole stylesheet",
    async (path, { expect }) => {
      const results = await Promise.all(
        [PHONE, DESKTOP].map((viewport) => compareBeforeAndAfter(path, viewport)),
      );
      for (const result of results) {
        // The comparison means something only if the first look had no stylesheet but the inline one.
        expect(result.stylesheetsAtFirstParse).toBe(0);
        expect(result.elements).toBeGreaterThan(20);
        expect(result.differences).toEqual([]);
        // Every page ends with the footer, a later block: while the stylesheet is pending each
        // waits hidden at its stand-in height, and shows once the stylesheet applies.
        expect(result.laterAtFirstParse).toEqual({
          top: expect.any(Number),
          bottom: expect.any(Number),
          contentVisibility: "hidden",
          pending: true,
        });
        // The first one may start in view (below a short hero on a desktop), but then it reaches
        // past the bottom of the screen: whatever height it takes when shown, nothing in view moves.
        expect(result.laterAtFirstParse?.bottom).toBeGreaterThanOrEqual(result.viewportHeight);
        expect(result.laterAfter).toEqual({
          top: expect.any(Number),
          bottom: expect.any(Number),
          contentVisibility: "auto",
          pending: false,
        });
      }
    },
  );
});

describe("without JavaScript", () => {
  it.concurrent.for([...PUBLIC_PATHS, "/no-such-page"])(
    "%s gets the whole stylesheet from its <noscript> link and shows every block",
    async (path, { expect }) => {
      const watched = await site.open(PHONE);
      const browser = watched.context.browser();
      if (!browser) throw new Error("no browser");
      const still = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
      try {
        const page = await still.newPage();
        await page.goto(`${site.runtime.url}${path}`);
        const state = await page.evaluate((laterAttribute) => {
          const sheets = [...document.styleSheets].filter((sheet) => sheet.href?.includes("/assets/"));
          const later = [...document.querySelectorAll(`[${laterAttribute}]`)];
          return {
            rulesFromTheSheet: sheets.map((sheet) => sheet.cssRules.length > 0),
            laterBlocks: later.length,
            hiddenBlocks: later.filter(
              (block) => getComputedStyle(block).getPropertyValue("content-visibility") === "hidden",
            ).length,
          };
        }, LATER_BLOCK_ATTRIBUTE);
        expect(state.rulesFromTheSheet).toEqual([true]);
        expect(state.laterBlocks).toBeGreaterThan(0);
        expect(state.hiddenBlocks).toBe(0);
      } finally {
        await still.close();
        await watched.close();
      }
    },
  );
});
