import { CtaSection } from "../../components/marketing/CtaSection";
import { type Feature, FeatureGrid } from "../../components/marketing/FeatureGrid";
import { MockFrame, MockNote } from "../../components/marketing/Mock";
import { Quote } from "../../components/marketing/Quote";
import { type ReconciliationStatus, SampleTable, StatusBadge } from "../../components/marketing/SampleTable";
import { Section } from "../../components/marketing/Section";
import { CheckList, Split } from "../../components/marketing/Split";
import { formatUsd } from "../../content/format";
import { INDEPENDENT_REP_PLAN } from "../../content/plans";
import { INDEPENDENT_TESTIMONIAL } from "../../content/testimonials";
import { sum } from "./figures";
import type { PersonaDetailsProps } from "./PersonaDetails";
import { PlanSpotlight } from "./PlanSpotlight";

interface SampleStatement {
  readonly vendor: string;
  readonly statement: number;
  readonly tracked: number;
}

/** Third-quarter commission statements as each vendor reported them, beside what RepDesk tracked. */
const STATEMENTS: readonly SampleStatement[] = [
  { vendor: "Northgate Tools", statement: 8_412, tracked: 8_412 },
  { vendor: "Brightline Lighting", statement: 6_935, tracked: 7_394 },
  { vendor: "Harbor Supply Co.", statement: 3_108, tracked: 3_108 },
  { vendor: "Summit Outdoor", statement: 4_220, tracked: 4_220 },
];

const resultOf = (statement: SampleStatement): ReconciliationStatus =>
  statement.statement === statement.tracked ? "Matched" : "Variance";

function ReconciliationMock() {
  const shortfall = sum(STATEMENTS.map((row) => row.tracked - row.statement));
  return (
    <MockFrame title="Statement reconciliation · Q3">
      <SampleTable
        caption="Vendor commission statements"
        columns={[
          { header: "Vendor" },
          { header: "Statement", numeric: true },
          { header: "Tracked", numeric: true },
          { header: "Result", status: true },
        ]}
        rows={STATEMENTS.map((row) => ({
          key: row.vendor,
          cells: [
            row.vendor,
            formatUsd(row.statement),
            formatUsd(row.tracked),
            <StatusBadge key="result" status={resultOf(row)} />,
          ],
        }))}
      />
      <MockNote label="Variance found">
        Brightline Lighting's statement is {formatUsd(shortfall)} short: order SO-24790 for Lakeside Hardware
        Supply is missing. A dispute has been opened with the order attached.
      </MockNote>
    </MockFrame>
  );
}

const FEATURES: readonly Feature[] = [
  {
    icon: "layers",
    title: "Unlimited lines",
    text: "Add every principal you represent. Five lines or fifty, the price stays the same, and each line keeps its own products, pricing and rates.",
  },
  {
    icon: "cart",
    title: "Multi-principal orders",
    text: "Write one order for a dealer that spans several principals. Each manufacturer receives only its own lines, with its own confirmation.",
  },
  {
    icon: "dollar",
    title: "Commission tracking",
    text: "Set each principal's rate, including tiers by product or volume, and see the commission earned on every order the day you write it.",
  },
  {
    icon: "refresh",
    title: "Statement reconciliation",
    text: "Import each vendor's commission statement and RepDesk checks it line by line against what you tracked, flagging every variance.",
  },
  {
    icon: "alert",
    title: "Dispute management",
    text: "When a statement comes up short, open a dispute with the missing orders attached and follow it until the money arrives.",
  },
  {
    icon: "chart",
    title: "Custom reporting",
    text: "Build reports by principal, dealer, territory or product for your line reviews, and export them as PDF, Excel or CSV.",
  },
  {
    icon: "truck",
    title: "Vendor performance",
    text: "See which principals ship on time, how quickly they answer and where backorders pile up, before you recommend them to a dealer.",
  },
  {
    icon: "mobile",
    title: "Mobile access",
    text: "Check a principal's numbers or write an order from the dealer's counter. Everything you can do at your desk works on your phone.",
  },
];

/** The Independent Reps page below its hero: hydrated when it nears the viewport (decision 0012). */
export default function IndependentRepsDetails({ source }: PersonaDetailsProps) {
  return (
    <>
      <Section
        heading="Built for reps who sell for many principals"
        intro="Multi-line reps juggle more than anyone in the channel. RepDesk keeps every line, order and commission straight, so you can spend your week selling."
        tone="alt"
      >
        <FeatureGrid features={FEATURES} />
      </Section>
      <Split
        eyebrow="Reconciliation"
        heading="Catch short payments before they cost you"
        visual={<ReconciliationMock />}
      >
        <p>
          Principals make mistakes on commission statements, and most reps never have time to check them.
          RepDesk does it for you: every statement is matched against the commissions you tracked, order by
          order.
        </p>
        <CheckList
          items={[
            "Matched statements are cleared automatically",
            "Every variance shows the orders behind it",
            "Open a dispute in one click and track it to payment",
          ]}
        />
      </Split>
      <Section heading="Independent reps get paid what they earned">
        <Quote testimonial={INDEPENDENT_TESTIMONIAL} />
      </Section>
      <PlanSpotlight
        plan={INDEPENDENT_REP_PLAN}
        source={source}
        heading="One price for every line you carry"
        intro="The Independent Rep plan is our most popular: unlimited lines, multi-principal orders and reconciliation for $149 a month."
      />
      <CtaSection
        source={source}
        heading="Put every line on one dashboard this week"
        text="Add your principals, import a commission statement and see what RepDesk finds. Free for 14 days, no credit card required."
      />
    </>
  );
}
