import { CtaSection } from "../../../components/marketing/CtaSection";
import { type Feature, FeatureOverview } from "../../../components/marketing/FeatureGrid";
import type { BelowTheFoldProps } from "../../../components/marketing/FeaturePage";
import {
  Badge,
  MockFrame,
  MockHeader,
  MockList,
  MockNote,
  MockRow,
} from "../../../components/marketing/Mock";
import { CheckList, Split } from "../../../components/marketing/Split";
import { Steps } from "../../../components/marketing/Steps";

const FEATURES: readonly Feature[] = [
  {
    icon: "factory",
    title: "Every principal in one place",
    text: "Keep each manufacturer's contacts, product lines, territories, terms and commission rates on one vendor profile.",
  },
  {
    icon: "target",
    title: "Vendor performance tracking",
    text: "On-time shipping, quality score and response time are tracked for every vendor, with a rating you can act on.",
  },
  {
    icon: "file",
    title: "Auto-generated purchase orders",
    text: "Submit a multi-vendor order and RepDesk writes a purchase order for each manufacturer, with only that vendor's lines.",
  },
  {
    icon: "shield",
    title: "Approvals by amount threshold",
    text: "Small POs go straight to the vendor; larger ones wait for a sales manager or the agency owner, as you decide.",
  },
  {
    icon: "dollar",
    title: "Commission statements, reconciled",
    text: "Match each vendor's commission statement against the orders you tracked and see every variance before you accept it.",
  },
  {
    icon: "mail",
    title: "Vendor-specific notes",
    text: "Send instructions that only one manufacturer on a multi-vendor order sees, with their purchase order.",
  },
  {
    icon: "truck",
    title: "Backorders by vendor",
    text: "See which principal is holding up which orders, with expected dates, so you know who to call first.",
  },
  {
    icon: "chart",
    title: "Sales by principal",
    text: "Compare sales, commissions and growth across your lines to decide where your next hour of selling goes.",
  },
];

function PurchaseOrderMock() {
  return (
    <MockFrame title="Purchase order PO-7732">
      <MockHeader
        title="PO-7732 · Brightline Lighting"
        detail="Generated from order SO-24817 · 5 lines"
        aside={<Badge tone="warn">Awaiting approval</Badge>}
      />
      <Steps
        label="Purchase order progress"
        steps={[
          { label: "Generated", detail: "Mar 4, 9:12 AM", state: "done" },
          { label: "Manager approval", detail: "Over $5,000", state: "current" },
          { label: "Sent to vendor", detail: "After approval", state: "upcoming" },
        ]}
      />
      <MockList label="Approval thresholds">
        <MockRow primary="Under $5,000" secondary="Auto-approved and sent to the vendor" />
        <MockRow
          primary="$5,000 – $25,000"
          secondary="Approved by the sales manager"
          status={<Badge tone="info">This PO</Badge>}
        />
        <MockRow primary="Over $25,000" secondary="Approved by the agency owner" />
      </MockList>
      <MockList>
        <MockRow primary="PO total" value="$18,260" />
      </MockList>
    </MockFrame>
  );
}

function VendorProfileMock() {
  return (
    <MockFrame title="Vendor profile · Harbor Supply">
      <MockHeader
        title="Harbor Supply"
        detail="Tarps, tie-downs and storage · Texas, Oklahoma, Louisiana"
        aside={<Badge tone="warn">Needs Attention</Badge>}
      />
      <MockList label="Why">
        <MockRow primary="On-time shipping" secondary="Down from 91% last quarter" value="78%" />
        <MockRow primary="Open backorders" secondary="Across 6 dealer orders" value="9 lines" />
        <MockRow primary="Commission variance" secondary="February statement vs tracked" value="$412" />
      </MockList>
      <MockNote label="Next step">
        Quarterly review with Jim Carver, regional sales manager, booked for April 3.
      </MockNote>
    </MockFrame>
  );
}

/** VendorManagement: everything below the hero (an island, see ../VendorManagement.tsx). */
export default function BelowTheFold({ source }: BelowTheFoldProps) {
  return (
    <>
      <FeatureOverview
        heading="Built for reps who sell for many manufacturers"
        intro="Your income depends on your principals. RepDesk shows how each one is performing and takes the paperwork out of working with them."
        features={FEATURES}
      />
      <Split heading="A vendor performance dashboard you can act on" visual={<VendorProfileMock />}>
        <p>
          Every shipment, quality issue and reply feeds the vendor's scorecard. A vendor shipping 95% or more
          on time with a quality score of 4.5 or better is rated Excellent; one that slips under 85% on time
          is flagged Needs Attention, with the reasons on its profile.
        </p>
        <CheckList
          items={[
            "On-time percentage, quality score and response time",
            "Excellent, Good and Needs Attention ratings",
            "Back up quarterly reviews with real numbers",
          ]}
        />
      </Split>
      <Split
        heading="Purchase orders that write and route themselves"
        eyebrow="Approval workflows"
        visual={<PurchaseOrderMock />}
        reverse
        tone="alt"
      >
        <p>
          When an order is submitted, RepDesk generates a purchase order for each vendor on it. Approval
          workflows route each PO by amount threshold: small ones are sent at once, larger ones wait for the
          right person, and every decision is kept in the audit trail.
        </p>
        <CheckList
          items={[
            "One PO per vendor, generated automatically",
            "Thresholds and approvers you set",
            "Approve from the notification email or your phone",
          ]}
        />
      </Split>
      <CtaSection
        source={source}
        heading="See how your principals really perform"
        text="Add your vendors, submit an order and watch the purchase orders route themselves — free for 14 days, no credit card needed."
      />
    </>
  );
}
