/**
 * axe-core on a page as it is now, for every browser test that checks accessibility: one line per
 * violation ("<rule> (<impact>): <help> — <up to five elements>"), so `toEqual([])` fails naming them.
 *
 * A page without frames is checked in axe's legacy mode: axe runs once, in the page. The default
 * mode runs in every frame and then opens a second page to merge the frames' results, which took two
 * to three times as long per check on this machine (4.5 s against 10–13 s at load 11; 40 checks in
 * test/e2e/site-a11y.test.ts alone). A page with frames gets the default mode, which sees into them.
 *
 * In legacy mode the page gets axe's source once (AxeBuilder evaluated all 550 KB of it twice per
 * check), axe runs every rule as before but reports only the violations (`resultTypes`: the passes,
 * incomplete and inapplicable results keep one element each instead of all, so no selector is built
 * for the rest; axe-core's API documentation, "Performance"), and only the violations cross to the
 * test (AxeBuilder sent all the results, 460 KB on `/`). Measured on `/` at 1280 px, load 9–13: 7.4 s
 * per check with AxeBuilder, 3.5 s so (docs/decisions/0106-test-run-wall-time.md).
 */
import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
import type { Page } from "playwright-core";

/** What axe reports, only the violations: every rule still runs on every element. */
const RUN_OPTIONS: axe.RunOptions = { resultTypes: ["violations"] };

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

function describeViolation(violation: AxeViolation): string {
  return `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
    .slice(0, 5)
    .map((node) => node.target.join(" "))
    .join(", ")}`;
}

export async function axeViolations(page: Page): Promise<string[]> {
  if (page.frames().length !== 1) {
    const results = await new AxeBuilder({ page }).options(RUN_OPTIONS).analyze();
    return results.violations.map(describeViolation);
  }
  // Once per document: a navigation gives the page a new window without axe.
  const injected = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object");
  if (!injected) {
    await page.evaluate(axe.source);
    // What AxeBuilder's legacy mode configures: frames of the same origin only, its own name.
    await page.evaluate(() =>
      (window as unknown as { axe: typeof axe }).axe.configure({
        allowedOrigins: ["<same_origin>"],
        branding: { application: "playwright" },
      }),
    );
  }
  const violations = await page.evaluate(async (options) => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, options);
    // Only what a line names crosses to the test.
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.slice(0, 5).map(({ target }) => ({ target: [...target] })),
    }));
  }, RUN_OPTIONS);
  return violations.map(describeViolation);
}
