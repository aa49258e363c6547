import { describe, expect, it } from "vitest";
import type { DomainEvent } from "../../events/envelopes";
import { sqsEvent } from "../../test/support/sqs-event";
import { createLogger } from "./log";
import { readEnvelope, sqsEventWorker } from "./sqs-batch";

process.env.LOG_LEVEL = "silent";

const event = (id: string): DomainEvent => ({
  type: "contact.received",
  version: 1,
  id,
  occurredAt: "2025-03-04T10:00:00.000Z",
  data: {
    id: `c-${id}`,
    firstName: "G",
    lastName: "H",
    email: "g@example.com",
    subject: "general",
    message: "m",
    newsletter: false,
    createdAt: "2025-03-04T10:00:00.000Z",
  },
});

describe("sqsEventWorker", () => {
  it("reports exactly the messages that were unreadable or failed, by messageId", async () => {
    const seen: string[] = [];
    const worker = sqsEventWorker(createLogger(), async (domainEvent) => {
      seen.push(domainEvent.id);
      if (domainEvent.id === "boom") throw new Error("downstream failed");
    });
    const batch = sqsEvent([
      event("ok-1"),
      "{not json",
      { ...event("x"), version: 2 },
      event("boom"),
      event("ok-2"),
    ]);
    const result = await worker(batch);
    expect(result.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual(
      [1, 2, 3].map((index) => batch.Records[index]?.messageId),
    );
    expect(seen).toEqual(["ok-1", "boom", "ok-2"]);
  });

  it("answers an empty failure list for an empty batch", async () => {
    expect(await sqsEventWorker(createLogger(), async () => undefined)({ Records: [] })).toEqual({
      batchItemFailures: [],
    });
  });
});

describe("readEnvelope", () => {
  it("says why a body is unreadable without repeating it", () => {
    expect(readEnvelope('{"email":"secret@example.com"')).toEqual({ ok: false, reason: "invalid_json" });
    const wrong = readEnvelope(JSON.stringify({ ...event("e"), data: { email: "secret@example.com" } }));
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) {
      expect(wrong.reason).toMatch(/^invalid_envelope: /);
      expect(wrong.reason).not.toContain("secret");
    }
  });
});
