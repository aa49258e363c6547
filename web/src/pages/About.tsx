import type { PageMeta } from "../seo/meta";

// Owned by the content-pages work: replaced with the real page.
export const meta: PageMeta = { title: "About", description: "About" };

export default function About() {
  return <h1>About</h1>;
}
