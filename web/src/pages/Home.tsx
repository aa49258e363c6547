import type { PageMeta } from "../seo/meta";

export const meta: PageMeta = { title: "Home", description: "Home" };

export default function Home() {
  return <h1>Home</h1>;
}
