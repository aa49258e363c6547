import type { PageMeta } from "../../seo/meta";

// Owned by the content-pages work: replaced with the real page.
export const meta: PageMeta = { title: "InvoiceManagement", description: "InvoiceManagement" };

export default function InvoiceManagement() {
  return <h1>InvoiceManagement</h1>;
}
