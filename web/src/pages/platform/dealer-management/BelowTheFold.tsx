import { CtaSection } from "../../../components/marketing/CtaSection";
import { type Feature, FeatureGrid, FeatureOverview } from "../../../components/marketing/FeatureGrid";
import type { BelowTheFoldProps } from "../../../components/marketing/FeaturePage";
import { Section } from "../../../components/marketing/Section";
import { SideBySide } from "../../../components/marketing/Split";
import { DEALER_GROUPS, DEALER_ORDER_HISTORY, DEALER_TIERS, SAMPLE_DEALER } from "./dealers";
import { OrderHistory } from "./OrderHistory";
import { TierPricing } from "./TierPricing";

const PROFILE_FEATURES: readonly Feature[] = [
  {
    icon: "users",
    title: "Every contact at every dealer",
    text: "Store the buyer, the owner and accounts payable on one profile, each with a title, phone and email, so the right person gets the right message.",
  },
  {
    icon: "star",
    title: "Tiers that drive pricing",
    text: "Put each dealer on a tier and RepDesk applies that tier's pricing to every order you write for them, with no price sheet lookups.",
  },
  {
    icon: "chart",
    title: "Account figures at a glance",
    text: "Year-to-date orders, total orders and year-to-date sales sit at the top of the profile, ready for your next visit or phone call.",
  },
  {
    icon: "mobile",
    title: "On the road, on your phone",
    text: "Pull up a dealer's contacts and history from the parking lot before you walk in. The mobile-first design works on any screen.",
  },
];

const GROUP_FEATURES: readonly Feature[] = [
  {
    icon: "layers",
    title: "Tier pricing without spreadsheets",
    text: "Set a discount and a minimum order per tier once. Move a dealer up a tier and their next order is priced to match.",
  },
  {
    icon: "store",
    title: "Dealer groups",
    text: "Group dealers by buying co-op, territory or promotion to send announcements, run reports and compare accounts side by side.",
  },
];

const HISTORY_FEATURES: readonly Feature[] = [
  {
    icon: "file",
    title: "Complete order history",
    text: "Every order a dealer has placed, across every vendor you represent, with its lines, notes and current status.",
  },
  {
    icon: "refresh",
    title: "Reorders in a few taps",
    text: "Start a new order from any past one and adjust the quantities, with tiered discounts and MOQ checks applied as you go.",
  },
  {
    icon: "mail",
    title: "Confirmations to the right people",
    text: "Order confirmations with a deep link go to the dealer contacts you choose, so the buyer and accounts payable both stay informed.",
  },
];

/** Dealer Management below the hero (an island, see ../DealerManagement.tsx). */
export default function BelowTheFold({ source }: BelowTheFoldProps) {
  return (
    <>
      <FeatureOverview
        eyebrow="Dealer profiles"
        heading="One profile per dealer, everyone on it"
        intro="Dealers rarely have just one person to talk to. RepDesk records them all, with the tier and figures that shape how you sell to the account."
        features={PROFILE_FEATURES}
      />
      <Section
        eyebrow="Dealer groups and tier pricing"
        heading="Price by tier, organise by group"
        intro="Independent reps and agencies manage dozens or hundreds of accounts. Tiers and groups keep pricing consistent and make large account lists manageable."
      >
        <SideBySide>
          <FeatureGrid features={GROUP_FEATURES} stacked />
          <TierPricing tiers={DEALER_TIERS} groups={DEALER_GROUPS} />
        </SideBySide>
      </Section>
      <Section
        eyebrow="Order history"
        heading="Every order a dealer has placed, in one list"
        intro="Answer “when did we last ship that?” in seconds, and spot accounts that have gone quiet before your principal does."
        tone="alt"
      >
        <SideBySide>
          <OrderHistory dealerName={SAMPLE_DEALER.name} orders={DEALER_ORDER_HISTORY} />
          <FeatureGrid features={HISTORY_FEATURES} stacked />
        </SideBySide>
      </Section>
      <CtaSection
        source={source}
        heading="Bring your dealers into RepDesk"
        text="Import your dealer list, set up tiers and write your first order in about 30 minutes. Free for 14 days, no credit card required."
      />
    </>
  );
}
