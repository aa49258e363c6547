import { describe, expect, it } from "vitest";
import { GENERAL_FAQ, PRICING_FAQ } from "../../content/faq";
import { PLANS } from "../../content/plans";
import { CtaSection } from "./CtaSection";
import { Faq } from "./Faq";
import { PlanGrid } from "./PlanCard";
import { renderHtml, textOf } from "./render.test-util";
import { SampleTable, StatusBadge } from "./SampleTable";

describe("PlanGrid", () => {
  const html = renderHtml(<PlanGrid source="test" />);
  const text = textOf(html);

  it("shows the three plans with their monthly prices and calls to action", () => {
    expect(text).toContain("Manufacturer's Rep $79/month");
    expect(text).toContain("Independent Rep $149/month");
    expect(text).toContain("Agency $349/month");
    expect(html.match(/href="\/signup"/g)).toHaveLength(2);
    expect(html.match(/href="\/contact\?subject=demo"/g)).toHaveLength(1);
    expect(text).toContain("Request a Demo");
  });

  it("marks only the Independent Rep plan Most Popular", () => {
    expect(text.match(/Most Popular/g)).toHaveLength(1);
    expect(text.indexOf("Most Popular")).toBeLessThan(text.indexOf("Independent Rep"));
    expect(text.indexOf("Most Popular")).toBeGreaterThan(text.indexOf("Manufacturer's Rep"));
    expect(PLANS.filter((p) => p.popular).map((p) => p.name)).toEqual(["Independent Rep"]);
  });

  it("uses the requested heading level for plan names", () => {
    expect(renderHtml(<PlanGrid source="t" headingLevel={2} />).match(/<h2/g)).toHaveLength(3);
    expect(html.match(/<h3/g)).toHaveLength(3);
  });
});

describe("Faq", () => {
  it("renders every question as a native disclosure", () => {
    for (const items of [GENERAL_FAQ, PRICING_FAQ]) {
      const html = renderHtml(<Faq items={items} />);
      expect(html.match(/<details/g)).toHaveLength(items.length);
      expect(html.match(/<summary/g)).toHaveLength(items.length);
    }
  });

  it("states the pricing facts of docs/product/site.md", () => {
    const text = textOf(renderHtml(<Faq items={PRICING_FAQ} />));
    for (const fact of [
      "$349",
      "up to 5 reps",
      "volume discounts",
      "20+ reps",
      "14-day free trial",
      "no credit card",
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).toContain("30 days' notice");
  });
});

describe("CtaSection", () => {
  it("links Start Free Trial to /signup and Request a Demo to the demo contact form", () => {
    const html = renderHtml(<CtaSection source="test" />);
    expect(html).toMatch(/href="\/signup"[^>]*>Start Free Trial</);
    expect(html).toMatch(/href="\/contact\?subject=demo"[^>]*>Request a Demo</);
    // A block below the first screen (LATER_BLOCK_ATTRIBUTE): its content waits for the stylesheet.
    expect(html).toMatch(/<section data-later="" aria-labelledby="[^"]+"/);
    expect(html.match(/<h2/g)).toHaveLength(1);
  });
});

describe("SampleTable", () => {
  const html = renderHtml(
    <SampleTable
      caption="Commissions"
      columns={[
        { header: "Principal" },
        { header: "Amount", numeric: true },
        { header: "Status", status: true },
      ]}
      rows={[{ key: "a", cells: ["Northgate", "$10", <StatusBadge key="s" status="Paid" />] }]}
      totals={["Total", "$10", ""]}
    />,
  );

  it("is a captioned table: column headers, a row header per row, cells labelled for the card layout", () => {
    expect(html).toContain("<caption>Commissions</caption>");
    expect(html.match(/scope="col"/g)).toHaveLength(3);
    expect(html.match(/scope="row"/g)).toHaveLength(2);
    expect(html).toContain('data-label="Amount"');
    expect(html).toContain('data-label="Status"');
    expect(html).toContain("<tfoot>");
    expect(textOf(html)).toContain("Northgate $10 Paid");
  });
});
