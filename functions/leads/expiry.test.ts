import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { marshall } from "@aws-sdk/util-dynamodb";
import type { DynamoDBRecord } from "aws-lambda";
import { mockClient } from "aws-sdk-client-mock";
import { beforeEach, describe, expect, it } from "vitest";
import { TTL_DELETION_IDENTITY } from "../lib/dynamo";
import { leadRecordCounts } from "../model/lead-delete";
import { SIGNUP_KIND } from "../model/lead-kinds";
import { applyExpiry, applyExpiryStream, streamTable, ttlRemoval } from "./expiry";

process.env.LOG_LEVEL = "silent";

const TABLES = { signup: "repdesk-dev-Signups", contact: "repdesk-dev-ContactMessages" };
const arnOf = (table: string) =>
  `arn:aws:dynamodb:us-east-1:123456789012:table/${table}/stream/2026-11-27T00:00:00.000`;
const record = {
  id: "0b7a4c1e-1111-4e4e-9999-000000000001",
  kind: "signup",
  createdAt: "2026-10-01T09:30:00.000Z",
  expiresAt: 1_762_000_000,
  email: "ada@example.com",
  teamSize: "solo",
  productLines: "single",
  status: "new",
  ownerKey: "signup#new#maria",
  ownerCount: "o_new#maria",
  figures: "a",
};

function removal(
  overrides: Partial<DynamoDBRecord> = {},
  image: Record<string, unknown> = record,
): DynamoDBRecord {
  return {
    eventName: "REMOVE",
    eventSourceARN: arnOf(TABLES.signup),
    userIdentity: { ...TTL_DELETION_IDENTITY },
    dynamodb: {
      SequenceNumber: "100",
      Keys: marshall({ id: image.id }) as never,
      OldImage: marshall(image) as never,
    },
    ...overrides,
  };
}

const cancelled = (...codes: string[]) =>
  Object.assign(new Error("Transaction cancelled"), {
    name: "TransactionCanceledException",
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe("which stream records are TTL deletions of a lead record", () => {
  it("takes a REMOVE by DynamoDB's time to live of a record of the table's own kind", () => {
    expect(ttlRemoval(removal(), TABLES)).toMatchObject({
      lead: SIGNUP_KIND,
      table: TABLES.signup,
      item: record,
    });
    expect(streamTable(arnOf(TABLES.contact))).toBe(TABLES.contact);
  });

  it("leaves deletes by people, other events, counters, markers and look-alike identities", () => {
    const ignored: DynamoDBRecord[] = [
      removal({ userIdentity: undefined }), // a staff delete or a privacy erase
      removal({ userIdentity: { type: "Service", principalId: "lambda.amazonaws.com" } }),
      removal({ userIdentity: { type: "User", principalId: "dynamodb.amazonaws.com" } }),
      removal({ eventName: "MODIFY" }),
      removal(
        {},
        {
          id: "#counts#signup#day#2026-10-01",
          kind: "#counts#signup#day",
          createdAt: "2026-10-01T00:00:00.000Z",
        },
      ),
      removal({}, { id: "#expired#x", expiresAt: 1 }),
      removal({ eventSourceARN: arnOf(TABLES.contact) }), // a signup image from the contacts table
      removal({ eventSourceARN: arnOf("repdesk-prod-Signups") }),
      removal({ dynamodb: { SequenceNumber: "1", Keys: marshall({ id: "x" }) as never } }), // no old image
    ];
    for (const candidate of ignored) expect(ttlRemoval(candidate, TABLES)).toBeUndefined();
  });
});

describe("applying a TTL deletion", () => {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: "us-east-1" }));
  const mock = mockClient(db);
  const deps = {
    db,
    tables: TABLES,
    clock: () => new Date("2026-11-27T10:00:00.000Z"),
    sleep: async () => {},
  };
  const sent = () =>
    mock.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);

  beforeEach(() => mock.reset());

  it("applies exactly a delete's counter and figures actions, each only while its bucket is there, with a marker", async () => {
    mock.on(TransactWriteCommand).resolves({});
    expect(await applyExpiry(deps, SIGNUP_KIND, TABLES.signup, record)).toBe("applied");
    const [items = []] = sent();
    const [marker, ...counts] = items;
    expect(marker?.Put?.Item?.id).toBe(`#expired#${record.id}`);
    expect(marker?.Put?.ConditionExpression).toBe("attribute_not_exists(id)");
    expect(marker?.Put?.Item?.expiresAt).toBe(Date.parse("2026-11-29T10:00:00.000Z") / 1000);
    const shared = leadRecordCounts(TABLES.signup, SIGNUP_KIND, record);
    expect(counts.map((action) => ({ ...action.Update, ConditionExpression: undefined }))).toEqual(
      shared.map((action) => ({ ...action.Update, ConditionExpression: undefined })),
    );
    for (const action of counts) expect(action.Update?.ConditionExpression).toBe("attribute_exists(id)");
    // Day counter (with the status and owner counts), hour counter, figures day item.
    expect(counts).toHaveLength(3);
    expect(counts[0]?.Update?.UpdateExpression).toContain("#owned :d");
  });

  it("changes nothing when the marker is there already (a replayed record)", async () => {
    mock.on(TransactWriteCommand).rejects(cancelled("ConditionalCheckFailed", "None", "None", "None"));
    expect(await applyExpiry(deps, SIGNUP_KIND, TABLES.signup, record)).toBe("replayed");
    expect(sent()).toHaveLength(1);
  });

  it("drops the updates of buckets that expired first, and applies the rest", async () => {
    mock
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled("None", "ConditionalCheckFailed", "None", "None"))
      .rejectsOnce(cancelled("TransactionConflict", "None", "None"))
      .resolves({});
    expect(await applyExpiry(deps, SIGNUP_KIND, TABLES.signup, record)).toBe("applied");
    const calls = sent();
    expect(calls.map((items) => items.length)).toEqual([4, 3, 3]);
    expect(calls[2]?.some((action) => String(action.Update?.Key?.id).includes("#day#"))).toBe(false);
  });

  it("reports the first record that failed, so the stream retries from it", async () => {
    mock.on(TransactWriteCommand).rejects(Object.assign(new Error("down"), { name: "InternalServerError" }));
    const other = { ...record, id: "0b7a4c1e-1111-4e4e-9999-000000000002" };
    const answer = await applyExpiryStream(
      {
        Records: [
          removal({ userIdentity: undefined, dynamodb: { SequenceNumber: "1" } }),
          removal({ dynamodb: { SequenceNumber: "2", OldImage: marshall(record) as never } }),
          removal({ dynamodb: { SequenceNumber: "3", OldImage: marshall(other) as never } }),
        ],
      },
      deps,
    );
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: "2" }] });
    expect(sent()).toHaveLength(1);
  });
});
