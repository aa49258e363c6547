import type { PageMeta } from "../../seo/meta";

// Owned by the content-pages work: replaced with the real page.
export const meta: PageMeta = { title: "DealerManagement", description: "DealerManagement" };

export default function DealerManagement() {
  return <h1>DealerManagement</h1>;
}
