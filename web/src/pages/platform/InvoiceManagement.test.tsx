import { describe, expect, it } from "vitest";
import { renderHtml, textOf } from "../../components/marketing/render.test-util";
import { loadAllIslands } from "../../routing/deferred";
import InvoiceManagement, { meta } from "./InvoiceManagement";
import { AGING_BUCKETS } from "./invoice-management/AgingReport";

// Everything below the hero is an island: prerendering loads its module first, and so do we.
await loadAllIslands();

describe("Invoice Management page", () => {
  const html = renderHtml(<InvoiceManagement />);
  const text = textOf(html);

  it("has one h1 and a description of about 150 characters", () => {
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(meta.description.length).toBeGreaterThan(120);
    expect(meta.description.length).toBeLessThanOrEqual(160);
  });

  it("lists invoices in each of the four statuses and mentions draft to paid", () => {
    for (const status of ["Paid", "Sent", "Due Soon", "Overdue"]) expect(text).toContain(status);
    expect(text).toContain("from draft to paid");
  });

  it("shows the aging report with buckets split at 30, 60 and 90 days", () => {
    expect(AGING_BUCKETS.map((bucket) => bucket.label)).toEqual([
      "0-30 days",
      "31-60 days",
      "61-90 days",
      "90+ days",
    ]);
    expect(text).toContain("0-30 days 18 $46,300 64%");
    expect(text).toContain("Total open 30 $72,500");
    expect(text).toContain("split at 30, 60 and 90 days");
  });

  it("ends with Start Free Trial and Request a Demo", () => {
    expect(html.match(/href="\/signup"/g)).toHaveLength(2);
    expect(html.match(/href="\/contact\?subject=demo"/g)).toHaveLength(2);
    expect(text).toMatch(/Start Free Trial\s*Request a Demo$/);
  });
});
