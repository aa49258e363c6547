import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { entryLoaderScript, LOADER_CAP_MS } from "./entryLoader";

/** Runs the loader against a stand-in document and clock; returns what it appended and the controls. */
function load(options: { readyState?: string; hidden?: boolean } = {}) {
  const appended: Record<string, string>[] = [];
  const listeners = new Map<string, () => void>();
  const frames: (() => void)[] = [];
  const timers: { at: number; run: () => void }[] = [];
  let now = 0;
  const document = {
    readyState: options.readyState ?? "loading",
    visibilityState: options.hidden ? "hidden" : "visible",
    addEventListener: (name: string, listener: () => void) => listeners.set(name, listener),
    createElement: () => ({}) as Record<string, string>,
    head: { appendChild: (element: Record<string, string>) => appended.push({ ...element }) },
  };
  runInNewContext(entryLoaderScript("/assets/index-AbC_1.js"), {
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
  return { appended, listeners, frames, advance };
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

  it("refuses anything but a built entry's path, so nothing else can reach the script's text", () => {
    for (const path of ['/assets/a.js"+alert(1)+"', "https://x.example/a.js", "/assets/../a.js/", "/a.js"])
      expect(() => entryLoaderScript(path)).toThrow(/Not a built entry path/);
  });
});
