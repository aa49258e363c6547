import type { PageMeta } from "../../seo/meta";

// Owned by the content-pages work: replaced with the real page.
export const meta: PageMeta = { title: "ProductManagement", description: "ProductManagement" };

export default function ProductManagement() {
  return <h1>ProductManagement</h1>;
}
