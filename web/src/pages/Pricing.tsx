import type { PageMeta } from "../seo/meta";

// Owned by the content-pages work: replaced with the real page.
export const meta: PageMeta = { title: "Pricing", description: "Pricing" };

export default function Pricing() {
  return <h1>Pricing</h1>;
}
