import type { PageMeta } from "../seo/meta";

// Owned by the content-pages work: replaced with the real page.
export const meta: PageMeta = { title: "Privacy", description: "Privacy" };

export default function Privacy() {
  return <h1>Privacy</h1>;
}
