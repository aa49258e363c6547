import { describe, expect, it } from "vitest";
import { renderHtml, textOf } from "../../components/marketing/render.test-util";
import { loadAllIslands } from "../../routing/deferred";
import ReportsInsights, { meta } from "./ReportsInsights";
import { REPORT_TYPES } from "./reports-insights/reports";

// Everything below the hero is an island: prerendering loads its module first, and so do we.
await loadAllIslands();

describe("Reports & Insights page", () => {
  const html = renderHtml(<ReportsInsights />);

  it("has one h1 and a real title and description", () => {
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(meta.title).toBe("Reports & Insights");
    expect(meta.description.length).toBeGreaterThan(100);
  });

  it("renders the report builder: four report types, two dated inputs, three checkboxes, Generate Report", () => {
    const form = html.slice(html.indexOf("<form"), html.indexOf("</form>"));
    const options = [...form.matchAll(/<option[^>]*>([^<]+)</g)].map((match) => match[1]);
    expect(options).toEqual([...REPORT_TYPES]);
    expect(form.match(/type="date"/g)).toHaveLength(2);
    expect(form).toContain('value="2026-01-01"');
    expect(form).toContain('value="2026-09-30"');
    expect(form.match(/type="checkbox"/g)).toHaveLength(3);
    expect(textOf(form)).toContain("Generate Report");
    // every control has a label pointing at it, or sits inside one
    for (const match of form.matchAll(/<(?:select|input)[^>]*id="([^"]+)"/g)) {
      expect(form).toContain(`for="${match[1]}"`);
    }
  });

  it("offers PDF, Excel and CSV export and the closing calls to action", () => {
    expect(textOf(html)).toContain("Export as PDF, Excel or CSV");
    expect(html).toMatch(/href="\/signup"[^>]*>Start Free Trial</);
    expect(html).toMatch(/href="\/contact\?subject=demo"[^>]*>Request a Demo</);
  });
});
