import { FeaturePage, featureIsland } from "../../components/marketing/FeaturePage";
import type { PageMeta } from "../../seo/meta";
import { DealerProfile } from "./dealer-management/DealerProfile";
import { SAMPLE_DEALER } from "./dealer-management/dealers";

export const meta: PageMeta = {
  title: "Dealer Management",
  description:
    "Keep every dealer in one place: profiles with multiple contacts, tiers and tier pricing, dealer groups and a full order history for each account.",
};

const BELOW_THE_FOLD = featureIsland("dealer-management", () => import("./dealer-management/BelowTheFold"));

/** docs/product/site.md: Dealer Management, with the dealer profile mock-up. */
export default function DealerManagement() {
  return (
    <FeaturePage
      title="Know every dealer like your best account"
      lead="RepDesk keeps each dealer's contacts, tier, pricing and order history on one profile, so you walk into every call knowing exactly where the account stands."
      visual={<DealerProfile dealer={SAMPLE_DEALER} />}
      belowTheFold={BELOW_THE_FOLD}
    />
  );
}
