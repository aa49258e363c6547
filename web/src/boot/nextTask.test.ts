import { describe, expect, it } from "vitest";
import { nextTask } from "./nextTask";

describe("nextTask", () => {
  it("resolves each waiter once, in order, after the current task", async () => {
    const order: string[] = [];
    const first = nextTask().then(() => order.push("first"));
    const second = nextTask().then(() => order.push("second"));
    order.push("sync");
    await Promise.all([first, second]);
    expect(order).toEqual(["sync", "first", "second"]);
    await nextTask();
  });
});
