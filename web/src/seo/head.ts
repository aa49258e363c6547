import { absoluteUrl, config } from "../config";
import type { PageMeta } from "./meta";

/**
 * The <head> elements a page owns, as plain data: the prerender step serialises them to HTML and
 * the client swaps them on navigation, so both always agree. Every element carries
 * `data-page-head` so that the client can find and replace exactly these.
 */
export interface HeadElement {
  readonly tag: "title" | "meta" | "link" | "script";
  readonly attrs: Readonly<Record<string, string>>;
  readonly text?: string;
}

export const HEAD_MARKER = "data-page-head";

/**
 * The link-preview image of every page: a PNG (previewers do not take SVG) served from the site
 * itself (web/public, rendered from web/og-image/og-image.svg), at the large-card size of 1200x630.
 */
export const SHARE_IMAGE = {
  path: "/og-image.png",
  type: "image/png",
  width: 1200,
  height: 630,
  alt: "RepDesk: order management and commission tracking for sales reps",
} as const;

export function fullTitle(meta: PageMeta): string {
  return meta.title === config.brand ? config.brand : `${meta.title} | ${config.brand}`;
}

/** `path` is null for pages without a canonical address (the 404 page). */
export function headElements(meta: PageMeta, path: string | null): HeadElement[] {
  const title = fullTitle(meta);
  const url = path === null ? null : absoluteUrl(path);
  const elements: HeadElement[] = [
    { tag: "title", attrs: {}, text: title },
    { tag: "meta", attrs: { name: "description", content: meta.description } },
  ];
  if (meta.noindex) elements.push({ tag: "meta", attrs: { name: "robots", content: "noindex" } });
  if (url) elements.push({ tag: "link", attrs: { rel: "canonical", href: url } });
  const property = (name: string, content: string) =>
    elements.push({ tag: "meta", attrs: { property: name, content } });
  const named = (name: string, content: string) => elements.push({ tag: "meta", attrs: { name, content } });

  property("og:site_name", config.brand);
  property("og:type", "website");
  property("og:title", title);
  property("og:description", meta.description);
  if (url) property("og:url", url);
  property("og:locale", "en_US");
  const image = absoluteUrl(SHARE_IMAGE.path);
  property("og:image", image);
  property("og:image:type", SHARE_IMAGE.type);
  property("og:image:width", String(SHARE_IMAGE.width));
  property("og:image:height", String(SHARE_IMAGE.height));
  property("og:image:alt", SHARE_IMAGE.alt);
  if (meta.video) {
    const { embedUrl, watchUrl, width, height } = meta.video;
    property("og:video", embedUrl);
    property("og:video:secure_url", embedUrl);
    property("og:video:type", "text/html");
    property("og:video:width", String(width));
    property("og:video:height", String(height));
    named("twitter:card", "player");
    named("twitter:player", embedUrl);
    named("twitter:player:width", String(width));
    named("twitter:player:height", String(height));
    named("twitter:player:stream", watchUrl);
  } else {
    named("twitter:card", "summary_large_image");
  }
  named("twitter:title", title);
  named("twitter:description", meta.description);
  named("twitter:image", image);
  named("twitter:image:alt", SHARE_IMAGE.alt);
  for (const data of meta.structuredData ?? []) {
    elements.push({ tag: "script", attrs: { type: "application/ld+json" }, text: JSON.stringify(data) });
  }
  return elements.map((element) => ({ ...element, attrs: { ...element.attrs, [HEAD_MARKER]: "" } }));
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeText = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** JSON inside <script>: only "</" and U+2028/9 need neutralising; entities are not decoded there. */
const escapeScriptData = (value: string) =>
  value
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

export function renderHeadHtml(elements: readonly HeadElement[]): string {
  return elements
    .map(({ tag, attrs, text }) => {
      const attributes = Object.entries(attrs)
        .map(([name, value]) => (value === "" ? ` ${name}` : ` ${name}="${escapeAttr(value)}"`))
        .join("");
      if (tag === "meta" || tag === "link") return `<${tag}${attributes}>`;
      const body = tag === "script" ? escapeScriptData(text ?? "") : escapeText(text ?? "");
      return `<${tag}${attributes}>${body}</${tag}>`;
    })
    .join("\n    ");
}

/** Client side: replace the previous page's head elements with this page's. */
export function applyHead(elements: readonly HeadElement[]): void {
  for (const old of document.head.querySelectorAll(`[${HEAD_MARKER}]`)) old.remove();
  for (const { tag, attrs, text } of elements) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
    if (text !== undefined) node.textContent = text;
    document.head.append(node);
  }
}
