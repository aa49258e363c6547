/**
 * axe-core on a page as it is now, for every browser test that checks accessibility: one line per
 * violation ("<rule> (<impact>): <help> — <up to five elements>"), so `toEqual([])` fails naming them.
 *
 * A page without frames is checked in axe's legacy mode: axe runs once, in the page. The default
 * mode runs in every frame and then opens a second page to merge the frames' results, which took two
 * to three times as long per check on this machine (4.5 s against 10–13 s at load 11; 40 checks in
 * test/e2e/site-a11y.test.ts alone). A page with frames gets the default mode, which sees into them.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

export async function axeViolations(page: Page): Promise<string[]> {
  const withoutFrames = page.frames().length === 1;
  const results = await new AxeBuilder({ page }).setLegacyMode(withoutFrames).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(" "))
        .join(", ")}`,
  );
}
