/**
 * No endpoint, no work (docs/decisions/0108-no-endpoint-no-work.md), against dynalite: the outbox
 * relay sends a lead event to the webhook fan-out's queue only while an active endpoint takes its
 * type, judging by the endpoints read after the events; an endpoint saved — created or resumed —
 * before an event was written always gets it, even one saved after the relay read the outbox; a
 * failed read of the endpoints skips nothing. Both relay paths: the sweep (local runtime, AWS's
 * safety net) and the DynamoDB stream (AWS).
 */
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { DeleteCommand, type DynamoDBDocumentClient, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { marshall } from "@aws-sdk/util-dynamodb";
import type { DynamoDBStreamEvent } from "aws-lambda";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ContactRequest } from "../../events";
import type { WebhookEventType } from "../../events/webhooks";
import { createEndpoint, type EndpointDeps, updateEndpoint } from "../../functions/integrations/endpoints";
import type { EventPublisher } from "../../functions/lib/publisher";
import { localKeyWrapper, SecretBox } from "../../functions/lib/secret-box";
import { sweepOutbox } from "../../functions/model/outbox";
import { createRelayHandler } from "../../functions/pipeline/routes/outbox-relay";
import { acceptContact, acceptSignup, type SubmissionDeps } from "../../functions/pipeline/submissions";
import { webhookRouteFilter } from "../../functions/pipeline/webhook-subscribers";
import { localPublisher } from "../../infra/local/publisher";
import { startDynalite, type TestDynamo } from "../support/dynamo";

process.env.LOG_LEVEL = "silent";

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startDynalite();
});
afterAll(async () => {
  await dynamo?.close();
});

/** What went to which queue, through the local runtime's publisher (the production routing). */
let sent: { queue: string; type: string }[] = [];
const publisher: EventPublisher = localPublisher({
  send: (messages) => {
    sent.push(...messages.map((message) => ({ queue: message.queue, type: message.attributes?.type ?? "" })));
    return [];
  },
});
const fanOutGot = (type: string) =>
  sent.some((message) => message.queue === "webhook-events" && message.type === type);

function endpointDeps(): EndpointDeps {
  return {
    db: dynamo.db,
    tables: { integrations: dynamo.tables.integrations, audit: dynamo.tables.audit },
    clock: () => new Date(),
    box: new SecretBox(localKeyWrapper("44".repeat(32))),
    guard: { allowLoopback: true },
  };
}

async function addEndpoint(events: WebhookEventType[]): Promise<string> {
  const added = await createEndpoint(endpointDeps(), {
    kind: "webhook",
    url: "http://127.0.0.1:9/hook",
    events,
    description: "",
    actor: "ada",
  });
  if (added.kind !== "done") throw new Error(added.kind);
  return added.endpoint.id;
}

async function setActive(id: string, active: boolean): Promise<void> {
  const changed = await updateEndpoint(endpointDeps(), { id, change: { active }, actor: "ada" });
  expect(changed.kind).toBe("done");
}

async function removeEndpoints(): Promise<void> {
  const items =
    (await dynamo.db.send(new ScanCommand({ TableName: dynamo.tables.integrations }))).Items ?? [];
  for (const item of items)
    await dynamo.db.send(new DeleteCommand({ TableName: dynamo.tables.integrations, Key: { id: item.id } }));
}

function submissionDeps(records: string): SubmissionDeps {
  return {
    db: dynamo.db,
    clock: () => new Date(),
    newId: () => crypto.randomUUID(),
    tables: { records, outbox: dynamo.tables.outbox, audit: dynamo.tables.audit },
  };
}

let serial = 0;
async function signup(): Promise<void> {
  serial += 1;
  await acceptSignup(
    submissionDeps(dynamo.tables.signups),
    {
      firstName: "Ada",
      lastName: "L",
      email: `ada${serial}@example.com`,
      teamSize: "solo",
      productLines: "single",
      notes: undefined,
    },
    {},
  );
}

async function contact(): Promise<void> {
  serial += 1;
  await acceptContact(
    submissionDeps(dynamo.tables.contacts),
    ContactRequest.parse({
      firstName: "G",
      lastName: "H",
      email: `g${serial}@example.com`,
      subject: "demo",
      message: "m",
      newsletter: false,
    }),
  );
}

/** The relay's sweep, with the route filter the runtime and the scheduled relay give it. */
async function sweep(db: DynamoDBDocumentClient = dynamo.db) {
  return sweepOutbox({
    db,
    publisher,
    olderThanMs: 0,
    limit: 100,
    outboxTable: dynamo.tables.outbox,
    routeFilter: () => webhookRouteFilter(db, dynamo.tables.integrations),
  });
}

beforeEach(async () => {
  await removeEndpoints();
  await sweep();
  sent = [];
});

describe("the relay sends lead events to the webhook fan-out only while an endpoint takes them", () => {
  it("with no endpoint, a signup's event goes to its other queues only, and the outbox empties", async () => {
    await signup();
    const result = await sweep();
    expect(result).toMatchObject({ relayed: 1, failed: 0 });
    expect(sent.map((message) => message.queue).sort()).not.toContain("webhook-events");
    expect(sent.length).toBeGreaterThan(0);
    const left = await dynamo.db.send(new ScanCommand({ TableName: dynamo.tables.outbox }));
    expect(left.Items ?? []).toEqual([]);
  });

  it("routes only the types an active endpoint takes; a paused one takes none, a resumed one again", async () => {
    const id = await addEndpoint(["contact.received"]);
    await signup();
    await contact();
    await sweep();
    expect(fanOutGot("contact.received")).toBe(true);
    expect(fanOutGot("signup.created")).toBe(false);

    sent = [];
    await setActive(id, false);
    await contact();
    await sweep();
    expect(fanOutGot("contact.received")).toBe(false);

    sent = [];
    await setActive(id, true);
    await contact();
    await sweep();
    expect(fanOutGot("contact.received")).toBe(true);
  });

  it("an endpoint saved after the event was written but before the relay read the endpoints gets it", async () => {
    await signup();
    // The endpoint's save completes after the relay read the outbox page, just before its first
    // read of the endpoints: the filter reads after the events, so it sees the endpoint.
    let created = false;
    const saveFirst = {
      send: async (command: Parameters<DynamoDBDocumentClient["send"]>[0]) => {
        if (
          !created &&
          command instanceof ScanCommand &&
          command.input.TableName === dynamo.tables.integrations
        ) {
          created = true;
          await addEndpoint(["signup.created"]);
        }
        return dynamo.db.send(command as never);
      },
    } as unknown as DynamoDBDocumentClient;
    await sweep(saveFirst);
    expect(created).toBe(true);
    expect(fanOutGot("signup.created")).toBe(true);
  });

  it("a resumed endpoint gets an event written right after its resume, by the stream relay too", async () => {
    const id = await addEndpoint(["signup.created"]);
    await setActive(id, false);
    await setActive(id, true);
    await signup();
    const items = (await dynamo.db.send(new ScanCommand({ TableName: dynamo.tables.outbox }))).Items ?? [];
    expect(items).toHaveLength(1);
    const stream: DynamoDBStreamEvent = {
      Records: items.map((item, index) => ({
        eventName: "INSERT",
        dynamodb: {
          SequenceNumber: String(index + 1),
          NewImage: marshall(item) as Record<string, AttributeValue> as never,
        },
      })),
    };
    const handler = createRelayHandler(() => ({
      db: dynamo.db,
      publisher,
      outboxTable: dynamo.tables.outbox,
      integrationsTable: dynamo.tables.integrations,
    }));
    expect(await handler(stream)).toEqual({ batchItemFailures: [] });
    expect(fanOutGot("signup.created")).toBe(true);

    // Paused again: the stream relay leaves the fan-out out.
    sent = [];
    await setActive(id, false);
    await signup();
    const next = (
      (await dynamo.db.send(new ScanCommand({ TableName: dynamo.tables.outbox }))).Items ?? []
    ).filter((item) => !items.some((old) => old.id === item.id));
    await handler({
      Records: next.map((item) => ({
        eventName: "INSERT",
        dynamodb: { SequenceNumber: "9", NewImage: marshall(item) as never },
      })),
    });
    expect(sent.some((message) => message.type === "signup.created")).toBe(true);
    expect(fanOutGot("signup.created")).toBe(false);
  });

  it("a failed read of the endpoints skips nothing", async () => {
    await signup();
    const failing = {
      send: async (command: Parameters<DynamoDBDocumentClient["send"]>[0]) => {
        if (command instanceof ScanCommand && command.input.TableName === dynamo.tables.integrations)
          throw new Error("ProvisionedThroughputExceededException");
        return dynamo.db.send(command as never);
      },
    } as unknown as DynamoDBDocumentClient;
    await sweep(failing);
    expect(fanOutGot("signup.created")).toBe(true);
  });

  it("reads the endpoints at most once per page of events", async () => {
    for (let index = 0; index < 5; index++) await signup();
    let reads = 0;
    const counting = {
      send: async (command: Parameters<DynamoDBDocumentClient["send"]>[0]) => {
        if (command instanceof ScanCommand && command.input.TableName === dynamo.tables.integrations)
          reads += 1;
        return dynamo.db.send(command as never);
      },
    } as unknown as DynamoDBDocumentClient;
    await sweep(counting);
    expect(reads).toBe(1);
    expect(sent.filter((message) => message.type === "signup.created").length).toBeGreaterThanOrEqual(5);
  });
});
