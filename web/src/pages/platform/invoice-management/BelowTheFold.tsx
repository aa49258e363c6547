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
import { AgingReport } from "./AgingReport";

const FEATURES: readonly Feature[] = [
  {
    icon: "file",
    title: "Invoices straight from orders",
    text: "Turn a confirmed order into an invoice in one click. Dealer, lines, pricing and ship-to details carry over, so nothing is typed twice.",
  },
  {
    icon: "clock",
    title: "Payment terms per dealer",
    text: "Set Net 30, Net 60 or early-payment terms like 2/10 Net 30 for each dealer. Due dates are calculated for you on every invoice.",
  },
  {
    icon: "refresh",
    title: "From draft to paid",
    text: "Follow every invoice from draft to paid. Sent, Due Soon and Overdue statuses show exactly where your money is.",
  },
  {
    icon: "bell",
    title: "Reminders before it's late",
    text: "Dealers get a friendly email reminder before the due date and a follow-up if a payment slips, with a link to the invoice.",
  },
  {
    icon: "chart",
    title: "Aging report",
    text: "See open receivables in 0-30, 31-60, 61-90 and 90+ day buckets, by dealer or for the whole agency, and act on the oldest first.",
  },
  {
    icon: "link",
    title: "Accounting integrations",
    text: "Send invoices and payments to your accounting package automatically, or export them whenever your bookkeeper asks.",
  },
  {
    icon: "dollar",
    title: "Payments that update commissions",
    text: "Mark an invoice paid and the commission on it moves from pending to earned, so your commission report always matches the money in.",
  },
  {
    icon: "mobile",
    title: "Invoice from anywhere",
    text: "Check who has paid and send an invoice from your phone between dealer visits. Every screen is built mobile-first.",
  },
];

function PaymentTermsMock() {
  return (
    <MockFrame title="Invoice INV-2042">
      <MockHeader
        title="INV-2042"
        detail="Summit Building Center · from order SO-24802"
        aside={<Badge tone="info">Sent</Badge>}
      />
      <Steps
        label="Invoice progress"
        steps={[
          { label: "Draft", detail: "Mar 13", state: "done" },
          { label: "Sent", detail: "Mar 15", state: "current" },
          { label: "Paid", detail: "Due Apr 14", state: "upcoming" },
        ]}
      />
      <MockList>
        <MockRow primary="Payment terms" value="Net 30" />
        <MockRow primary="Early-payment discount" secondary="2% if paid by Mar 25" value="$84" />
        <MockRow primary="Amount due" value="$4,215" />
      </MockList>
    </MockFrame>
  );
}

function IntegrationsMock() {
  return (
    <MockFrame title="Settings · Accounting">
      <MockList label="Connections">
        <MockRow
          primary="QuickBooks Online"
          secondary="Invoices and payments · synced 5 minutes ago"
          status={<Badge tone="success">Connected</Badge>}
        />
        <MockRow
          primary="Xero"
          secondary="Available for agencies that bill from Xero"
          status={<Badge tone="neutral">Not connected</Badge>}
        />
        <MockRow
          primary="CSV and Excel export"
          secondary="Invoices, payments and aging, any date range"
          status={<Badge tone="info">Ready</Badge>}
        />
      </MockList>
      <MockNote label="Last sync">
        14 invoices and 9 payments sent to QuickBooks Online. No conflicts found.
      </MockNote>
    </MockFrame>
  );
}

/** InvoiceManagement: everything below the hero (an island, see ../InvoiceManagement.tsx). */
export default function BelowTheFold({ source }: BelowTheFoldProps) {
  return (
    <>
      <FeatureOverview
        heading="Billing without the spreadsheet"
        intro="Reps who invoice dealers directly lose hours to retyping orders and chasing payments. RepDesk keeps orders, invoices and payments in one place."
        features={FEATURES}
      />
      <Split
        heading="Payment terms on every invoice, due dates done for you"
        eyebrow="From draft to paid"
        visual={<PaymentTermsMock />}
      >
        <p>
          Give each dealer the terms you agreed — Net 30, Net 60 or an early-payment discount — and every
          invoice picks them up. RepDesk calculates the due date, shows the discount window, and moves the
          invoice from draft to sent to paid as it goes.
        </p>
        <CheckList
          items={[
            "Default terms per dealer, adjustable per invoice",
            "Paid, Sent, Due Soon and Overdue at a glance",
            "Reminder emails before and after the due date",
          ]}
        />
      </Split>
      <Split heading="An aging report that tells you who to call" visual={<AgingReport />} reverse tone="alt">
        <p>
          Open receivables are grouped by how long they have been outstanding, split at 30, 60 and 90 days.
          Start with the 90+ day bucket, open the dealer behind it and see every unpaid invoice with its
          history.
        </p>
        <CheckList
          items={[
            "0-30, 31-60, 61-90 and 90+ day buckets",
            "By dealer, by vendor or for the whole agency",
            "Export to PDF, Excel or CSV for your accountant",
          ]}
        />
      </Split>
      <Split heading="Connected to the books you already keep" visual={<IntegrationsMock />}>
        <p>
          RepDesk works with your accounting package instead of replacing it. Invoices and payments sync
          automatically, so your books match what your dealers see without a second round of data entry.
        </p>
        <p>
          Prefer to keep things manual? Export invoices, payments and the aging report whenever you need them
          — your data is always yours to take.
        </p>
      </Split>
      <CtaSection
        source={source}
        heading="Send your first invoice from RepDesk"
        text="Bring in your dealers and open orders, invoice them with the right terms and watch the aging report fill in — free for 14 days, no credit card needed."
      />
    </>
  );
}
