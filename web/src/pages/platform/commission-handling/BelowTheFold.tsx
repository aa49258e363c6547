import { CtaSection } from "../../../components/marketing/CtaSection";
import { type Feature, FeatureOverview } from "../../../components/marketing/FeatureGrid";
import type { BelowTheFoldProps } from "../../../components/marketing/FeaturePage";
import {
  Badge,
  Bar,
  MockFrame,
  MockHeader,
  MockList,
  MockNote,
  MockRow,
} from "../../../components/marketing/Mock";
import { Quote } from "../../../components/marketing/Quote";
import { Section } from "../../../components/marketing/Section";
import { CheckList, Split } from "../../../components/marketing/Split";
import { Steps } from "../../../components/marketing/Steps";
import { formatUsd } from "../../../content/format";
import { INDEPENDENT_TESTIMONIAL } from "../../../content/testimonials";
import { PRINCIPAL_PLANS } from "./commissions";
import { Reconciliation } from "./Reconciliation";

const FEATURES: readonly Feature[] = [
  {
    icon: "layers",
    title: "Commission tiers and tracking",
    text: "Enter each principal's rates once — flat, tiered by volume or with new-dealer bonuses. Every order's commission is tracked from written to shipped to paid.",
  },
  {
    icon: "refresh",
    title: "Statement reconciliation",
    text: "Import a vendor's commission statement and RepDesk matches it line by line against the amounts it tracked, flagging every variance.",
  },
  {
    icon: "alert",
    title: "Dispute management",
    text: "Turn a variance into a dispute with the orders attached, send it to the principal and follow it until the credit shows up on a statement.",
  },
  {
    icon: "chart",
    title: "Performance analytics",
    text: "See commission by principal, dealer, territory and month, compare it with last year and find the lines that pay best for your time.",
  },
  {
    icon: "target",
    title: "Team and goal tracking",
    text: "Set monthly or quarterly commission goals for each rep and watch progress update as orders ship, with the reps who need support flagged early.",
  },
  {
    icon: "split",
    title: "Split commissions",
    text: "Share an order between an outside rep and an inside rep, or between two territories, by percentage. Each person's share is tracked separately.",
  },
  {
    icon: "shield",
    title: "Audit trail",
    text: "Every rate change, adjustment, split and dispute is recorded with who made it and when, so agency owners can answer any question about a payout.",
  },
  {
    icon: "mobile",
    title: "Mobile access",
    text: "Check what a principal owes you or look up a statement from your phone between dealer visits. Every screen is built mobile-first.",
  },
];

function MultiLineCommissions() {
  return (
    <MockFrame title="Principals · commission plans">
      <MockList label="Rates and tiers by principal">
        {PRINCIPAL_PLANS.map((plan) => (
          <MockRow
            key={plan.vendor}
            primary={plan.vendor}
            secondary={plan.tiers}
            value={formatUsd(plan.ytdCommission)}
            status={<Badge tone="info">{plan.currentTier}</Badge>}
          />
        ))}
      </MockList>
      <MockNote label="Next tier">
        Northgate Tools moves to 8% at $600,000 in sales — about $75,000 to go this year.
      </MockNote>
    </MockFrame>
  );
}

function DisputeMock() {
  return (
    <MockFrame title="Dispute · Brightline Lighting">
      <MockHeader
        title="August statement short by $730"
        detail="2 orders paid at 5% instead of 7% · SO-24652, SO-24671"
        aside={<Badge tone="warn">Open</Badge>}
      />
      <Steps
        label="Dispute progress"
        steps={[
          { label: "Variance found", detail: "Sep 4", state: "done" },
          { label: "Sent to principal", detail: "Sep 5", state: "current" },
          { label: "Credit received", state: "upcoming" },
        ]}
      />
      <MockList label="Audit trail">
        <MockRow primary="Dispute sent to Brightline accounting" secondary="Sep 5 · Marcus Ortega" />
        <MockRow primary="Orders and rate agreement attached" secondary="Sep 5 · Marcus Ortega" />
        <MockRow primary="Variance of -$730 flagged on import" secondary="Sep 4 · RepDesk" />
      </MockList>
    </MockFrame>
  );
}

interface RepGoal {
  readonly rep: string;
  readonly earned: number;
  readonly goal: number;
}

const REP_GOALS: readonly RepGoal[] = [
  { rep: "Jordan Lee", earned: 27_600, goal: 30_000 },
  { rep: "Sam Patel", earned: 14_850, goal: 25_000 },
];

function TeamMock() {
  return (
    <MockFrame title="Team · Q3 commission goals">
      <MockList label="Split on order SO-24790 · $1,116 commission">
        <MockRow primary="Jordan Lee" secondary="Outside rep · 60%" value="$670" />
        <MockRow primary="Sam Patel" secondary="Inside rep · 40%" value="$446" />
      </MockList>
      <MockList label="Progress to goal">
        {REP_GOALS.map(({ rep, earned, goal }) => {
          const percent = Math.round((earned / goal) * 100);
          const onTrack = percent >= 75;
          return (
            <MockRow
              key={rep}
              primary={rep}
              secondary={
                <>
                  <Bar percent={percent} tone={onTrack ? "success" : "warn"} />
                  {formatUsd(earned)} of {formatUsd(goal)} · {percent}%
                </>
              }
              status={
                <Badge tone={onTrack ? "success" : "warn"}>{onTrack ? "On Track" : "Needs Support"}</Badge>
              }
            />
          );
        })}
      </MockList>
    </MockFrame>
  );
}

/** CommissionHandling: everything below the hero (an island, see ../CommissionHandling.tsx). */
export default function BelowTheFold({ source }: BelowTheFoldProps) {
  return (
    <>
      <FeatureOverview
        heading="Commission handling built for multi-line reps"
        intro="Reps lose real money to statements nobody has time to check. RepDesk does the checking for you, from the first order to the final payout."
        features={FEATURES}
      />
      <Split
        heading="Every principal's rates and tiers in one place"
        eyebrow="Multi-line commission management"
        visual={<MultiLineCommissions />}
      >
        <p>
          Each of your principals pays differently. Enter every agreement once — a flat rate, volume tiers,
          bonuses on new dealers — and RepDesk applies it to each order, moves you up a tier when you cross a
          threshold and totals what every line has earned this year.
        </p>
        <CheckList
          items={[
            "Flat, tiered and bonus rates per principal",
            "Tier changes applied automatically at each threshold",
            "Year-to-date commission by line, dealer and territory",
          ]}
        />
      </Split>
      <Split
        heading="Automated reconciliation of vendor statements"
        eyebrow="Statement vs tracked"
        visual={<Reconciliation />}
        reverse
        tone="alt"
      >
        <p>
          When a commission statement arrives, import it as a PDF, Excel or CSV file. RepDesk lines each
          vendor's statement amount up against the amount it tracked from your shipped orders: matches are
          cleared, and every variance is flagged with the orders behind it.
        </p>
        <CheckList
          items={[
            "Matched or Variance on every vendor, every month",
            "Short payments totalled so you know what to recover",
            "Rate and order details one click from each variance",
          ]}
        />
      </Split>
      <Split
        heading="Disputes with the evidence attached"
        eyebrow="Dispute management"
        visual={<DisputeMock />}
      >
        <p>
          A variance becomes a dispute in one step. RepDesk attaches the orders and the rate you agreed, sends
          it to the principal and keeps it open until the credit appears on a later statement.
        </p>
        <p>
          Every step lands in the audit trail — who changed a rate, who approved an adjustment and when — so
          there is never an argument about what happened.
        </p>
      </Split>
      <Split
        heading="Split commissions and goals for the whole team"
        eyebrow="Team and goal tracking"
        visual={<TeamMock />}
        reverse
        tone="alt"
      >
        <p>
          Agencies share orders between outside and inside reps, or across territories. Set the split once and
          each rep's share is tracked, reported and paid out separately.
        </p>
        <CheckList
          items={[
            "Percentage splits per order, dealer or territory",
            "Monthly and quarterly goals for every rep",
            "Performance analytics for owners, from any device",
          ]}
        />
      </Split>
      <Section heading="Reps who reconcile get paid what they earned">
        <Quote testimonial={INDEPENDENT_TESTIMONIAL} />
      </Section>
      <CtaSection
        source={source}
        heading="Reconcile your next commission statement in RepDesk"
        text="Add your principals and their rates, import last month's statements and see what you're owed — free for 14 days, no credit card needed."
      />
    </>
  );
}
