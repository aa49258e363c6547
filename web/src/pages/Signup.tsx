import type { PageMeta } from "../seo/meta";

export const meta: PageMeta = { title: "Signup", description: "Signup" };

export default function Signup() {
  return <h1>Signup</h1>;
}
