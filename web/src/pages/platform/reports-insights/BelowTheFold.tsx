import { CtaSection } from "../../../components/marketing/CtaSection";
import { type Feature, FeatureGrid, FeatureOverview } from "../../../components/marketing/FeatureGrid";
import type { BelowTheFoldProps } from "../../../components/marketing/FeaturePage";
import { Section } from "../../../components/marketing/Section";
import { SideBySide } from "../../../components/marketing/Split";
import { ReportBuilder } from "./ReportBuilder";

const REPORT_TYPE_CARDS: readonly Feature[] = [
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

const BUILDER_CARDS: readonly Feature[] = [
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
    icon: "mobile",
    title: "Numbers in your pocket",
    text: "Run a report from your phone in the parking lot and walk into the meeting with this quarter's figures.",
  },
];

const EXPORT_CARDS: readonly Feature[] = [
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

/** Reports & Insights below the hero (an island, see ../ReportsInsights.tsx). */
export default function BelowTheFold({ source }: BelowTheFoldProps) {
  return (
    <>
      <FeatureOverview
        eyebrow="Report types"
        heading="Four reports that answer the questions reps get asked"
        intro="Every report reads the orders, dealers and commissions already in RepDesk, for a single line or every line your agency carries."
        features={REPORT_TYPE_CARDS}
      />
      <Section
        eyebrow="Custom report builder"
        heading="Your report, your date range, your way"
        intro="Choose what to report on and how to show it. Try the sample builder below."
      >
        <SideBySide>
          <ReportBuilder />
          <FeatureGrid features={BUILDER_CARDS} stacked />
        </SideBySide>
      </Section>
      <Section
        eyebrow="Export"
        heading="Export as PDF, Excel or CSV"
        intro="Share a polished report with a principal, or take the raw numbers anywhere you like."
        tone="alt"
      >
        <FeatureGrid features={EXPORT_CARDS} />
      </Section>
      <CtaSection
        source={source}
        heading="Run your first report this week"
        text="Bring in your orders and see your sales, commissions and best dealers on one screen. Free for 14 days, no credit card required."
      />
    </>
  );
}
