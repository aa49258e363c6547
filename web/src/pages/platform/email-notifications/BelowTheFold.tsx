import { CtaSection } from "../../../components/marketing/CtaSection";
import { type Feature, FeatureOverview } from "../../../components/marketing/FeatureGrid";
import type { BelowTheFoldProps } from "../../../components/marketing/FeaturePage";
import { Badge, MockFrame, MockList, MockRow } from "../../../components/marketing/Mock";
import { Section } from "../../../components/marketing/Section";
import { CheckList, Split } from "../../../components/marketing/Split";
import { Steps } from "../../../components/marketing/Steps";
import { EmailPreview } from "./EmailPreview";
import { RolePreferences } from "./RolePreferences";

const FEATURES: readonly Feature[] = [
  {
    icon: "mail",
    title: "Instant order confirmations",
    text: "The moment you submit an order, the dealer and every vendor on it get a confirmation email with the lines that concern them.",
  },
  {
    icon: "link",
    title: "Deep links to the live order",
    text: "Every email links straight to the order, invoice or backorder it is about, so nobody has to log in and search for it.",
  },
  {
    icon: "sliders",
    title: "Preferences per role",
    text: "Dealers, vendors, sales reps and administrators each get their own defaults, and every person can fine-tune what they receive.",
  },
  {
    icon: "truck",
    title: "Backorder restock notifications",
    text: "When a backordered item is back in stock, the dealer and the rep hear about it right away, with the order ready to release.",
  },
  {
    icon: "file",
    title: "Notes reach the right inbox",
    text: "Notes to the dealer, to the vendor or vendor-specific notes go only to the people they are meant for.",
  },
  {
    icon: "clock",
    title: "Digest or instant",
    text: "Busy reps can trade a dozen emails for one daily digest at the time they choose. Urgent alerts still arrive straight away.",
  },
  {
    icon: "shield",
    title: "Approvals that don't wait",
    text: "Administrators are told when a purchase order above their threshold needs approval, and can approve it from the link.",
  },
  {
    icon: "mobile",
    title: "Readable on a phone",
    text: "Every email is designed for the small screen first, because that is where reps and dealers read them.",
  },
];

function OrderEmailLog() {
  return (
    <MockFrame title="Order SO-24817 · emails sent">
      <MockList label="Who was told, and what">
        <MockRow
          primary="Lakeside Hardware Supply"
          secondary="Dealer · order confirmation, all 14 lines"
          status={<Badge tone="success">Delivered</Badge>}
        />
        <MockRow
          primary="Northgate Tools"
          secondary="Vendor · PO-7731 and its vendor-specific note"
          status={<Badge tone="success">Delivered</Badge>}
        />
        <MockRow
          primary="Brightline"
          secondary="Vendor · PO-7732, waiting for approval"
          status={<Badge tone="warn">Held</Badge>}
        />
        <MockRow
          primary="Dana Whitfield"
          secondary="Sales rep · in tonight's 6:00 PM digest"
          status={<Badge tone="info">Scheduled</Badge>}
        />
      </MockList>
    </MockFrame>
  );
}

function RestockEmail() {
  return (
    <EmailPreview
      title="Inbox · restock notification"
      from="Whitfield Sales via RepDesk"
      to="tom@lakesidehw.example"
      subject="Back in stock: Contractor Tarp 12×16 on order SO-24817"
      action="Release backordered lines"
      destination="Opens SO-24817 at the backordered line"
    >
      <Steps
        label="Backorder progress"
        steps={[
          { label: "Out of Stock", detail: "Since Mar 4", state: "done" },
          { label: "Expected date", detail: "Apr 2", state: "done" },
          { label: "Back in Stock", detail: "Today", state: "current" },
        ]}
      />
      <p>
        The 60 tarps you were waiting for are back at Harbor Supply. They are marked high priority and will
        ship with your next delivery unless you change the order.
      </p>
    </EmailPreview>
  );
}

/** EmailNotifications: everything below the hero (an island, see ../EmailNotifications.tsx). */
export default function BelowTheFold({ source }: BelowTheFoldProps) {
  return (
    <>
      <FeatureOverview
        heading="Stop answering “did you get my order?”"
        intro="RepDesk sends the updates your dealers and principals used to phone you for, so your day goes to selling instead of status calls."
        features={FEATURES}
      />
      <Section
        heading="Notification preferences for every role"
        intro="Start from sensible defaults for each group, then let every person switch off what they don't need. Try the switches — this is how the settings screen works."
      >
        <RolePreferences />
      </Section>
      <Split
        heading="Confirmation emails with deep links"
        eyebrow="One order, many inboxes"
        visual={<OrderEmailLog />}
        tone="alt"
      >
        <p>
          A multi-vendor order produces a different email for everyone involved. The dealer sees the whole
          order; each manufacturer sees only its own lines and notes; purchase orders wait until they are
          approved.
        </p>
        <CheckList
          items={[
            "Every email carries a deep link to the exact order",
            "Vendors receive only their own lines and notes",
            "A log of what was sent, to whom and when",
          ]}
        />
      </Split>
      <Split heading="Restock notifications the moment stock is back" visual={<RestockEmail />} reverse>
        <p>
          Backordered lines are tracked from Out of Stock to their expected date to Back in Stock. When the
          vendor confirms the restock, RepDesk notifies the dealer and the rep, and the line is ready to
          release with one click from the email.
        </p>
        <CheckList
          items={[
            "Priority backorders flagged in the notification",
            "Dealers and reps told at the same time",
            "A deep link straight to the backordered line",
          ]}
        />
      </Split>
      <CtaSection
        source={source}
        heading="Let RepDesk send the updates for you"
        text="Set up your dealers and vendors, submit an order and see the confirmations arrive — free for 14 days, no credit card needed."
      />
    </>
  );
}
