import { describe, expect, it } from "vitest";
import { renderHtml, textOf } from "../../components/marketing/render.test-util";
import { loadAllIslands } from "../../routing/deferred";
import AgencyOwners, { meta as agencyMeta } from "./AgencyOwners";
import { formatUsdShort, percentOf, sum } from "./figures";
import IndependentReps, { meta as independentMeta } from "./IndependentReps";
import ManufacturersReps, { meta as manufacturersMeta } from "./ManufacturersReps";

// Everything below each hero is an island: prerendering loads their modules first, and so do we.
await loadAllIslands();

const PAGES = [
  { name: "Manufacturer's Reps", Page: ManufacturersReps, meta: manufacturersMeta },
  { name: "Independent Reps", Page: IndependentReps, meta: independentMeta },
  { name: "Agency Owners", Page: AgencyOwners, meta: agencyMeta },
] as const;

describe.each(PAGES)("$name page", ({ Page, meta }) => {
  const html = renderHtml(<Page />);
  const text = textOf(html);

  it("has one h1, a title without the brand and a description of about 150 characters", () => {
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(meta.title).not.toContain("RepDesk");
    expect(meta.description.length).toBeGreaterThan(110);
    expect(meta.description.length).toBeLessThanOrEqual(160);
  });

  it("renders the same markup every time (hydration needs it) with no inline styles", () => {
    expect(renderHtml(<Page />)).toBe(html);
    expect(html).not.toMatch(/\sstyle="/);
  });

  it("labels its mock-ups as sample data and ends with both calls to action", () => {
    expect(text).toContain("sample data for illustration");
    expect(html).toContain('href="/signup"');
    expect(html).toContain('href="/contact?subject=demo"');
    expect(text).toMatch(/Start Free Trial ?Request a Demo$/);
  });
});

describe("Manufacturer's Reps page", () => {
  const html = renderHtml(<ManufacturersReps />);
  const text = textOf(html);

  it("shows the performance dashboard, three feature groups, a testimonial and the $79 plan", () => {
    for (const label of ["YTD sales $846,200", "Commissions $55,003", "Orders 318", "Monthly sales"]) {
      expect(text).toContain(label);
    }
    expect(html).toContain(
      'role="img" aria-label="Monthly sales, January to September: lowest $72,400 in January',
    );
    for (const group of ["Analytics", "Operations", "Accuracy"]) expect(text).toContain(group);
    expect(text).toContain("Dana Whitfield");
    expect(text).toContain("Manufacturer's Rep $79/month");
  });
});

describe("Independent Reps page", () => {
  const html = renderHtml(<IndependentReps />);
  const text = textOf(html);

  it("shows principals with Paid, Pending and Processing commissions that add up", () => {
    for (const status of ["Paid", "Pending", "Processing"]) expect(text).toContain(status);
    expect(text).toContain("Commissions YTD $71,800");
    expect(text).toContain("Awaiting payment $32,388");
  });

  it("reconciles statements (Matched / Variance) and offers the $149 Most Popular plan", () => {
    expect(text).toContain("Matched");
    expect(text).toContain("Variance");
    expect(text).toContain("statement is $459 short");
    expect(text).toContain("Most Popular");
    expect(text).toContain("Independent Rep $149/month");
    for (const claim of ["Unlimited lines", "Multi-principal", "Commission tracking"])
      expect(text).toContain(claim);
  });
});

describe("Agency Owners page", () => {
  const html = renderHtml(<AgencyOwners />);
  const text = textOf(html);

  it("shows the team with every rep status label", () => {
    for (const status of ["Top Performer", "Steady", "Opportunity", "On Track", "Needs Support"]) {
      expect(text).toContain(status);
    }
    expect(text).toContain("Team sales YTD $2.07M");
  });

  it("makes the agency claims and states agency pricing as docs/product/site.md does", () => {
    for (const claim of [
      "Unlimited reps",
      "Multi-rep management",
      "Role-based access controls",
      "Audit trails",
      "Split commissions",
      "Team and goal tracking",
    ]) {
      expect(text).toContain(claim);
    }
    expect(text).toContain(
      "Agency pricing starts at $349 for up to 5 reps, then scales with volume discounts",
    );
    expect(text).toContain("Custom enterprise pricing applies for agencies with 20+ reps");
  });

  it("offers the $349 plan with a Request a Demo button", () => {
    expect(text).toMatch(/Agency \$349\/month .* Request a Demo/);
    expect(html).toMatch(/<a [^>]*href="\/contact\?subject=demo"[^>]*>Request a Demo<\/a>/);
  });
});

describe("figures", () => {
  it("sums, shares and short dollar amounts", () => {
    expect(sum([1, 2, 3])).toBe(6);
    expect(percentOf(612_400, 550_000)).toBe(111);
    expect(percentOf(1, 0)).toBe(0);
    expect(formatUsdShort(2_073_900)).toBe("$2.07M");
    expect(formatUsdShort(846_200)).toBe("$846,200");
  });
});
