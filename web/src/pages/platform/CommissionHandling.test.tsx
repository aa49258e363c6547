import { describe, expect, it } from "vitest";
import { renderHtml, textOf } from "../../components/marketing/render.test-util";
import { loadAllIslands } from "../../routing/deferred";
import CommissionHandling, { meta } from "./CommissionHandling";
import {
  PRINCIPAL_PLANS,
  reconciliationFlag,
  STATEMENT_LINES,
  varianceOf,
  YTD_COMMISSIONS,
} from "./commission-handling/commissions";

// Everything below the hero is an island: prerendering loads its module first, and so do we.
await loadAllIslands();

describe("commission reconciliation", () => {
  it("flags Matched when the statement equals the tracked amount and Variance otherwise", () => {
    const line = { vendor: "Test", statementAmount: 1_000, trackedAmount: 1_000 };
    expect(reconciliationFlag(line)).toBe("Matched");
    expect(reconciliationFlag({ ...line, statementAmount: 999 })).toBe("Variance");
    expect(varianceOf({ ...line, statementAmount: 900 })).toBe(-100);
  });

  it("gives the sample both flags", () => {
    expect(new Set(STATEMENT_LINES.map(reconciliationFlag))).toEqual(new Set(["Matched", "Variance"]));
  });

  it("has principal totals that add up to the YTD commissions in the summary", () => {
    expect(PRINCIPAL_PLANS.reduce((sum, plan) => sum + plan.ytdCommission, 0)).toBe(YTD_COMMISSIONS);
  });
});

describe("Commission Handling page", () => {
  const html = renderHtml(<CommissionHandling />);
  const text = textOf(html);

  it("has one h1 and a description of about 150 characters", () => {
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(meta.description.length).toBeGreaterThan(120);
    expect(meta.description.length).toBeLessThanOrEqual(160);
  });

  it("shows the commission summary and recent commissions in all three statuses", () => {
    expect(text).toContain("YTD commissions $96,342");
    expect(text).toContain("Pending $8,415");
    expect(text).toContain("Paid $87,927");
    expect(text).toContain("Customer Order Amount Status");
    expect(text).toContain("Acme Fixtures SO-24811 $4,280 Paid");
    expect(text).toContain("Northline Supply SO-24806 $2,915 Pending");
    expect(text).toContain("Brightway Lighting SO-24797 $1,740 Processing");
  });

  it("reconciles each vendor's statement amount against the tracked amount", () => {
    expect(text).toContain("Vendor Statement Tracked Result");
    expect(text).toContain("Northgate Tools $6,420 $6,420 Matched");
    expect(text).toContain("Brightline Lighting $3,185 $3,915 Variance -$730");
    expect(text).toContain("Short-paid this month $840");
  });

  it("covers every commission capability the site claims", () => {
    for (const claim of [
      "Commission tiers",
      "Statement reconciliation",
      "Dispute management",
      "Performance analytics",
      "Team and goal tracking",
      "Split commissions",
      "Audit trail",
      "Mobile access",
    ])
      expect(text).toContain(claim);
  });

  it("ends with Start Free Trial and Request a Demo", () => {
    expect(html.match(/href="\/signup"/g)).toHaveLength(2);
    expect(html.match(/href="\/contact\?subject=demo"/g)).toHaveLength(2);
    expect(text).toMatch(/Start Free Trial\s*Request a Demo$/);
  });
});
