import { FeaturePage, featureIsland } from "../../components/marketing/FeaturePage";
import type { PageMeta } from "../../seo/meta";
import { SalesOverview } from "./reports-insights/SalesOverview";

export const meta: PageMeta = {
  title: "Reports & Insights",
  description:
    "Sales, commission, product and customer reports from your live order data, a custom report builder, and export to PDF, Excel or CSV in one click.",
};

const BELOW_THE_FOLD = featureIsland("reports-insights", () => import("./reports-insights/BelowTheFold"));

/** docs/product/site.md: Reports & Insights, with the sample KPIs and the report builder form. */
export default function ReportsInsights() {
  return (
    <FeaturePage
      title="Know where your sales and commissions stand, any day of the year"
      lead="RepDesk turns every order and commission into reports you can trust: sales performance, commissions, products and customers, built in seconds and exported in one click."
      visual={<SalesOverview />}
      belowTheFold={BELOW_THE_FOLD}
    />
  );
}
