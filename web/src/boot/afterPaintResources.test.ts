import { afterEach, describe, expect, it, vi } from "vitest";
import { STYLESHEET_WAIT_MS, settledWithin } from "./afterPaintResources";

afterEach(() => {
  vi.useRealTimers();
});

describe("settledWithin", () => {
  it("resolves as soon as the stylesheets have", async () => {
    vi.useFakeTimers();
    let done = false;
    void settledWithin(Promise.resolve(), STYLESHEET_WAIT_MS).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it("lets the app start after the wait when a stylesheet request stalls", async () => {
    vi.useFakeTimers();
    let done = false;
    void settledWithin(new Promise(() => {}), STYLESHEET_WAIT_MS).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(STYLESHEET_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
