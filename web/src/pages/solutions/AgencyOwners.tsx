import type { PageMeta } from "../../seo/meta";

// Owned by the content-pages work: replaced with the real page.
export const meta: PageMeta = { title: "AgencyOwners", description: "AgencyOwners" };

export default function AgencyOwners() {
  return <h1>AgencyOwners</h1>;
}
