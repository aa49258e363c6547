import type { PageMeta } from "../seo/meta";

// Owned by the content-pages work: replaced with the real page.
export const meta: PageMeta = { title: "Terms", description: "Terms" };

export default function Terms() {
  return <h1>Terms</h1>;
}
