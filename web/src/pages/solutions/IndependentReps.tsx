import type { PageMeta } from "../../seo/meta";

// Owned by the content-pages work: replaced with the real page.
export const meta: PageMeta = { title: "IndependentReps", description: "IndependentReps" };

export default function IndependentReps() {
  return <h1>IndependentReps</h1>;
}
