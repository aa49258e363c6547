import { describe, expect, it } from "vitest";
import type { SiteConfig } from "../config";
import { isCommandCenterPath, PUBLIC_PAGES, PUBLIC_PATHS } from "../public-paths";
import type { PageModule } from "./lazyPage";
import { NOT_FOUND_PAGE, normalisePath, PAGES, pageFor } from "./routes";

describe("route table", () => {
  it("has one page per public path, and the 404 page for anything else", () => {
    expect(Object.keys(PAGES).sort()).toEqual([...PUBLIC_PATHS].sort());
    expect(pageFor("/pricing")).toBe(PAGES["/pricing"]);
    expect(pageFor("/pricing/")).toBe(PAGES["/pricing"]);
    expect(pageFor("/pricing/extra")).toBe(NOT_FOUND_PAGE);
    expect(pageFor("/PRICING")).toBe(NOT_FOUND_PAGE);
  });

  it("loads, for each path, the page module the table of public-paths.ts names", async () => {
    // What Vite's `define` injects at build time (infra/site/site-config.ts), which the pages read
    // when they load.
    const config: SiteConfig = {
      brand: "RepDesk",
      stage: "local",
      siteUrl: "http://localhost:3000",
      appUrls: {
        login: "https://app.example.com/login",
        register: "https://app.example.com/register",
        liveDemo: "https://app.example.com/demo",
      },
    };
    Object.assign(globalThis, { __SITE_CONFIG__: config });
    const modules = import.meta.glob<PageModule>(["../pages/*.tsx", "../pages/*/*.tsx"]);
    for (const path of PUBLIC_PATHS) {
      const expected = modules[`../pages/${PUBLIC_PAGES[path]}.tsx`];
      expect(expected, path).toBeDefined();
      expect(await PAGES[path].load(), path).toBe(await expected?.());
    }
  });

  it("normalises trailing slashes but keeps the root", () => {
    expect(normalisePath("/")).toBe("/");
    expect(normalisePath("/about//")).toBe("/about");
  });

  it("recognises the Command Center's paths only", () => {
    expect(isCommandCenterPath("/commandcenter")).toBe(true);
    expect(isCommandCenterPath("/commandcenter/signups")).toBe(true);
    expect(isCommandCenterPath("/commandcenterx")).toBe(false);
    expect(isCommandCenterPath("/")).toBe(false);
  });
});
