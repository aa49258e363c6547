import { FeaturePage, featureIsland } from "../../components/marketing/FeaturePage";
import {
  Badge,
  type BadgeTone,
  MetricRow,
  MockFrame,
  MockList,
  MockRow,
} from "../../components/marketing/Mock";
import type { PageMeta } from "../../seo/meta";

export const meta: PageMeta = {
  title: "Invoice Management for Sales Reps",
  description:
    "Turn orders into invoices with payment terms, follow each one from draft to paid, see an aging report at a glance and sync with your accounting tools.",
};

interface SampleInvoice {
  readonly number: string;
  readonly customer: string;
  readonly amount: string;
  readonly detail: string;
  readonly status: "Paid" | "Sent" | "Due Soon" | "Overdue";
}

const STATUS_TONE: Record<SampleInvoice["status"], BadgeTone> = {
  Paid: "success",
  Sent: "info",
  "Due Soon": "warn",
  Overdue: "danger",
};

const INVOICES: readonly SampleInvoice[] = [
  {
    number: "INV-2041",
    customer: "Lakeside Hardware Supply",
    amount: "$12,480",
    detail: "Paid Mar 12",
    status: "Paid",
  },
  {
    number: "INV-2042",
    customer: "Summit Building Center",
    amount: "$4,215",
    detail: "Net 30 · due Apr 14",
    status: "Sent",
  },
  {
    number: "INV-2043",
    customer: "Riverbend Farm & Home",
    amount: "$7,960",
    detail: "Net 30 · due in 3 days",
    status: "Due Soon",
  },
  {
    number: "INV-2038",
    customer: "Coastal Marine Outfitters",
    amount: "$2,730",
    detail: "Net 30 · 12 days past due",
    status: "Overdue",
  },
];

function InvoiceStatusList() {
  return (
    <MockFrame title="Invoices · March">
      <MetricRow
        metrics={[
          { label: "Outstanding", value: "$14,905" },
          { label: "Collected this month", value: "$38,120" },
        ]}
      />
      <MockList label="Recent invoices">
        {INVOICES.map((invoice) => (
          <MockRow
            key={invoice.number}
            primary={`${invoice.number} · ${invoice.customer}`}
            secondary={invoice.detail}
            value={invoice.amount}
            status={<Badge tone={STATUS_TONE[invoice.status]}>{invoice.status}</Badge>}
          />
        ))}
      </MockList>
    </MockFrame>
  );
}

const BELOW_THE_FOLD = featureIsland("invoice-management", () => import("./invoice-management/BelowTheFold"));

export default function InvoiceManagement() {
  return (
    <FeaturePage
      title="Invoices that go out on time and get paid faster"
      lead="Create invoices from your orders with the right payment terms, follow each one from draft to paid, and know every morning which dealers owe you and for how long."
      visual={<InvoiceStatusList />}
      belowTheFold={BELOW_THE_FOLD}
    />
  );
}
