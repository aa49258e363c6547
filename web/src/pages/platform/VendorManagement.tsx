import type { PageMeta } from "../../seo/meta";

// Owned by the content-pages work: replaced with the real page.
export const meta: PageMeta = { title: "VendorManagement", description: "VendorManagement" };

export default function VendorManagement() {
  return <h1>VendorManagement</h1>;
}
