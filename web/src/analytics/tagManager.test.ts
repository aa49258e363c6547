import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { SiteConfig } from "../config";

type Module = typeof import("./tagManager");
let startTagManager: Module["startTagManager"];

/** The few DOM pieces the loader touches, recorded. */
function fakeDom(readyState: "loading" | "complete") {
  const appended: { src: string; async: boolean }[] = [];
  const listeners: Record<string, () => void> = {};
  const document = {
    readyState,
    createElement: () => ({ src: "", async: false }),
    head: { append: (element: { src: string; async: boolean }) => appended.push(element) },
  };
  const window = {
    dataLayer: undefined as unknown[] | undefined,
    addEventListener: (name: string, listener: () => void) => {
      listeners[name] = listener;
    },
    requestIdleCallback: (callback: () => void) => callback(),
  };
  vi.stubGlobal("document", document);
  vi.stubGlobal("window", window);
  return { appended, listeners, window };
}

beforeAll(async () => {
  (globalThis as { __SITE_CONFIG__?: SiteConfig }).__SITE_CONFIG__ = {
    brand: "RepDesk",
    stage: "test",
    siteUrl: "https://www.example.com",
    appUrls: { login: "https://a/login", register: "https://a/r", liveDemo: "https://a/d" },
  };
  ({ startTagManager } = await import("./tagManager"));
});

afterEach(() => vi.unstubAllGlobals());

describe("tag manager loader", () => {
  it("loads nothing without a container id", () => {
    const dom = fakeDom("complete");
    expect(startTagManager(undefined)).toBe(false);
    expect(dom.appended).toEqual([]);
  });

  it("adds the GTM script (from our bundle, not inline) after the page has loaded", () => {
    const dom = fakeDom("loading");
    expect(startTagManager("GTM-ABC123")).toBe(true);
    expect(dom.appended).toEqual([]);
    dom.listeners.load?.();
    expect(dom.appended).toEqual([
      { src: "https://www.googletagmanager.com/gtm.js?id=GTM-ABC123", async: true },
    ]);
    expect(dom.window.dataLayer).toEqual([expect.objectContaining({ event: "gtm.js" })]);
  });

  it("loads once per page: a second consent does not add a second script", () => {
    const dom = fakeDom("complete");
    expect(startTagManager("GTM-ABC123")).toBe(true);
    expect(dom.appended).toEqual([]);
  });
});
