import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Call, type DirectStore, dynaliteWithDirectCall } from "./dynalite-direct-call";
import { transactWrite } from "./dynalite-transact-write";
import { closeServer } from "./net";

const TABLE = "Transactions";
const WRITES = new Set(["PutItem", "UpdateItem", "DeleteItem"]);

let store: DirectStore & { server: Server };
beforeAll(async () => {
  store = dynaliteWithDirectCall({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await store.call("CreateTable", {
    TableName: TABLE,
    AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
    BillingMode: "PAY_PER_REQUEST",
  });
});
afterAll(() => closeServer(store.server));

/** The store, with every write the transaction makes on it recorded in `writes`. */
function recording(writes: string[]): DirectStore {
  const call: Call = (operation, input) => {
    if (WRITES.has(operation)) writes.push(`${operation} ${JSON.stringify(input.Key ?? input.Item)}`);
    return store.call(operation, input);
  };
  return { call, checkCondition: store.checkCondition };
}

const item = (id: string, extra: Record<string, unknown> = {}) => ({ id: { S: id }, ...extra });

/** A submission's shape: a marker that tells a double submit apart, the record, its event, a counter. */
function submission(marker: string, record: string) {
  return {
    TransactItems: [
      { Put: { TableName: TABLE, Item: item(marker), ConditionExpression: "attribute_not_exists(id)" } },
      { Put: { TableName: TABLE, Item: item(record), ConditionExpression: "attribute_not_exists(id)" } },
      {
        Put: {
          TableName: TABLE,
          Item: item(`event-of-${record}`),
          ConditionExpression: "attribute_not_exists(id)",
        },
      },
      {
        Update: {
          TableName: TABLE,
          Key: item("counter"),
          UpdateExpression: "ADD #n :one",
          ConditionExpression: "attribute_not_exists(#n) OR #n < :cap",
          ExpressionAttributeNames: { "#n": "n" },
          ExpressionAttributeValues: { ":one": { N: "1" }, ":cap": { N: "1000" } },
        },
      },
    ],
  };
}

async function exists(id: string): Promise<boolean> {
  return !!(await store.call("GetItem", { TableName: TABLE, Key: item(id), ConsistentRead: true })).Item;
}

describe("a local transaction", () => {
  it("cancelled by a condition writes nothing at all, so no reader ever sees its event", async () => {
    await transactWrite(recording([]), submission("marker-1", "record-1"), new Map());
    const writes: string[] = [];
    const error = await transactWrite(recording(writes), submission("marker-1", "record-2"), new Map()).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ type: "TransactionCanceledException" });
    expect(
      (error as { extra: { CancellationReasons: { Code: string }[] } }).extra.CancellationReasons,
    ).toEqual([
      { Code: "ConditionalCheckFailed", Message: "The conditional request failed" },
      { Code: "None" },
      { Code: "None" },
      { Code: "None" },
    ]);
    expect(writes).toEqual([]);
    expect([await exists("record-2"), await exists("event-of-record-2")]).toEqual([false, false]);
  });

  it("checks an update's condition with only the placeholders the condition uses, then applies it", async () => {
    const writes: string[] = [];
    await transactWrite(recording(writes), submission("marker-3", "record-3"), new Map());
    expect(writes).toHaveLength(4);
    expect([await exists("record-3"), await exists("event-of-record-3")]).toEqual([true, true]);
    const counter = await store.call("GetItem", {
      TableName: TABLE,
      Key: item("counter"),
      ConsistentRead: true,
    });
    expect(counter.Item).toEqual({ id: { S: "counter" }, n: { N: "2" } });
  });

  it("rolls back what it wrote when a plain write changes an item between its check and its write", async () => {
    await store.call("PutItem", { TableName: TABLE, Item: item("counter", { n: { N: "999" } }) });
    let raced = false;
    const racing: DirectStore = {
      checkCondition: store.checkCondition,
      call: async (operation, input) => {
        // After the checks, just before the counter's own write: another request takes it to the cap.
        if (!raced && operation === "UpdateItem") {
          raced = true;
          await store.call("PutItem", { TableName: TABLE, Item: item("counter", { n: { N: "1000" } }) });
        }
        return store.call(operation, input);
      },
    };
    const error = await transactWrite(racing, submission("marker-4", "record-4"), new Map()).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ type: "TransactionCanceledException" });
    expect([await exists("marker-4"), await exists("record-4"), await exists("event-of-record-4")]).toEqual([
      false,
      false,
      false,
    ]);
  });
});
