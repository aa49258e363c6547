import { MetricRow, MockFrame } from "../../components/marketing/Mock";
import { PageHero } from "../../components/marketing/PageHero";
import {
  type CommissionStatus,
  NameCell,
  SampleTable,
  StatusBadge,
} from "../../components/marketing/SampleTable";
import { formatUsd } from "../../content/format";
import { Island, island } from "../../routing/deferred";
import type { PageMeta } from "../../seo/meta";
import { formatUsdShort, sum } from "./figures";
import type { PersonaDetailsProps } from "./PersonaDetails";

export const meta: PageMeta = {
  title: "Multi-Line Commission Tracking for Independent Reps",
  description:
    "Every principal on one dashboard: unlimited lines, multi-principal orders, commission tracking and automatic reconciliation of vendor statements. $149/month.",
};

const SOURCE = "Independent Reps";

interface SampleLine {
  readonly principal: string;
  readonly category: string;
  /** Commission rate in percent. */
  readonly rate: number;
  readonly salesYtd: number;
  readonly status: CommissionStatus;
}

const LINES: readonly SampleLine[] = [
  {
    principal: "Northgate Tools",
    category: "Hand and power tools",
    rate: 6,
    salesYtd: 412_380,
    status: "Paid",
  },
  {
    principal: "Brightline Lighting",
    category: "Commercial LED",
    rate: 7,
    salesYtd: 298_150,
    status: "Pending",
  },
  {
    principal: "Harbor Supply Co.",
    category: "Jobsite supplies",
    rate: 5,
    salesYtd: 186_420,
    status: "Paid",
  },
  {
    principal: "Summit Outdoor",
    category: "Outdoor power",
    rate: 8,
    salesYtd: 143_960,
    status: "Processing",
  },
  { principal: "Keystone Fasteners", category: "Fasteners", rate: 5.5, salesYtd: 97_240, status: "Paid" },
];

const commissionOf = (line: SampleLine) => Math.round((line.salesYtd * line.rate) / 100);

function MultiLineDashboard() {
  const sales = sum(LINES.map((line) => line.salesYtd));
  const commissions = sum(LINES.map(commissionOf));
  const awaiting = sum(LINES.filter((line) => line.status !== "Paid").map(commissionOf));
  return (
    <MockFrame title="Multi-line dashboard">
      <MetricRow
        metrics={[
          { label: "Sales YTD", value: formatUsdShort(sales), detail: `${LINES.length} principals` },
          { label: "Commissions YTD", value: formatUsd(commissions) },
          { label: "Awaiting payment", value: formatUsd(awaiting), detail: "Pending or processing" },
        ]}
      />
      <SampleTable
        caption="Commissions by principal, year to date"
        columns={[
          { header: "Principal" },
          { header: "Sales YTD", numeric: true },
          { header: "Commission", numeric: true },
          { header: "Status", status: true },
        ]}
        rows={LINES.map((line) => ({
          key: line.principal,
          cells: [
            <NameCell key="principal" name={line.principal} detail={`${line.rate}% · ${line.category}`} />,
            formatUsd(line.salesYtd),
            formatUsd(commissionOf(line)),
            <StatusBadge key="status" status={line.status} />,
          ],
        }))}
      />
    </MockFrame>
  );
}

const DETAILS = island<PersonaDetailsProps>(
  "independent-reps-details",
  () => import("./IndependentRepsDetails"),
);

export default function IndependentReps() {
  return (
    <>
      <PageHero
        eyebrow="For Independent Representatives"
        title="Every line you carry, on one dashboard"
        lead="Stop logging in to a different portal for every principal. RepDesk puts sales and commissions for all your lines side by side, and checks every commission statement against the orders you wrote."
        source={SOURCE}
        visual={<MultiLineDashboard />}
      />
      <Island of={DETAILS} props={{ source: SOURCE }} />
    </>
  );
}
