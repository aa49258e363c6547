import { FeaturePage, featureIsland } from "../../components/marketing/FeaturePage";
import type { PageMeta } from "../../seo/meta";
import { CommissionSummary } from "./commission-handling/CommissionSummary";

export const meta: PageMeta = {
  title: "Commission Tracking and Reconciliation for Sales Reps",
  description:
    "Track commission tiers for every principal, reconcile vendor statements against what you earned, dispute short payments and split commissions across your team.",
};

const BELOW_THE_FOLD = featureIsland(
  "commission-handling",
  () => import("./commission-handling/BelowTheFold"),
);

export default function CommissionHandling() {
  return (
    <FeaturePage
      title="Know what every principal owes you, to the dollar"
      lead="RepDesk tracks the commission on every order across all your lines, reconciles each vendor's statement against what you earned and shows you what is pending, paid and short-paid."
      visual={<CommissionSummary />}
      belowTheFold={BELOW_THE_FOLD}
    />
  );
}
