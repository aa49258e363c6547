import { describe, expect, it } from "vitest";
import { OutboxLoop } from "./outbox-loop";

describe("OutboxLoop pause/resume", () => {
  it("runs no sweep while paused, and one at once on resume", async () => {
    let sweeps = 0;
    const loop = new OutboxLoop(
      async () => {
        sweeps += 1;
      },
      { intervalMs: 60_000, onError: () => {} },
    );
    loop.start();
    await loop.idle();
    expect(sweeps).toBe(1);
    loop.pause();
    loop.nudge();
    loop.nudge();
    await loop.idle();
    expect(sweeps).toBe(1);
    loop.resume();
    await loop.idle();
    expect(sweeps).toBe(2);
    await loop.stop();
  });
});
