/**
 * Resolves once the browser has shown the prerendered page, so that the app's JavaScript is
 * evaluated after the first screen is visible rather than before it
 * (docs/decisions/0105-paint-before-hydration.md). The entry runs when the document is fully
 * parsed; it waits for the first contentful paint (which may have shown only the top of the page,
 * if the parser yielded early) and then for two more frames, the first of which paints the whole
 * parsed document. Never waits longer than `capMs`: a hidden tab renders no frames until shown.
 * `capMs` null waits for the paint however long it takes, for work nobody waits for (a script the
 * page needs only at a later click) that must never come before the first screen.
 */
export function afterFirstPaint(capMs: number | null = 500): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    let observer: PerformanceObserver | undefined;
    const finish = () => {
      if (done) return;
      done = true;
      observer?.disconnect();
      resolve();
    };
    if (document.visibilityState === "hidden") return finish();
    if (capMs !== null) setTimeout(finish, capMs);
    const afterNextFrames = () =>
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(finish, 0)));
    if (
      typeof PerformanceObserver === "undefined" ||
      !PerformanceObserver.supportedEntryTypes?.includes("paint")
    ) {
      afterNextFrames();
      return;
    }
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer?.disconnect();
      afterNextFrames();
    });
    observer.observe({ type: "paint", buffered: true });
  });
}
