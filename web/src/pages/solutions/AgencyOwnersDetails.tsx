import { CtaSection } from "../../components/marketing/CtaSection";
import { type Feature, FeatureGrid } from "../../components/marketing/FeatureGrid";
import { MockFrame, MockList, MockNote, MockRow } from "../../components/marketing/Mock";
import { Quote } from "../../components/marketing/Quote";
import { Section } from "../../components/marketing/Section";
import { CheckList, Split } from "../../components/marketing/Split";
import { formatUsd } from "../../content/format";
import { AGENCY_PLAN } from "../../content/plans";
import { AGENCY_TESTIMONIAL } from "../../content/testimonials";
import styles from "./AgencyOwners.module.css";
import type { PersonaDetailsProps } from "./PersonaDetails";
import { PlanSpotlight } from "./PlanSpotlight";

const SPLIT_ORDER = { total: 18_400, rate: 0.06 };
const SPLIT_SHARES = [
  { rep: "Maria Chen", role: "Account owner", share: 0.6 },
  { rep: "Sam Okafor", role: "Closed the order on site", share: 0.4 },
];

function SplitCommissionMock() {
  const commission = SPLIT_ORDER.total * SPLIT_ORDER.rate;
  return (
    <MockFrame title="Split commission · SO-31207">
      <MockList label="Order SO-31207 · Lakeside Hardware Supply">
        <MockRow primary="Order total" value={formatUsd(SPLIT_ORDER.total)} />
        <MockRow primary="Commission" secondary="6% Brightline Lighting" value={formatUsd(commission)} />
      </MockList>
      <MockList label="Split between reps">
        {SPLIT_SHARES.map((share) => (
          <MockRow
            key={share.rep}
            primary={`${share.rep} · ${Math.round(share.share * 100)}%`}
            secondary={share.role}
            value={formatUsd(commission * share.share)}
          />
        ))}
      </MockList>
      <MockNote label="Audit trail">
        Split set to 60/40 by Priya Raman (Owner). Approved for the next payout run by the sales manager.
      </MockNote>
    </MockFrame>
  );
}

const AGENCY_FEATURES: readonly Feature[] = [
  {
    icon: "users",
    title: "Unlimited reps",
    text: "Add every rep, inside sales coordinator and administrator on your team. There is no seat cap: pricing scales with volume discounts as you grow.",
  },
  {
    icon: "layers",
    title: "Multi-rep management",
    text: "Assign territories, accounts and lines to each rep, and hand them over in a few clicks when someone moves on, with every order history intact.",
  },
  {
    icon: "target",
    title: "Team and goal tracking",
    text: "Set goals per rep and watch progress update with every order, with clear labels for who is on track and who needs support.",
  },
  {
    icon: "split",
    title: "Split commissions",
    text: "Share any order between two or more reps by percentage. Each share flows into that rep's statement and your payout run automatically.",
  },
  {
    icon: "shield",
    title: "Role-based access controls",
    text: "Owners see everything, managers see their team, and reps see their own accounts and commissions. You decide who can change rates and payouts.",
  },
  {
    icon: "file",
    title: "Audit trails",
    text: "Every change to an order, a commission rate or a split is recorded with who made it and when, so questions are settled with facts.",
  },
  {
    icon: "dollar",
    title: "Automated payouts",
    text: "Payouts are calculated from reconciled commission statements. Review the run once, approve it and export it to payroll.",
  },
  {
    icon: "chart",
    title: "Advanced analytics",
    text: "Compare reps, territories and principals side by side, and take a ready-made performance report into every line review.",
  },
];

const PRICING_TIERS = [
  { reps: "Up to 5 reps", price: "$349/month" },
  { reps: "6 to 19 reps", price: "Volume discounts" },
  { reps: "20+ reps", price: "Custom enterprise pricing" },
];

/** The Agency Owners page below its hero: hydrated when it nears the viewport (decision 0012). */
export default function AgencyOwnersDetails({ source }: PersonaDetailsProps) {
  return (
    <>
      <Section
        heading="Built for agencies, from five reps to fifty"
        intro="RepDesk gives owners and sales managers the control an agency needs, and gives every rep a simple place to sell."
        tone="alt"
      >
        <FeatureGrid features={AGENCY_FEATURES} />
      </Section>
      <Split
        eyebrow="Split commissions"
        heading="Shared orders, paid fairly and on record"
        visual={<SplitCommissionMock />}
      >
        <p>
          When one rep owns the account and another closes the order, set the split once. RepDesk pays each
          share from the principal's commission and keeps a record of who agreed to what.
        </p>
        <CheckList
          items={[
            "Splits by percentage across any number of reps",
            "Each share lands on the right rep's statement",
            "An audit trail for every rate, split and payout change",
          ]}
        />
      </Split>
      <PlanSpotlight
        plan={AGENCY_PLAN}
        source={source}
        heading="Agency pricing that grows with your team"
        intro="Agency pricing starts at $349 for up to 5 reps, then scales with volume discounts. Custom enterprise pricing applies for agencies with 20+ reps."
      >
        <h3 className={styles.tiersHeading}>How agency pricing scales</h3>
        <dl className={styles.tiers}>
          {PRICING_TIERS.map((tier) => (
            <div key={tier.reps} className={styles.tier}>
              <dt>{tier.reps}</dt>
              <dd>{tier.price}</dd>
            </div>
          ))}
        </dl>
      </PlanSpotlight>
      <Section heading="Agency owners run their teams on RepDesk">
        <Quote testimonial={AGENCY_TESTIMONIAL} />
      </Section>
      <CtaSection
        source={source}
        heading="See RepDesk with your agency's own numbers"
        text="Book a demo and we'll walk through your reps, lines and commission splits, or start a 14-day free trial with no credit card."
      />
    </>
  );
}
