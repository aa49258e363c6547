import type { PageMeta } from "../../seo/meta";

// Owned by the content-pages work: replaced with the real page.
export const meta: PageMeta = { title: "ReportsInsights", description: "ReportsInsights" };

export default function ReportsInsights() {
  return <h1>ReportsInsights</h1>;
}
