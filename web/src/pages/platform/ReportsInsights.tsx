import { CtaSection } from "../../components/marketing/CtaSection";
import { Section } from "../../components/marketing/Section";
import { useFeatureView } from "../../components/marketing/useFeatureView";
import type { PageMeta } from "../../seo/meta";
import { type FeatureCard, FeatureCards } from "./feature-page/FeatureCards";
import { FeatureHero } from "./feature-page/FeatureHero";
import { ReportBuilder } from "./reports-insights/ReportBuilder";
import styles from "./reports-insights/ReportsInsights.module.css";
import { SalesOverview } from "./reports-insights/SalesOverview";

export const meta: PageMeta = {
  title: "Reports & Insights",
  description:
    "Sales, commission, product and customer reports from your live order data, a custom report builder, and export to PDF, Excel or CSV in one click.",
};

const PAGE_NAME = "Reports & Insights";

const REPORT_TYPE_CARDS: readonly FeatureCard[] = [
  {
    icon: "chart",
    title: "Sales Performance",
    text: "Sales by month, vendor, territory or rep, with year-over-year comparisons ready for your next line review.",
  },
  {
    icon: "dollar",
    title: "Commission Analysis",
    text: "What you have earned, what has been paid and what is still pending, by vendor and by order.",
  },
  {
    icon: "box",
    title: "Product Performance",
    text: "Your best and slowest sellers across every line, so you know what to push and what to talk to the factory about.",
  },
  {
    icon: "store",
    title: "Customer Analysis",
    text: "Which dealers are growing, which have gone quiet and how each one orders, before the next territory visit.",
  },
];

const BUILDER_CARDS: readonly FeatureCard[] = [
  {
    icon: "sliders",
    title: "Build the report you need",
    text: "Pick a report type and a date range, then choose charts, a comparison with the previous period and grouping by vendor.",
  },
  {
    icon: "clock",
    title: "Always up to date",
    text: "Reports read the same orders and commissions you work with every day, so nobody re-keys figures into a spreadsheet.",
  },
  {
    icon: "phone",
    title: "Numbers in your pocket",
    text: "Run a report from your phone in the parking lot and walk into the meeting with this quarter's figures.",
  },
];

const EXPORT_CARDS: readonly FeatureCard[] = [
  {
    icon: "file",
    title: "PDF for meetings",
    text: "A clean, paginated report with charts to hand a principal or e-mail to a dealer after a review.",
  },
  {
    icon: "download",
    title: "Excel for analysis",
    text: "A workbook with every row behind the report, ready for your own pivots and formulas.",
  },
  {
    icon: "layers",
    title: "CSV for everything else",
    text: "Plain data for your accountant, your CRM or any of the 50+ tools RepDesk integrates with. Your data is always yours to export.",
  },
];

/** SPEC.md "Feature pages": Reports & Insights, with the sample KPIs and the report builder form. */
export default function ReportsInsights() {
  useFeatureView(PAGE_NAME);

  return (
    <>
      <FeatureHero
        eyebrow={PAGE_NAME}
        title="Know where your sales and commissions stand, any day of the year"
        lead="RepDesk turns every order and commission into reports you can trust: sales performance, commissions, products and customers, built in seconds and exported in one click."
        source={PAGE_NAME}
        visual={<SalesOverview />}
      />
      <Section
        eyebrow="Report types"
        heading="Four reports that answer the questions reps get asked"
        intro="Every report reads the orders, dealers and commissions already in RepDesk, for a single line or every line your agency carries."
        tone="alt"
      >
        <FeatureCards cards={REPORT_TYPE_CARDS} />
      </Section>
      <Section
        eyebrow="Custom report builder"
        heading="Your report, your date range, your way"
        intro="Choose what to report on and how to show it. Try the sample builder below."
      >
        <div className={styles.split}>
          <ReportBuilder />
          <FeatureCards cards={BUILDER_CARDS} stacked />
        </div>
      </Section>
      <Section
        eyebrow="Export"
        heading="Export as PDF, Excel or CSV"
        intro="Share a polished report with a principal, or take the raw numbers anywhere you like."
        tone="alt"
      >
        <FeatureCards cards={EXPORT_CARDS} />
      </Section>
      <CtaSection
        source={PAGE_NAME}
        heading="Run your first report this week"
        text="Bring in your orders and see your sales, commissions and best dealers on one screen. Free for 14 days, no credit card required."
      />
    </>
  );
}
