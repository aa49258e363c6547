import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { mockClient } from "aws-sdk-client-mock";
import { describe, expect, it } from "vitest";
import { hitRateLimit, rateLimitKey, windowOf } from "./rate-limit";

describe("windowOf", () => {
  it("puts an instant in its fixed one-minute window", () => {
    const { start, end } = windowOf(new Date("2025-03-04T10:00:59.999Z"));
    expect(new Date(start).toISOString()).toBe("2025-03-04T10:00:00.000Z");
    expect(new Date(end).toISOString()).toBe("2025-03-04T10:01:00.000Z");
    expect(windowOf(new Date("2025-03-04T10:01:00.000Z")).start).toBe(end);
  });
});

describe("hitRateLimit", () => {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: "us-east-1" }));
  const mock = mockClient(db);
  const deps = (iso: string) => ({ db, ephemeralTable: "Ephemeral", clock: () => new Date(iso) });
  const rule = { scope: "submissions", subject: "203.0.113.9", limit: 3 };

  it("increments the counter of the current window and expires it after the window", async () => {
    mock.reset();
    mock.on(UpdateCommand).resolves({ Attributes: { hits: 3 } });
    const decision = await hitRateLimit(deps("2025-03-04T10:00:15.000Z"), rule);
    expect(decision).toEqual({ allowed: true, hits: 3, retryAfterSeconds: 45 });
    const input = mock.commandCalls(UpdateCommand)[0]?.args[0].input;
    const windowStart = Date.parse("2025-03-04T10:00:00.000Z");
    expect(input?.Key).toEqual({ pk: rateLimitKey(rule, windowStart) });
    expect(input?.ExpressionAttributeValues?.[":expiresAt"]).toBe((windowStart + 60_000) / 1000 + 60);
  });

  it("refuses the hit over the limit with the seconds left in the window (at least 1)", async () => {
    mock.reset();
    mock.on(UpdateCommand).resolves({ Attributes: { hits: 4 } });
    expect(await hitRateLimit(deps("2025-03-04T10:00:59.900Z"), rule)).toEqual({
      allowed: false,
      hits: 4,
      retryAfterSeconds: 1,
    });
  });

  it("does not touch the table when the limit is 0 (off)", async () => {
    mock.reset();
    expect((await hitRateLimit(deps("2025-03-04T10:00:00.000Z"), { ...rule, limit: 0 })).allowed).toBe(true);
    expect(mock.calls()).toHaveLength(0);
  });
});
