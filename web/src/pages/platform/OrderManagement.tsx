import type { PageMeta } from "../../seo/meta";

// Owned by the content-pages work: replaced with the real page.
export const meta: PageMeta = { title: "OrderManagement", description: "OrderManagement" };

export default function OrderManagement() {
  return <h1>OrderManagement</h1>;
}
