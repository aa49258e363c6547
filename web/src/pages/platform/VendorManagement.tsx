import { FeaturePage, featureIsland } from "../../components/marketing/FeaturePage";
import type { PageMeta } from "../../seo/meta";
import { VendorScorecard } from "./vendor-management/VendorScorecard";

export const meta: PageMeta = {
  title: "Vendor Management for Manufacturer's Reps",
  description:
    "Track every principal's on-time rate, quality and response time, and send auto-generated purchase orders through approval workflows by amount threshold.",
};

const BELOW_THE_FOLD = featureIsland("vendor-management", () => import("./vendor-management/BelowTheFold"));

export default function VendorManagement() {
  return (
    <FeaturePage
      title="Know which principals deliver — and keep their orders moving"
      lead="Track every vendor's on-time shipping, quality and response time, send purchase orders automatically, and route the big ones for approval before they leave your agency."
      visual={<VendorScorecard />}
      belowTheFold={BELOW_THE_FOLD}
    />
  );
}
