import { FeaturePage, featureIsland } from "../../components/marketing/FeaturePage";
import { Badge, MockFrame, MockList, MockNote, MockRow } from "../../components/marketing/Mock";
import type { PageMeta } from "../../seo/meta";

export const meta: PageMeta = {
  title: "Product Catalog and Inventory for Sales Reps",
  description:
    "One product catalog for every line you carry: SKUs, prices, stock and MOQs, with inventory alerts, minimum order checks and tiered quantity discounts.",
};

function CatalogList() {
  return (
    <MockFrame title="Product catalog · 1,284 products">
      <MockList label="Brightline and Harbor Supply">
        <MockRow
          primary="LED Shop Light, 4 ft"
          secondary="SKU BL-4 · MOQ 50 units"
          value="$42.00"
          status={<Badge tone="success">Stock 1,240</Badge>}
        />
        <MockRow
          primary="Contractor Tarp 12×16"
          secondary="SKU HS-1216 · MOQ 100 units"
          value="$18.50"
          status={<Badge tone="warn">Low stock 140</Badge>}
        />
        <MockRow
          primary="Vapor-Tight Fixture"
          secondary="SKU BL-VT2 · MOQ 24 units"
          value="$64.75"
          status={<Badge tone="danger">Out of stock</Badge>}
        />
        <MockRow
          primary="Ratchet Strap, 2 in"
          secondary="SKU HS-RS2 · MOQ 48 units"
          value="$9.20"
          status={<Badge tone="success">Stock 3,600</Badge>}
        />
      </MockList>
      <MockNote label="Inventory alert">
        Contractor Tarp 12×16 is below its reorder point of 200. 3 open orders include it.
      </MockNote>
    </MockFrame>
  );
}

const BELOW_THE_FOLD = featureIsland("product-management", () => import("./product-management/BelowTheFold"));

export default function ProductManagement() {
  return (
    <FeaturePage
      title="Every product from every line, ready to sell"
      lead="Keep prices, stock and minimum order quantities for all your principals in one catalog, get an alert before a best-seller runs out, and let RepDesk apply the right MOQ and discount on every order."
      visual={<CatalogList />}
      belowTheFold={BELOW_THE_FOLD}
    />
  );
}
