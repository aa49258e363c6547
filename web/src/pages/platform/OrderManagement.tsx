import { FeaturePage, featureIsland } from "../../components/marketing/FeaturePage";
import { Badge, MockFrame, MockHeader, MockList, MockRow } from "../../components/marketing/Mock";
import { Steps } from "../../components/marketing/Steps";
import type { PageMeta } from "../../seo/meta";

export const meta: PageMeta = {
  title: "Order Management for Sales Reps",
  description:
    "Multi-line, multi-vendor orders with tiered discounts, MOQ checks, confirmation emails, backorder tracking and auto-generated purchase orders.",
};

function OrderCard() {
  return (
    <MockFrame title="Order SO-24817">
      <MockHeader
        title="SO-24817"
        detail="Lakeside Hardware Supply · 3 vendors · 14 lines"
        aside={<Badge tone="info">In Production</Badge>}
      />
      <Steps
        label="Order progress"
        steps={[
          { label: "Order Confirmed", detail: "Mar 4", state: "done" },
          { label: "In Production", detail: "Since Mar 6", state: "current" },
          { label: "Ready to Ship", detail: "Est. Mar 18", state: "upcoming" },
        ]}
      />
      <MockList>
        <MockRow primary="Customer" value="Lakeside Hardware Supply" />
        <MockRow primary="Order total" value="$12,480" />
        <MockRow primary="Expected ship date" value="March 18, 2024" />
      </MockList>
    </MockFrame>
  );
}

const BELOW_THE_FOLD = featureIsland("order-management", () => import("./order-management/BelowTheFold"));

export default function OrderManagement() {
  return (
    <FeaturePage
      title="Every order, every line, every vendor — in one place"
      lead="Enter multi-line orders in minutes, catch MOQ and pricing mistakes before they reach the factory, and keep dealers informed automatically from confirmation to delivery."
      visual={<OrderCard />}
      belowTheFold={BELOW_THE_FOLD}
    />
  );
}
