import { CtaSection } from "../../../components/marketing/CtaSection";
import { type Feature, FeatureOverview } from "../../../components/marketing/FeatureGrid";
import type { BelowTheFoldProps } from "../../../components/marketing/FeaturePage";
import { Badge, MockFrame, MockList, MockNote, MockRow } from "../../../components/marketing/Mock";
import { CheckList, Split } from "../../../components/marketing/Split";

const FEATURES: readonly Feature[] = [
  {
    icon: "layers",
    title: "Multi-line, multi-vendor orders",
    text: "Write one order for a dealer that spans several principals. RepDesk splits it by vendor behind the scenes, so each manufacturer gets only its lines.",
  },
  {
    icon: "dollar",
    title: "Tiered quantity discounts",
    text: "Set price breaks per product or per vendor. The right tier is applied as quantities change, so quotes are never priced from an old sheet.",
  },
  {
    icon: "alert",
    title: "MOQ checks with suggestions",
    text: "Minimum order quantities are checked while you type, with a suggestion of exactly how many units to add before the order can go out.",
  },
  {
    icon: "mail",
    title: "Confirmation emails with deep links",
    text: "Dealers and vendors get a confirmation email the moment an order is submitted, with a deep link straight to the order's live status.",
  },
  {
    icon: "file",
    title: "Four note types",
    text: "Leave notes to all, to the dealer, to the vendor, or vendor-specific notes that only one manufacturer on a multi-vendor order sees.",
  },
  {
    icon: "truck",
    title: "Backorder tracking",
    text: "See every backordered line with its expected date and priority, and get a restock notification the moment an item is back in stock.",
  },
  {
    icon: "shield",
    title: "Purchase orders with approvals",
    text: "Purchase orders are generated from submitted orders automatically and routed for approval by amount threshold.",
  },
  {
    icon: "mobile",
    title: "Mobile-first order entry",
    text: "Take an order at the dealer's counter on your phone. Everything you can do at your desk works on a small screen.",
  },
];

function NotesMock() {
  return (
    <MockFrame title="Order notes · SO-24817">
      <MockNote label="To all">
        Dealer is closed for inventory on March 15; please deliver on the 14th or the 18th.
      </MockNote>
      <MockNote label="To dealer">
        Spring promo pricing applied to the Brightline fixtures — 8% below last quarter.
      </MockNote>
      <MockNote label="To vendor">
        Please confirm lead time on the custom-finish items before releasing to production.
      </MockNote>
      <MockNote label="Vendor-specific · Northgate Tools">
        Ship the torque drivers in the dealer's branded cartons (ref. PO 7731).
      </MockNote>
    </MockFrame>
  );
}

function DiscountMock() {
  return (
    <MockFrame title="Price tiers · Brightline LED Shop Light">
      <MockList label="Quantity breaks">
        <MockRow primary="1–49 units" secondary="List price" value="$42.00" />
        <MockRow primary="50–99 units" secondary="5% off" value="$39.90" />
        <MockRow
          primary="100–249 units"
          secondary="10% off"
          value="$37.80"
          status={<Badge tone="success">Applied</Badge>}
        />
        <MockRow primary="250+ units" secondary="15% off" value="$35.70" />
      </MockList>
      <MockNote label="Suggestion">
        This line is 120 units. Add 130 more to reach the 15% tier and save $525.
      </MockNote>
    </MockFrame>
  );
}

function BackorderDashboard() {
  return (
    <MockFrame title="Backorder dashboard">
      <MockList>
        <MockRow
          primary="Torque Driver Set TD-220"
          secondary="Northgate Tools · 40 units · Priority: High"
          status={<Badge tone="danger">Out of Stock</Badge>}
        />
        <MockRow
          primary="LED Shop Light BL-4"
          secondary="Brightline · 120 units · Priority: Normal"
          status={<Badge tone="warn">Expected date: Apr 2</Badge>}
        />
        <MockRow
          primary="Contractor Tarp 12×16"
          secondary="Harbor Supply · 60 units · Restock notification sent"
          status={<Badge tone="success">Back in Stock</Badge>}
        />
      </MockList>
    </MockFrame>
  );
}

function ApprovalMock() {
  return (
    <MockFrame title="Purchase order approvals">
      <MockList label="Approval thresholds">
        <MockRow primary="Under $5,000" secondary="Auto-approved and sent to the vendor" />
        <MockRow primary="$5,000 – $25,000" secondary="Approved by the sales manager" />
        <MockRow primary="Over $25,000" secondary="Approved by the agency owner" />
      </MockList>
      <MockList label="Generated today">
        <MockRow
          primary="PO-7731"
          secondary="Northgate Tools"
          value="$3,940"
          status={<Badge tone="success">Approved</Badge>}
        />
        <MockRow
          primary="PO-7732"
          secondary="Brightline"
          value="$18,260"
          status={<Badge tone="warn">Awaiting approval</Badge>}
        />
      </MockList>
    </MockFrame>
  );
}

/** Order Management below the hero (an island, see ../OrderManagement.tsx). */
export default function BelowTheFold({ source }: BelowTheFoldProps) {
  return (
    <>
      <FeatureOverview
        heading="Built for the way reps actually take orders"
        intro="Stop re-keying orders into five vendor portals. RepDesk handles the details that eat your evenings."
        features={FEATURES}
      />
      <Split
        heading="Notes that reach exactly the right people"
        visual={<NotesMock />}
        eyebrow="Four note types"
      >
        <p>
          Every order carries four kinds of notes, so delivery instructions, pricing explanations and factory
          requests never end up in the wrong inbox.
        </p>
        <CheckList
          items={[
            "To all — seen by the dealer and every vendor on the order",
            "To dealer — shown on the dealer's confirmation only",
            "To vendor — sent to every manufacturer on the order",
            "Vendor-specific — visible to one manufacturer on a multi-vendor order",
          ]}
        />
      </Split>
      <Split
        heading="Tiered quantity discounts, applied for you"
        visual={<DiscountMock />}
        reverse
        tone="alt"
      >
        <p>
          Load each principal's price breaks once. As you change quantities, RepDesk applies the right tier
          and tells you when a few more units would unlock a better one — an easy upsell your dealer will
          thank you for.
        </p>
        <CheckList
          items={[
            "Per-product and per-vendor tiers",
            "Suggestions when the next tier is close",
            "Minimum order quantities checked as you type",
          ]}
        />
      </Split>
      <Split heading="Backorders you can see coming" visual={<BackorderDashboard />}>
        <p>
          The backorder dashboard lists every line that can't ship yet, with its expected date and priority.
          When stock arrives, RepDesk sends a restock notification to you and the dealer so the order moves
          again without a phone call.
        </p>
        <CheckList
          items={[
            "Out of Stock, Expected date and Back in Stock at a glance",
            "Priority flags for your most important dealers",
            "Automatic restock notifications",
          ]}
        />
      </Split>
      <Split
        heading="Purchase orders that write and route themselves"
        visual={<ApprovalMock />}
        reverse
        tone="alt"
      >
        <p>
          When an order is submitted, RepDesk generates a purchase order for each vendor on it. Approval
          workflows route each one by amount threshold, so small orders go straight out and large ones get a
          second look.
        </p>
        <p>
          Dealers and vendors receive a confirmation email with a deep link to the order, so nobody has to ask
          “did you get my order?” again.
        </p>
      </Split>
      <CtaSection
        source={source}
        heading="Take your next order in RepDesk"
        text="Import your dealers and products, write a real order and watch the confirmations go out — free for 14 days, no credit card needed."
      />
    </>
  );
}
