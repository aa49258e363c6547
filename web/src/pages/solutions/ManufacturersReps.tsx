import { ColumnChart, MetricRow, MockFrame, MockList, MockRow } from "../../components/marketing/Mock";
import { PageHero } from "../../components/marketing/PageHero";
import { formatUsd } from "../../content/format";
import { Island, island } from "../../routing/deferred";
import type { PageMeta } from "../../seo/meta";
import { percentOf, sum } from "./figures";
import styles from "./ManufacturersReps.module.css";
import type { PersonaDetailsProps } from "./PersonaDetails";

export const meta: PageMeta = {
  title: "Order Management for Manufacturer's Representatives",
  description:
    "Track every order, dealer and commission for the line you represent: sales analytics, faster order entry and MOQ checks. From $79/month, free for 14 days.",
};

const SOURCE = "Manufacturer's Reps";

/** Illustrative monthly sales for one line, January to September. */
const MONTHLY_SALES = [
  { month: "January", sales: 72_400 },
  { month: "February", sales: 81_300 },
  { month: "March", sales: 94_800 },
  { month: "April", sales: 88_600 },
  { month: "May", sales: 102_900 },
  { month: "June", sales: 97_500 },
  { month: "July", sales: 91_200 },
  { month: "August", sales: 104_300 },
  { month: "September", sales: 113_200 },
] as const;

const COMMISSION_PERCENT = 6.5;

const TOP_DEALERS = [
  { name: "Lakeside Hardware Supply", orders: 41, sales: 128_400 },
  { name: "Crestview Building Center", orders: 33, sales: 96_750 },
  { name: "Riverbend Farm & Home", orders: 27, sales: 71_300 },
];

function salesSummary(): string {
  const byValue = [...MONTHLY_SALES].sort((a, b) => a.sales - b.sales);
  const lowest = byValue[0];
  const highest = byValue[byValue.length - 1];
  if (!lowest || !highest) return "Monthly sales";
  return `Monthly sales, January to September: lowest ${formatUsd(lowest.sales)} in ${lowest.month}, highest ${formatUsd(highest.sales)} in ${highest.month}.`;
}

function PerformanceDashboard() {
  const sales = sum(MONTHLY_SALES.map((month) => month.sales));
  const best = Math.max(...MONTHLY_SALES.map((month) => month.sales));
  return (
    <MockFrame title="Performance dashboard">
      <MetricRow
        metrics={[
          { label: "YTD sales", value: formatUsd(sales), detail: "+14% vs last year" },
          {
            label: "Commissions",
            value: formatUsd((sales * COMMISSION_PERCENT) / 100),
            detail: `${COMMISSION_PERCENT}% of sales`,
          },
          { label: "Orders", value: "318", detail: "24 open" },
        ]}
      />
      <div className={styles.chart}>
        <p className={styles.chartTitle}>Monthly sales</p>
        <ColumnChart
          summary={salesSummary()}
          columns={MONTHLY_SALES.map((month) => ({
            label: month.month.slice(0, 3),
            percent: percentOf(month.sales, best),
          }))}
        />
      </div>
      <MockList label="Top dealers this year">
        {TOP_DEALERS.map((dealer) => (
          <MockRow
            key={dealer.name}
            primary={dealer.name}
            secondary={`${dealer.orders} orders`}
            value={formatUsd(dealer.sales)}
          />
        ))}
      </MockList>
    </MockFrame>
  );
}

const DETAILS = island<PersonaDetailsProps>(
  "manufacturers-reps-details",
  () => import("./ManufacturersRepsDetails"),
);

export default function ManufacturersReps() {
  return (
    <>
      <PageHero
        eyebrow="For Manufacturer's Representatives"
        title="Sell more of your line, with less paperwork"
        lead="RepDesk gives manufacturer's reps one place for every order, dealer and commission, with the numbers your principal asks for ready before they ask."
        source={SOURCE}
        visual={<PerformanceDashboard />}
      />
      <Island of={DETAILS} props={{ source: SOURCE }} />
    </>
  );
}
