import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "../../routing/router";

/** Server-renders a marketing component inside a router, as prerendering does. */
export function renderHtml(element: ReactElement): string {
  return renderToString(<StaticRouter location="/">{element}</StaticRouter>);
}

/** The visible text of server-rendered HTML (inline tags dropped, block tags as spaces, entities decoded, spaces collapsed). */
export function textOf(html: string): string {
  return html
    .replace(/<!--.*?-->/g, "")
    .replace(/<\/?(span|strong|em|a|abbr|time)\b[^>]*>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ")
    .trim();
}
