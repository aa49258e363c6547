/**
 * One attempt's time (./deliver.ts, docs/decisions/0110-dns-time-limit.md): resolving the
 * endpoint's name and the receiver's whole answer share DELIVERY_TIMEOUT_MS, resolving taking at
 * most DNS_TIMEOUT_MS of it; a resolver that never answers makes a failed attempt, retried, with
 * the reason on the delivery; a 2xx that did not end in time is no success. The table is a stand-in
 * that records the writes; the clock, the resolver and the POST are the test's.
 */
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { INTEGRATIONS_MESSAGES } from "../../events/webhooks";
import { localKeyWrapper, SecretBox } from "../lib/secret-box";
import { type AttemptDeps, attemptDelivery, DELIVERY_TIMEOUT_MS } from "./deliver";
import type { DeliveryItem } from "./deliveries";
import { type EndpointItem, newSigningSecret } from "./endpoints";
import type { PostOutcome, PostRequest } from "./http-post";
import { DEFAULT_SCHEDULE } from "./schedule";
import { DNS_TIMEOUT_MS, type Resolver } from "./url-guard";

const box = new SecretBox(localKeyWrapper("33".repeat(32)));
const START = Date.parse("2026-11-27T12:00:00.000Z");

afterEach(() => {
  vi.useRealTimers();
});

/** The attributes a recorded UpdateCommand sets (updateExpression's #uN = :uN pairs). */
function setBy(input: UpdateCommand["input"]): Record<string, unknown> {
  const names = input.ExpressionAttributeNames ?? {};
  const values = input.ExpressionAttributeValues ?? {};
  return Object.fromEntries(
    Object.entries(names)
      // A placeholder without a value is a REMOVE.
      .filter(([placeholder]) => placeholder.startsWith("#u") && `:u${placeholder.slice(2)}` in values)
      .map(([placeholder, attribute]) => [attribute, values[`:u${placeholder.slice(2)}`]]),
  );
}

async function setUp(resolver: Resolver, answer: (request: PostRequest) => Promise<PostOutcome>) {
  let now = START;
  const endpoint: EndpointItem = {
    id: "ep_1",
    kind: "webhook",
    url: "https://hooks.example.com/in",
    events: ["signup.created"],
    description: "",
    active: true,
    createdAt: new Date(START).toISOString(),
    createdBy: "admin",
    secret: await box.seal(newSigningSecret()),
    version: 1,
  };
  const delivery: DeliveryItem = {
    id: "msg_1",
    endpointId: endpoint.id,
    eventId: "e-1",
    eventType: "signup.created",
    body: JSON.stringify({ type: "signup.created" }),
    state: "pending",
    attempts: 0,
    createdAt: new Date(START).toISOString(),
    windowStart: new Date(START).toISOString(),
    ticket: "job-ticket",
    expiresAt: 0,
  };
  const writes: Record<string, unknown>[] = [];
  const posts: PostRequest[] = [];
  const send = async (command: unknown) => {
    if (command instanceof GetCommand) return { Item: endpoint };
    if (command instanceof UpdateCommand) {
      if (command.input.ReturnValues === "ALL_NEW") return { Attributes: { ...delivery, ticket: "claimed" } };
      if (command.input.TableName === "deliveries") writes.push(setBy(command.input));
      return {};
    }
    throw new Error(`unexpected command ${String(command)}`);
  };
  const deps: AttemptDeps = {
    // A stand-in with the one method the attempt uses.
    db: { send } as unknown as DynamoDBDocumentClient,
    tables: { deliveries: "deliveries", outbox: "outbox", integrations: "integrations" },
    clock: () => new Date(now),
    schedule: DEFAULT_SCHEDULE,
    box,
    guard: { allowLoopback: false, resolver },
    post: async (request) => {
      posts.push(request);
      return answer(request);
    },
    random: () => 1,
  };
  return {
    attempt: () => attemptDelivery(deps, { deliveryId: delivery.id, ticket: "job-ticket" }),
    advance: (ms: number) => {
      now += ms;
    },
    writes,
    posts,
  };
}

const PUBLIC = [{ address: "93.184.216.34", family: 4 }] as const;
const delivered = async (): Promise<PostOutcome> => ({ status: 204, latencyMs: 5, body: "" });

describe("an attempt's time", () => {
  it("gives the answer what resolving left of the 10 seconds", async () => {
    const slow: Resolver = async () => {
      run.advance(3_000);
      return PUBLIC;
    };
    const run = await setUp(slow, delivered);
    expect(await run.attempt()).toBe("delivered");
    expect(run.posts.map((post) => post.timeoutMs)).toEqual([DELIVERY_TIMEOUT_MS - 3_000]);
  });

  it("makes a resolver that never answers a failed attempt after 5 seconds, retried, the reason logged", async () => {
    vi.useFakeTimers();
    const never: Resolver = () => new Promise(() => {});
    const run = await setUp(never, delivered);
    const outcome = run.attempt();
    await vi.advanceTimersByTimeAsync(DNS_TIMEOUT_MS);
    expect(await outcome).toBe("retrying");
    expect(run.posts).toEqual([]);
    expect(run.writes).toHaveLength(1);
    expect(run.writes[0]).toMatchObject({
      attempts: 1,
      error: `${INTEGRATIONS_MESSAGES.urlUnresolved} (DNS: no answer within ${DNS_TIMEOUT_MS} ms)`,
      nextAttemptAt: new Date(START + DEFAULT_SCHEDULE.firstMs).toISOString(),
    });
    expect(run.writes[0]).not.toHaveProperty("responseStatus");
  });

  it("counts a 2xx whose body did not end in time as a failure, and logs why", async () => {
    const run = await setUp(
      async () => PUBLIC,
      async (request) => ({
        latencyMs: request.timeoutMs,
        error: `the answer (status 200) did not end within ${request.timeoutMs} ms`,
      }),
    );
    expect(await run.attempt()).toBe("retrying");
    expect(run.writes[0]).toMatchObject({
      attempts: 1,
      error: `the answer (status 200) did not end within ${DELIVERY_TIMEOUT_MS} ms`,
    });
  });

  it("never takes an answer that carries an error for a success, whatever its status", async () => {
    const run = await setUp(
      async () => PUBLIC,
      async () => ({ status: 200, latencyMs: 5, error: "cut off" }),
    );
    expect(await run.attempt()).toBe("retrying");
  });
});
