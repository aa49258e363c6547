import { CtaSection } from "../../components/marketing/CtaSection";
import { ColumnChart, MetricRow, MockFrame, MockList, MockRow } from "../../components/marketing/Mock";
import { PageHero } from "../../components/marketing/PageHero";
import { Quote } from "../../components/marketing/Quote";
import { Section } from "../../components/marketing/Section";
import { formatUsd } from "../../content/format";
import { MANUFACTURERS_REP_PLAN } from "../../content/plans";
import { MANUFACTURER_TESTIMONIAL } from "../../content/testimonials";
import type { PageMeta } from "../../seo/meta";
import { percentOf, sum } from "./DashboardMock";
import { type FeatureGroup, FeatureGroups } from "./FeatureGroups";
import styles from "./ManufacturersReps.module.css";
import { PlanSpotlight } from "./PlanSpotlight";

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

const FEATURE_GROUPS: readonly FeatureGroup[] = [
  {
    name: "Analytics",
    title: "Know your numbers before your principal asks",
    intro:
      "Sales and commission figures update with every order, so line reviews start with facts, not spreadsheets.",
    features: [
      {
        icon: "chart",
        title: "Sales performance dashboard",
        text: "Year-to-date sales, commissions and orders on one screen, with month-by-month trends you can take into any meeting.",
      },
      {
        icon: "dollar",
        title: "Commission analysis",
        text: "See what you have earned on every order and what is still owed, without waiting for a statement to know your income.",
      },
      {
        icon: "store",
        title: "Dealer and product insights",
        text: "Spot growing and slipping dealers and your best-selling products with Customer Analysis and Product Performance reports.",
      },
    ],
  },
  {
    name: "Operations",
    title: "Spend your day selling, not typing",
    intro: "RepDesk takes the busywork out of order entry and follow-up, at your desk or from your phone.",
    features: [
      {
        icon: "cart",
        title: "Orders in minutes",
        text: "Build multi-line orders from your principal's catalog, with tiered quantity discounts applied as you go.",
      },
      {
        icon: "mail",
        title: "Automatic confirmations",
        text: "Dealers get a confirmation email with a deep link to the order the moment you submit it. No more follow-up calls.",
      },
      {
        icon: "truck",
        title: "Backorder tracking",
        text: "See every backordered item with its expected date and priority, and get a restock notification when it is back in stock.",
      },
    ],
  },
  {
    name: "Accuracy",
    title: "Get every order right the first time",
    intro:
      "Mistakes cost you commission and credibility. RepDesk checks each order before it reaches the factory.",
    features: [
      {
        icon: "alert",
        title: "MOQ checks with suggestions",
        text: "Minimum order quantities are checked as you type, with a suggestion of exactly how many units to add.",
      },
      {
        icon: "file",
        title: "Complete order history",
        text: "Every order keeps its lines, prices, notes and status changes in one record, so nobody argues over what was ordered.",
      },
      {
        icon: "shield",
        title: "Audit trail",
        text: "Every change to an order or a commission is recorded with who made it and when, ready when a question comes up.",
      },
    ],
  },
];

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
      <Section
        heading="Everything a manufacturer's rep needs, nothing you don't"
        intro="Analytics, operations and accuracy, built around the way a single-line rep works every day."
        tone="alt"
      >
        <FeatureGroups groups={FEATURE_GROUPS} />
      </Section>
      <Section heading="Manufacturer's reps spend their Fridays selling again">
        <Quote testimonial={MANUFACTURER_TESTIMONIAL} />
      </Section>
      <PlanSpotlight
        plan={MANUFACTURERS_REP_PLAN}
        source={SOURCE}
        heading="Everything your line needs for $79 a month"
        intro="The Manufacturer's Rep plan covers a single line with order tracking and history, basic reporting, the mobile app and email support."
      >
        <p className={styles.upgrade}>
          Picking up a second line? Move to the Independent Rep plan whenever you like and keep every order,
          dealer and report you have built.
        </p>
      </PlanSpotlight>
      <CtaSection
        source={SOURCE}
        heading="See your line's numbers in RepDesk"
        text="Add your principal's catalog and your dealers, write a real order and watch the confirmation go out. Free for 14 days, no credit card required."
      />
    </>
  );
}
