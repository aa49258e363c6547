import type { PageMeta } from "../../seo/meta";

// Owned by the content-pages work: replaced with the real page.
export const meta: PageMeta = { title: "EmailNotifications", description: "EmailNotifications" };

export default function EmailNotifications() {
  return <h1>EmailNotifications</h1>;
}
