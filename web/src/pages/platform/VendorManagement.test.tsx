import { describe, expect, it } from "vitest";
import { renderHtml, textOf } from "../../components/marketing/render.test-util";
import { loadAllIslands } from "../../routing/deferred";
import VendorManagement, { meta } from "./VendorManagement";
import { formatResponseTime, SAMPLE_VENDORS, vendorRating } from "./vendor-management/rating";

// Everything below the hero is an island: prerendering loads its module first, and so do we.
await loadAllIslands();

const metrics = (onTimePercent: number, qualityScore: number) => ({
  vendor: "Test",
  onTimePercent,
  qualityScore,
  responseHours: 1,
});

describe("vendor rating", () => {
  it("is Excellent from 95% on time with quality 4.5, Needs Attention under 85% on time", () => {
    expect(vendorRating(metrics(95, 4.5))).toBe("Excellent");
    expect(vendorRating(metrics(94, 4.9))).toBe("Good");
    expect(vendorRating(metrics(99, 4.4))).toBe("Good");
    expect(vendorRating(metrics(85, 4))).toBe("Good");
    expect(vendorRating(metrics(84, 5))).toBe("Needs Attention");
    expect(vendorRating(metrics(90, 3.9))).toBe("Needs Attention");
  });

  it("gives the sample every one of the three labels", () => {
    expect(new Set(SAMPLE_VENDORS.map(vendorRating))).toEqual(
      new Set(["Excellent", "Good", "Needs Attention"]),
    );
  });

  it("writes response times in hours under a day, in days from a day on", () => {
    expect(formatResponseTime(2)).toBe("2 h");
    expect(formatResponseTime(24)).toBe("1 day");
    expect(formatResponseTime(36)).toBe("1.5 days");
  });
});

describe("Vendor Management page", () => {
  const html = renderHtml(<VendorManagement />);
  const text = textOf(html);

  it("has one h1 and a description of about 150 characters", () => {
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(meta.description.length).toBeGreaterThan(120);
    expect(meta.description.length).toBeLessThanOrEqual(160);
  });

  it("shows the performance dashboard with on-time percentage, quality, response time and rating", () => {
    expect(text).toContain("Northgate ToolsExcellent On time 97% Quality 4.9 / 5 Response 2 h");
    expect(text).toContain("Harbor SupplyNeeds Attention On time 78% Quality 4.1 / 5 Response 1.5 days");
  });

  it("covers auto-generated purchase orders with approval by amount threshold", () => {
    for (const threshold of ["Under $5,000", "$5,000 – $25,000", "Over $25,000"])
      expect(text).toContain(threshold);
    expect(text).toContain("Auto-generated purchase orders");
  });

  it("ends with Start Free Trial and Request a Demo", () => {
    expect(html.match(/href="\/signup"/g)).toHaveLength(2);
    expect(html.match(/href="\/contact\?subject=demo"/g)).toHaveLength(2);
    expect(text).toMatch(/Start Free Trial\s*Request a Demo$/);
  });
});
