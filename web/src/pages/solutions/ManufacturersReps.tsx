import type { PageMeta } from "../../seo/meta";

// Owned by the content-pages work: replaced with the real page.
export const meta: PageMeta = { title: "ManufacturersReps", description: "ManufacturersReps" };

export default function ManufacturersReps() {
  return <h1>ManufacturersReps</h1>;
}
