import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { STYLES_PENDING_ATTRIBUTE, STYLES_PENDING_CAP_MS } from "./afterPaintResources";
import { ENTRY_ATTRIBUTE, entryLoaderElement, entryLoaderScript, LOADER_CAP_MS } from "./entryLoader";

/** Runs the loader against a stand-in document and clock; returns what it appended and the controls. */
function load(options: { readyState?: string; hidden?: boolean; entry?: string | null } = {}) {
  const appended: Record<string, string>[] = [];
  const listeners = new Map<string, () => void>();
  const frames: (() => void)[] = [];
  const timers: { at: number; run: () => void }[] = [];
  let now = 0;
  const rootAttributes = new Set<string>();
  const document = {
    documentElement: {
      setAttribute: (name: string) => rootAttributes.add(name),
      removeAttribute: (name: string) => rootAttributes.delete(name),
    },
    readyState: options.readyState ?? "loading",
    visibilityState: options.hidden ? "hidden" : "visible",
    addEventListener: (name: string, listener: () => void) => listeners.set(name, listener),
    createElement: () => ({}) as Record<string, string>,
    head: { appendChild: (element: Record<string, string>) => appended.push({ ...element }) },
    // The element the build writes (entryLoaderElement): the entry is its attribute.
    currentScript: {
      getAttribute: (name: string) =>
        name === ENTRY_ATTRIBUTE
          ? options.entry === undefined
            ? "/assets/index-AbC_1.js"
            : options.entry
          : null,
    },
  };
  runInNewContext(entryLoaderScript(), {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (run: () => void, ms: number) => timers.push({ at: now + ms, run }),
  });
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.splice(0).sort((a, b) => a.at - b.at)) {
      if (timer.at <= now) timer.run();
      else timers.push(timer);
    }
  };
  return { appended, listeners, frames, advance, rootAttributes };
}

describe("the entry loader", () => {
  it("adds the entry as a module script only after the parsed page has had a frame", () => {
    const page = load();
    expect(page.appended).toEqual([]);
    page.listeners.get("DOMContentLoaded")?.();
    expect(page.appended).toEqual([]);
    page.frames.shift()?.();
    expect(page.appended).toEqual([]); // in the frame, before it paints
    page.advance(0);
    expect(page.appended).toEqual([
      { type: "module", crossOrigin: "anonymous", src: "/assets/index-AbC_1.js" },
    ]);
    page.advance(LOADER_CAP_MS);
    expect(page.appended).toHaveLength(1);
  });

  it("does not wait for a frame longer than the cap, and not at all in a hidden tab", () => {
    const slow = load({ readyState: "interactive" });
    slow.advance(LOADER_CAP_MS - 1);
    expect(slow.appended).toEqual([]);
    slow.advance(1);
    expect(slow.appended).toHaveLength(1);
    const hidden = load({ hidden: true });
    hidden.listeners.get("DOMContentLoaded")?.();
    expect(hidden.appended).toHaveLength(1);
  });

  it("marks the page as waiting for the stylesheet at once, for STYLES_PENDING_CAP_MS at most", () => {
    const page = load();
    expect([...page.rootAttributes]).toEqual([STYLES_PENDING_ATTRIBUTE]);
    page.listeners.get("DOMContentLoaded")?.();
    page.frames.shift()?.();
    page.advance(STYLES_PENDING_CAP_MS - 1);
    expect([...page.rootAttributes]).toEqual([STYLES_PENDING_ATTRIBUTE]);
    page.advance(1);
    expect([...page.rootAttributes]).toEqual([]);
    // A loader that starts no entry hides nothing: no stylesheet would come.
    expect([...load({ entry: "https://x.example/a.js" }).rootAttributes]).toEqual([]);
  });

  it("refuses anything but a built entry's path, when writing the element and again in the page", () => {
    const hostile = [
      '/assets/a.js"+alert(1)+"',
      "https://x.example/a.js",
      "/assets/../a.js/",
      "/a.js",
      '/assets/a.js"><script>',
    ];
    for (const path of hostile) {
      expect(() => entryLoaderElement(path)).toThrow(/Not a built entry path/);
      const page = load({ readyState: "interactive", entry: path });
      page.advance(LOADER_CAP_MS);
      expect(page.appended).toEqual([]);
    }
    const missing = load({ readyState: "interactive", entry: null });
    missing.advance(LOADER_CAP_MS);
    expect(missing.appended).toEqual([]);
  });

  it("has the same text, and so the same CSP hash, whatever the build's entry", () => {
    const element = entryLoaderElement("/assets/index-AbC_1.js");
    expect(element).toBe(
      `<script ${ENTRY_ATTRIBUTE}="/assets/index-AbC_1.js">${entryLoaderScript()}</script>`,
    );
    expect(entryLoaderElement("/assets/index-Zz9.js").replace("Zz9", "AbC_1")).toBe(element);
  });
});
