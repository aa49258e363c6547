import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTableCommand,
} from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheTableDescriptions, type TableDescriptionStore } from "./dynalite-table-cache";
import { LOCAL_CREDENTIALS, type LocalDynamo, startDynalite } from "./dynamo";

/** A description store in memory that counts its reads. */
function memoryStore() {
  const values = new Map<string, unknown>();
  let reads = 0;
  const store: TableDescriptionStore = {
    get(key, callback) {
      reads += 1;
      const value = values.get(key);
      setImmediate(() => callback(null, value === undefined ? undefined : structuredClone(value)));
    },
    put(key, value, callback) {
      values.set(key, structuredClone(value));
      setImmediate(() => callback(null));
    },
    del(key, callback) {
      values.delete(key);
      setImmediate(() => callback(null));
    },
  };
  return { store, reads: () => reads };
}

const read = (store: TableDescriptionStore, key: string) =>
  new Promise<unknown>((resolve, reject) =>
    store.get(key, (error, value) => (error ? reject(error) : resolve(value))),
  );
const write = (store: TableDescriptionStore, key: string, value: unknown) =>
  new Promise<void>((resolve, reject) =>
    store.put(key, value, (error) => (error ? reject(error) : resolve())),
  );

describe("the table description cache", () => {
  it("reads a description once, hands out copies, and forgets at a write", async () => {
    const { store, reads } = memoryStore();
    cacheTableDescriptions(store);
    cacheTableDescriptions(store); // twice: still one cache
    await write(store, "t", { TableStatus: "ACTIVE", n: 1 });
    const first = (await read(store, "t")) as { n: number };
    first.n = 99; // a caller changing its copy changes nobody else's
    expect(await read(store, "t")).toEqual({ TableStatus: "ACTIVE", n: 1 });
    expect(reads()).toBe(1);
    await write(store, "t", { TableStatus: "ACTIVE", n: 2 });
    expect(await read(store, "t")).toEqual({ TableStatus: "ACTIVE", n: 2 });
    expect(reads()).toBe(2);
    await new Promise<void>((resolve) => store.del("t", () => resolve()));
    expect(await read(store, "t")).toBeUndefined();
  });

  it("does not keep what a read returned when a write came in while it ran", async () => {
    const { store } = memoryStore();
    cacheTableDescriptions(store);
    await write(store, "t", { n: 1 });
    const racing = read(store, "t"); // reads n: 1 ...
    await write(store, "t", { n: 2 }); // ... while n: 2 is written
    await racing;
    expect(await read(store, "t")).toEqual({ n: 2 });
  });
});

describe("dynalite with cached table descriptions", () => {
  let dynamo: LocalDynamo;
  let db: DynamoDBDocumentClient;
  beforeAll(async () => {
    dynamo = await startDynalite({ port: 0, host: "127.0.0.1", region: "us-east-1", inProcess: true });
    db = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: dynamo.endpoint, region: "us-east-1", credentials: LOCAL_CREDENTIALS }),
    );
  });
  afterAll(() => dynamo.close());

  const create = (key: string) =>
    dynamo.client.send(
      new CreateTableCommand({
        TableName: "cached",
        BillingMode: "PAY_PER_REQUEST",
        AttributeDefinitions: [{ AttributeName: key, AttributeType: "S" }],
        KeySchema: [{ AttributeName: key, KeyType: "HASH" }],
      }),
    );

  it("sees a table deleted, created again with another key, and updated", async () => {
    await create("id");
    await db.send(new PutCommand({ TableName: "cached", Item: { id: "a" } }));
    expect((await db.send(new GetCommand({ TableName: "cached", Key: { id: "a" } }))).Item).toEqual({
      id: "a",
    });
    await dynamo.client.send(new DeleteTableCommand({ TableName: "cached" }));
    await expect(db.send(new GetCommand({ TableName: "cached", Key: { id: "a" } }))).rejects.toMatchObject({
      name: "ResourceNotFoundException",
    });
    await create("pk");
    await db.send(new PutCommand({ TableName: "cached", Item: { pk: "b" } }));
    await expect(db.send(new PutCommand({ TableName: "cached", Item: { id: "c" } }))).rejects.toMatchObject({
      name: "ValidationException",
    });
    await dynamo.client.send(
      new UpdateTableCommand({
        TableName: "cached",
        BillingMode: "PROVISIONED",
        ProvisionedThroughput: { ReadCapacityUnits: 7, WriteCapacityUnits: 3 },
      }),
    );
    // dynalite finishes an update a moment later, writing the description again.
    let capacity: number | undefined;
    for (let attempt = 0; attempt < 100 && capacity !== 7; attempt++) {
      const { Table } = await dynamo.client.send(new DescribeTableCommand({ TableName: "cached" }));
      capacity = Table?.TableStatus === "ACTIVE" ? Table.ProvisionedThroughput?.ReadCapacityUnits : undefined;
      if (capacity !== 7) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(capacity).toBe(7);
  });
});
