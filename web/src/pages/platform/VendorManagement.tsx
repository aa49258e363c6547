import { PageHero } from "../../components/marketing/PageHero";
import { useFeatureView } from "../../components/marketing/useFeatureView";
import { Island, island } from "../../routing/deferred";
import type { PageMeta } from "../../seo/meta";
import { VendorScorecard } from "./vendor-management/VendorScorecard";

const PAGE = "Vendor Management";

export const meta: PageMeta = {
  title: "Vendor Management for Manufacturer's Reps",
  description:
    "Track every principal's on-time rate, quality and response time, and send auto-generated purchase orders through approval workflows by amount threshold.",
};

/** Everything below the hero: prerendered in full, its code loaded and hydrated near the viewport. */
const BELOW_THE_FOLD = island(
  "vendor-management-below-the-fold",
  () => import("./vendor-management/BelowTheFold"),
);

export default function VendorManagement() {
  useFeatureView(PAGE);
  return (
    <>
      <PageHero
        eyebrow={PAGE}
        title="Know which principals deliver — and keep their orders moving"
        lead="Track every vendor's on-time shipping, quality and response time, send purchase orders automatically, and route the big ones for approval before they leave your agency."
        source={PAGE}
        visual={<VendorScorecard />}
      />
      <Island of={BELOW_THE_FOLD} props={{}} />
    </>
  );
}
