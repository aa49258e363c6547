import { beforeAll, describe, expect, it } from "vitest";
import type { SiteConfig } from "../config";

type HeadModule = typeof import("./head");
let head: HeadModule;

beforeAll(async () => {
  // What Vite's `define` injects at build time (infra/site/site-config.ts).
  (globalThis as { __SITE_CONFIG__?: SiteConfig }).__SITE_CONFIG__ = {
    brand: "RepDesk",
    stage: "test",
    siteUrl: "https://www.example.com",
    appUrls: {
      login: "https://app.example.com/login",
      register: "https://app.example.com/r",
      liveDemo: "https://app.example.com/d",
    },
  };
  head = await import("./head");
});

describe("page head", () => {
  it("gives every page its branded title, description, canonical and social tags", () => {
    const html = head.renderHeadHtml(
      head.headElements({ title: "Pricing", description: "Plans & prices" }, "/pricing"),
    );
    expect(html).toContain("<title data-page-head>Pricing | RepDesk</title>");
    expect(html).toContain('<meta name="description" content="Plans &amp; prices" data-page-head>');
    expect(html).toContain('<link rel="canonical" href="https://www.example.com/pricing" data-page-head>');
    expect(html).toContain(
      '<meta property="og:url" content="https://www.example.com/pricing" data-page-head>',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" data-page-head>');
  });

  it("gives every page the same large preview image, as an absolute URL on the stage's own origin", () => {
    for (const path of ["/pricing", "/", null]) {
      const html = head.renderHeadHtml(head.headElements({ title: "T", description: "d" }, path));
      expect(html).toContain(
        '<meta property="og:image" content="https://www.example.com/og-image.png" data-page-head>',
      );
      expect(html).toContain('<meta property="og:image:width" content="1200" data-page-head>');
      expect(html).toContain('<meta property="og:image:height" content="630" data-page-head>');
      expect(html).toContain('<meta property="og:image:type" content="image/png" data-page-head>');
      expect(html).toMatch(/<meta property="og:image:alt" content="[^"]+" data-page-head>/);
      expect(html).toContain(
        '<meta name="twitter:image" content="https://www.example.com/og-image.png" data-page-head>',
      );
    }
  });

  it("adds the video preview, the player card and JSON-LD data blocks that cannot break out of <script>", () => {
    const html = head.renderHeadHtml(
      head.headElements(
        {
          title: "Home",
          description: "d",
          video: {
            embedUrl: "https://v.example/embed/x",
            watchUrl: "https://v.example/x",
            width: 1280,
            height: 720,
          },
          structuredData: [{ "@type": "Thing", name: "</script><script>alert(1)</script>" }],
        },
        "/",
      ),
    );
    expect(html).toContain('<meta property="og:video" content="https://v.example/embed/x" data-page-head>');
    expect(html).toContain('<meta name="twitter:card" content="player" data-page-head>');
    expect(html).toContain(
      '<meta name="twitter:image" content="https://www.example.com/og-image.png" data-page-head>',
    );
    expect(html).toContain('<link rel="canonical" href="https://www.example.com/" data-page-head>');
    const json =
      html.match(/<script type="application\/ld\+json" data-page-head>(.*?)<\/script>/s)?.[1] ?? "";
    expect(json).not.toContain("</script>");
    expect(JSON.parse(json)).toEqual({ "@type": "Thing", name: "</script><script>alert(1)</script>" });
  });

  it("keeps the 404 page out of indexes and gives it no canonical", () => {
    const elements = head.headElements({ title: "Page Not Found", description: "d", noindex: true }, null);
    const html = head.renderHeadHtml(elements);
    expect(html).toContain('<meta name="robots" content="noindex" data-page-head>');
    expect(html).not.toContain("canonical");
    expect(html).not.toContain("og:url");
  });
});
