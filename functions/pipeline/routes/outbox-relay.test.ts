import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { marshall } from "@aws-sdk/util-dynamodb";
import type { DynamoDBRecord, DynamoDBStreamEvent, ScheduledEvent } from "aws-lambda";
import { mockClient } from "aws-sdk-client-mock";
import { beforeEach, describe, expect, it } from "vitest";
import type { DomainEvent } from "../../../events/envelopes";
import { RecordingPublisher } from "../../../test/support/recording-publisher";
import { outboxItemFor } from "../../model/outbox";
import { createRelayHandler } from "./outbox-relay";

process.env.LOG_LEVEL = "silent";

const event = (id: string): DomainEvent => ({
  type: "signup.created",
  version: 1,
  id,
  occurredAt: "2025-03-04T10:00:00.000Z",
  data: {
    id: `s-${id}`,
    firstName: "A",
    lastName: "B",
    email: "a@example.com",
    teamSize: "solo",
    productLines: "single",
    createdAt: "2025-03-04T10:00:00.000Z",
  },
});

function record(
  eventName: DynamoDBRecord["eventName"],
  item: Record<string, unknown>,
  sequence: string,
): DynamoDBRecord {
  return {
    eventName,
    eventSource: "aws:dynamodb",
    // The SDK's marshalled shape is the stream's wire shape.
    dynamodb: { SequenceNumber: sequence, NewImage: marshall(item) as never },
  };
}

describe("outbox relay handler", () => {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: "us-east-1" }));
  const mock = mockClient(db);
  let publisher: RecordingPublisher;
  const handler = () => createRelayHandler(() => ({ db, publisher, outboxTable: "Outbox" }));

  beforeEach(() => {
    mock.reset();
    mock.on(DeleteCommand).resolves({});
    mock.on(BatchWriteCommand).resolves({});
    publisher = new RecordingPublisher();
  });

  it("relays INSERT records, ignores other changes, and deletes each relayed item", async () => {
    const stream: DynamoDBStreamEvent = {
      Records: [
        record("INSERT", { ...outboxItemFor(event("e1")) }, "100"),
        record("REMOVE", { id: "gone" }, "101"),
        record("INSERT", { ...outboxItemFor(event("e2")) }, "102"),
      ],
    };
    expect(await handler()(stream)).toEqual({ batchItemFailures: [] });
    expect(publisher.events.map((published) => published.id)).toEqual(["e1", "e2"]);
    expect(mock.commandCalls(DeleteCommand).map((call) => call.args[0].input)).toEqual([
      { TableName: "Outbox", Key: { id: "e1" } },
      { TableName: "Outbox", Key: { id: "e2" } },
    ]);
  });

  it("reports the first failed record by sequence number and stops there", async () => {
    publisher.failNext = 1;
    const stream: DynamoDBStreamEvent = {
      Records: [
        record("INSERT", { ...outboxItemFor(event("e1")) }, "200"),
        record("INSERT", { ...outboxItemFor(event("e2")) }, "201"),
      ],
    };
    expect(await handler()(stream)).toEqual({ batchItemFailures: [{ itemIdentifier: "200" }] });
    expect(mock.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it("reports an outbox item whose event is unreadable", async () => {
    const stream: DynamoDBStreamEvent = {
      Records: [record("INSERT", { id: "bad", event: "{}", createdAt: "x" }, "300")],
    };
    expect(await handler()(stream)).toEqual({ batchItemFailures: [{ itemIdentifier: "300" }] });
  });

  it("sweeps the table on a scheduled event, leaving the youngest items to the stream", async () => {
    const old = { ...outboxItemFor(event("old"), new Date(Date.now() - 10 * 60_000).toISOString()) };
    const young = { ...outboxItemFor(event("young"), new Date().toISOString()) };
    mock.on(ScanCommand).resolves({ Items: [young, old] });
    const scheduled = { "detail-type": "Scheduled Event", source: "aws.events" } as ScheduledEvent;
    expect(await handler()(scheduled)).toEqual({ relayed: 1, failed: 0 });
    expect(publisher.events.map((published) => published.id)).toEqual(["old"]);
    expect(mock.commandCalls(BatchWriteCommand).map((call) => call.args[0].input)).toEqual([
      { RequestItems: { Outbox: [{ DeleteRequest: { Key: { id: "old" } } }] } },
    ]);
  });

  it("deletes what a sweep relayed 25 items per call, again what DynamoDB left unprocessed", async () => {
    const at = new Date(Date.now() - 10 * 60_000).toISOString();
    const items = Array.from({ length: 30 }, (_, i) => ({ ...outboxItemFor(event(`e${i}`), at) }));
    mock.on(ScanCommand).resolves({ Items: items });
    const left = { Outbox: [{ DeleteRequest: { Key: { id: "e3" } } }] };
    mock.on(BatchWriteCommand).resolvesOnce({ UnprocessedItems: left }).resolves({});
    const scheduled = { "detail-type": "Scheduled Event", source: "aws.events" } as ScheduledEvent;
    expect(await handler()(scheduled)).toEqual({ relayed: 30, failed: 0 });
    const calls = mock.commandCalls(BatchWriteCommand).map((call) => call.args[0].input.RequestItems?.Outbox);
    expect(calls.map((requests) => requests?.length)).toEqual([25, 1, 5]);
    expect(calls[1]).toEqual(left.Outbox);
    expect(mock.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it("counts a relayed item that could not be deleted as not relayed (the next sweep sends it again)", async () => {
    const old = { ...outboxItemFor(event("old"), new Date(Date.now() - 10 * 60_000).toISOString()) };
    mock.on(ScanCommand).resolves({ Items: [old] });
    mock
      .on(BatchWriteCommand)
      .resolves({ UnprocessedItems: { Outbox: [{ DeleteRequest: { Key: { id: "old" } } }] } });
    const scheduled = { "detail-type": "Scheduled Event", source: "aws.events" } as ScheduledEvent;
    await expect(handler()(scheduled)).rejects.toThrow(/1 of 1 outbox items not relayed/);
    expect(mock.commandCalls(BatchWriteCommand)).toHaveLength(3);
  });

  it("fails the sweep invocation when an item could not be relayed, so the function's error alarm fires", async () => {
    const old = { ...outboxItemFor(event("old"), new Date(Date.now() - 10 * 60_000).toISOString()) };
    mock.on(ScanCommand).resolves({ Items: [old] });
    publisher.failNext = 1;
    const scheduled = { "detail-type": "Scheduled Event", source: "aws.events" } as ScheduledEvent;
    await expect(handler()(scheduled)).rejects.toThrow(/1 of 1 outbox items not relayed/);
  });
});
