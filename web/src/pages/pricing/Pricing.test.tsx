import { beforeAll, describe, expect, it } from "vitest";
import { renderHtml, textOf } from "../../components/marketing/render.test-util";
import { loadAllIslands } from "../../routing/deferred";
import Pricing from "../Pricing";

describe("Pricing page (prerendered)", () => {
  let html = "";
  let text = "";
  beforeAll(async () => {
    await loadAllIslands(); // as the prerender step does, so that the FAQ and CTA island render in full
    html = renderHtml(<Pricing />);
    text = textOf(html);
  });

  it("has one h1, the three plans with Independent Rep marked Most Popular, and the closing CTA", () => {
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(text).toContain("Manufacturer's Rep $79/month");
    expect(text).toContain("Most Popular Independent Rep $149/month");
    expect(text).toContain("Agency $349/month");
    expect(text).toContain("Try RepDesk free for 14 days");
  });

  it("compares against a piecemeal tool stack in a real table", () => {
    expect(html).toContain("<caption");
    expect(html.match(/<th scope="col"/g)).toHaveLength(3);
    expect(html.match(/<th scope="row"/g)?.length).toBeGreaterThan(5);
  });

  it("shows the ROI example of docs/product/site.md with labelled inputs and a live result", () => {
    expect(text).toContain("$2,050");
    expect(text).toContain("$2,601");
    expect(text).toContain("1,646%");
    expect(html).toMatch(/<input[^>]*value="41"/);
    expect(html).toContain('aria-live="polite"');
    for (const id of html.matchAll(/<input[^>]*id="([^"]+)"/g)) {
      expect(html).toContain(`<label for="${id[1]}"`);
    }
  });

  it("answers the pricing questions: agency tiers, trial, notice of price changes", () => {
    expect(text).toContain("up to 5 reps");
    expect(text).toContain("20+ reps");
    expect(text).toContain("30 days' notice");
  });
});
