import { describe, expect, it } from "vitest";
import { QUEUES } from "../../functions/registry";
import { BACKGROUND_QUEUES } from "./background-queues";

describe("the local runtime's background queues", () => {
  it("are queues of the registry", () => {
    const names = QUEUES.map((queue) => queue.name);
    for (const name of BACKGROUND_QUEUES) expect(names).toContain(name);
  });

  it("leave the staff lane and the webhooks in the foreground", () => {
    const staffFacing = QUEUES.filter((queue) =>
      ["notify", "webhook-fanout", "webhook-deliver"].includes(queue.worker),
    ).map((queue) => queue.name);
    expect(staffFacing).toHaveLength(3);
    for (const name of staffFacing) expect(BACKGROUND_QUEUES).not.toContain(name);
  });
});
