import { Bar, MetricRow, MockFrame } from "../../components/marketing/Mock";
import { PageHero } from "../../components/marketing/PageHero";
import { NameCell, type RepStatus, SampleTable, StatusBadge } from "../../components/marketing/SampleTable";
import { formatUsd } from "../../content/format";
import { Island, island } from "../../routing/deferred";
import type { PageMeta } from "../../seo/meta";
import styles from "./AgencyOwners.module.css";
import { formatUsdShort, percentOf, sum } from "./figures";
import type { PersonaDetailsProps } from "./PersonaDetails";

export const meta: PageMeta = {
  title: "Agency Management Software for Rep Agency Owners",
  description:
    "Every rep, goal and payout on one screen: team tracking, split commissions, role-based access and audit trails for rep agencies. From $349/month.",
};

const SOURCE = "Agency Owners";

interface SampleRep {
  readonly name: string;
  readonly territory: string;
  readonly salesYtd: number;
  readonly goal: number;
  readonly status: RepStatus;
}

/** Illustrative team: five reps, the number the Agency plan's base price covers. */
const TEAM: readonly SampleRep[] = [
  {
    name: "Jordan Ellis",
    territory: "Ohio Valley",
    salesYtd: 612_400,
    goal: 550_000,
    status: "Top Performer",
  },
  { name: "Maria Chen", territory: "Great Lakes", salesYtd: 498_700, goal: 520_000, status: "On Track" },
  { name: "Sam Okafor", territory: "Mid-South", salesYtd: 441_300, goal: 480_000, status: "Steady" },
  { name: "Leah Novak", territory: "Rockies", salesYtd: 302_600, goal: 450_000, status: "Opportunity" },
  { name: "Tyler Brooks", territory: "Plains", salesYtd: 218_900, goal: 400_000, status: "Needs Support" },
];

/** The agency's average commission rate across its principals, for the sample figures. */
const AGENCY_COMMISSION_RATE = 0.06;

function GoalCell({ percent }: { readonly percent: number }) {
  return (
    <span className={styles.goal}>
      <span>{percent}%</span>
      <Bar percent={Math.min(percent, 100)} tone={percent >= 90 ? "success" : "warn"} />
    </span>
  );
}

function TeamDashboard() {
  const teamSales = sum(TEAM.map((rep) => rep.salesYtd));
  const teamGoal = sum(TEAM.map((rep) => rep.goal));
  return (
    <MockFrame title="Team dashboard">
      <MetricRow
        metrics={[
          { label: "Team sales YTD", value: formatUsdShort(teamSales) },
          {
            label: "Team goal",
            value: `${percentOf(teamSales, teamGoal)}%`,
            detail: `of ${formatUsdShort(teamGoal)}`,
          },
          { label: "Agency commissions", value: formatUsd(teamSales * AGENCY_COMMISSION_RATE) },
        ]}
      />
      <SampleTable
        caption="Reps by sales, year to date"
        columns={[
          { header: "Rep" },
          { header: "Sales YTD", numeric: true },
          { header: "Goal" },
          { header: "Status", status: true },
        ]}
        rows={TEAM.map((rep) => ({
          key: rep.name,
          cells: [
            <NameCell key="rep" name={rep.name} detail={rep.territory} />,
            formatUsd(rep.salesYtd),
            <GoalCell key="goal" percent={percentOf(rep.salesYtd, rep.goal)} />,
            <StatusBadge key="status" status={rep.status} />,
          ],
        }))}
      />
    </MockFrame>
  );
}

const DETAILS = island<PersonaDetailsProps>("agency-owners-details", () => import("./AgencyOwnersDetails"));

export default function AgencyOwners() {
  return (
    <>
      <PageHero
        eyebrow="For Agency Owners"
        title="Run your whole agency from one screen"
        lead="See every rep's sales, goals and commissions side by side, pay splits right the first time, and decide exactly who sees what, without another spreadsheet."
        source={SOURCE}
        visual={<TeamDashboard />}
      />
      <Island of={DETAILS} props={{ source: SOURCE }} />
    </>
  );
}
