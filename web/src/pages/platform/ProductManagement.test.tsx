import { describe, expect, it } from "vitest";
import { renderHtml, textOf } from "../../components/marketing/render.test-util";
import { loadAllIslands } from "../../routing/deferred";
import ProductManagement, { meta } from "./ProductManagement";
import { MOQ_MET, moqCheck } from "./product-management/moq";

// Everything below the hero is an island: prerendering loads its module first, and so do we.
await loadAllIslands();

describe("MOQ check", () => {
  it("says how many units are missing below the minimum and is satisfied at or above it", () => {
    expect(moqCheck(25, 50)).toEqual({
      met: false,
      message: "Minimum order quantity not met. Add 25 more units to proceed.",
    });
    expect(moqCheck(99, 100).message).toBe("Minimum order quantity not met. Add 1 more units to proceed.");
    expect(moqCheck(100, 100)).toEqual({ met: true, message: MOQ_MET });
    expect(moqCheck(120, 100)).toEqual({ met: true, message: "MOQ requirement satisfied" });
  });
});

describe("Product Management page", () => {
  const html = renderHtml(<ProductManagement />);
  const text = textOf(html);

  it("has one h1 and a description of about 150 characters", () => {
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(meta.description.length).toBeGreaterThan(120);
    expect(meta.description.length).toBeLessThanOrEqual(160);
  });

  it("shows the MOQ examples with MOQ 50 and 100 units and their exact messages", () => {
    expect(text).toContain("MOQ 50 units");
    expect(text).toContain("MOQ 100 units");
    expect(text.match(/Minimum order quantity not met\. Add 25 more units to proceed\./g)).toHaveLength(1);
    expect(text.match(/MOQ requirement satisfied/g)).toHaveLength(1);
  });

  it("shows a catalog list with name, SKU, price, stock and MOQ, and inventory alerts", () => {
    expect(text).toContain("LED Shop Light, 4 ftSKU BL-4 · MOQ 50 units$42.00Stock 1,240");
    expect(text).toContain("Inventory alert");
  });

  it("covers tiered quantity discounts", () => {
    expect(text).toContain("Tiered quantity discounts");
    expect(text).toContain("Quantity breaks");
  });

  it("ends with Start Free Trial and Request a Demo", () => {
    expect(html.match(/href="\/signup"/g)).toHaveLength(2);
    expect(html.match(/href="\/contact\?subject=demo"/g)).toHaveLength(2);
    expect(text).toMatch(/Start Free Trial\s*Request a Demo$/);
  });
});
