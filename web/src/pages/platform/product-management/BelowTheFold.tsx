import { CtaSection } from "../../../components/marketing/CtaSection";
import { type Feature, FeatureOverview } from "../../../components/marketing/FeatureGrid";
import type { BelowTheFoldProps } from "../../../components/marketing/FeaturePage";
import { Badge, MockFrame, MockList, MockNote, MockRow } from "../../../components/marketing/Mock";
import { Section } from "../../../components/marketing/Section";
import { CheckList, Split } from "../../../components/marketing/Split";
import { MoqExample } from "./MoqExample";
import moq from "./MoqExample.module.css";

const FEATURES: readonly Feature[] = [
  {
    icon: "box",
    title: "One catalog for every line",
    text: "Keep every principal's products in one searchable catalog with name, SKU, price, stock and minimum order quantity.",
  },
  {
    icon: "bell",
    title: "Inventory alerts",
    text: "Get an alert when a product runs low or sells out, before a dealer orders something that can't ship.",
  },
  {
    icon: "alert",
    title: "MOQ checks with suggestions",
    text: "Each order line is checked against the product's minimum order quantity, with the exact number of units still needed.",
  },
  {
    icon: "dollar",
    title: "Tiered quantity discounts",
    text: "Load each vendor's price breaks once. The right tier is applied as quantities change, on every order and quote.",
  },
  {
    icon: "download",
    title: "Price list imports",
    text: "Import a new price sheet from Excel or CSV when a principal updates pricing. Changes are shown before anything is saved.",
  },
  {
    icon: "chart",
    title: "Product performance",
    text: "See which products sell, to whom and in which territory, and which ones have gone quiet, in the Product Performance report.",
  },
  {
    icon: "layers",
    title: "Organized by vendor",
    text: "Browse by manufacturer, category or dealer favourites, so the right product is two taps away during a sales call.",
  },
  {
    icon: "mobile",
    title: "Your catalog in your pocket",
    text: "Look up price, stock and MOQ on your phone at the dealer's counter, and add the product to an order on the spot.",
  },
];

function InventoryAlerts() {
  return (
    <MockFrame title="Inventory alerts · this week">
      <MockList>
        <MockRow
          primary="Contractor Tarp 12×16"
          secondary="Stock 140 · reorder point 200 · in 3 open orders"
          status={<Badge tone="warn">Low stock</Badge>}
        />
        <MockRow
          primary="Vapor-Tight Fixture"
          secondary="Expected April 9 · in 2 open orders"
          status={<Badge tone="danger">Out of stock</Badge>}
        />
        <MockRow
          primary="Work Light, 20 W"
          secondary="600 units · restock notification sent to 4 dealers"
          status={<Badge tone="success">Back in Stock</Badge>}
        />
      </MockList>
      <MockNote label="Suggested alternative">
        Offer dealers waiting on the Vapor-Tight Fixture the VT3 model: same MOQ, in stock, $2.10 more per
        unit.
      </MockNote>
    </MockFrame>
  );
}

function TierMock() {
  return (
    <MockFrame title="Price tiers · Contractor Tarp 12×16">
      <MockList label="Quantity breaks">
        <MockRow primary="100–249 units" secondary="List price" value="$18.50" />
        <MockRow
          primary="250–499 units"
          secondary="6% off"
          value="$17.39"
          status={<Badge tone="success">Applied</Badge>}
        />
        <MockRow primary="500–999 units" secondary="10% off" value="$16.65" />
        <MockRow primary="1,000+ units" secondary="14% off" value="$15.91" />
      </MockList>
      <MockNote label="Suggestion">
        This line is 420 units. Add 80 more to reach the 10% tier and save $370 on the line.
      </MockNote>
    </MockFrame>
  );
}

/** ProductManagement: everything below the hero (an island, see ../ProductManagement.tsx). */
export default function BelowTheFold({ source }: BelowTheFoldProps) {
  return (
    <>
      <FeatureOverview
        heading="A catalog that knows what can actually ship"
        intro="Multi-line reps juggle thousands of SKUs from a dozen price sheets. RepDesk puts them in one place and keeps them current."
        features={FEATURES}
      />
      <Section
        heading="Minimum order quantities, checked as you type"
        intro="Every product can carry a minimum order quantity. When a line falls short, RepDesk says exactly how many units to add — no more orders bounced back by the factory."
      >
        <div className={moq.examples}>
          <MoqExample product="LED Shop Light, 4 ft" sku="BL-4" minimum={50} quantity={25} />
          <MoqExample product="Contractor Tarp 12×16" sku="HS-1216" minimum={100} quantity={120} />
        </div>
      </Section>
      <Split heading="Tiered quantity discounts, applied for you" visual={<TierMock />} tone="alt">
        <p>
          Enter each product's price breaks once, or import them with the vendor's price sheet. As quantities
          change, RepDesk prices the line at the right tier and points out when a few more units would reach
          the next one.
        </p>
        <CheckList
          items={[
            "Price breaks per product or per vendor",
            "Suggestions when the next tier is close",
            "Dealers see the saving on their confirmation",
          ]}
        />
      </Split>
      <Split heading="Inventory alerts before your dealers notice" visual={<InventoryAlerts />} reverse>
        <p>
          Set a reorder point for the products that matter and RepDesk flags them the moment stock drops below
          it. You can warn dealers, suggest an alternative, or get the order in before the line sells out.
        </p>
        <CheckList
          items={[
            "Low-stock and out-of-stock alerts",
            "Open orders affected by each alert",
            "Restock notifications when stock is back",
          ]}
        />
      </Split>
      <CtaSection
        source={source}
        heading="Bring your whole catalog into RepDesk"
        text="Import your principals' price sheets, set your MOQs and watch the first inventory alert arrive — free for 14 days, no credit card needed."
      />
    </>
  );
}
