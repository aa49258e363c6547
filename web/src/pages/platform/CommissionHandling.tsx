import type { PageMeta } from "../../seo/meta";

// Owned by the content-pages work: replaced with the real page.
export const meta: PageMeta = { title: "CommissionHandling", description: "CommissionHandling" };

export default function CommissionHandling() {
  return <h1>CommissionHandling</h1>;
}
