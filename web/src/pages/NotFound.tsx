import type { PageMeta } from "../seo/meta";

export const meta: PageMeta = { title: "NotFound", description: "NotFound" };

export default function NotFound() {
  return <h1>NotFound</h1>;
}
