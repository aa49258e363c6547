import type { PageMeta } from "../seo/meta";

export const meta: PageMeta = { title: "Contact", description: "Contact" };

export default function Contact() {
  return <h1>Contact</h1>;
}
