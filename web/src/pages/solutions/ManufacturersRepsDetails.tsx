import { CtaSection } from "../../components/marketing/CtaSection";
import { Quote } from "../../components/marketing/Quote";
import { Section } from "../../components/marketing/Section";
import { MANUFACTURERS_REP_PLAN } from "../../content/plans";
import { MANUFACTURER_TESTIMONIAL } from "../../content/testimonials";
import { type FeatureGroup, FeatureGroups } from "./FeatureGroups";
import styles from "./ManufacturersReps.module.css";
import type { PersonaDetailsProps } from "./PersonaDetails";
import { PlanSpotlight } from "./PlanSpotlight";

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

/** The Manufacturer's Reps page below its hero: hydrated when it nears the viewport (decision 0012). */
export default function ManufacturersRepsDetails({ source }: PersonaDetailsProps) {
  return (
    <>
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
        source={source}
        heading="Everything your line needs for $79 a month"
        intro="The Manufacturer's Rep plan covers a single line with order tracking and history, basic reporting, the mobile app and email support."
      >
        <p className={styles.upgrade}>
          Picking up a second line? Move to the Independent Rep plan whenever you like and keep every order,
          dealer and report you have built.
        </p>
      </PlanSpotlight>
      <CtaSection
        source={source}
        heading="See your line's numbers in RepDesk"
        text="Add your principal's catalog and your dealers, write a real order and watch the confirmation go out. Free for 14 days, no credit card required."
      />
    </>
  );
}
