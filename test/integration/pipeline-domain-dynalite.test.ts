/** The test stand-in itself: dynalite with TransactWriteItems behaves like DynamoDB for our uses. */
import { GetCommand, PutCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDynalite, type TestDynamo } from "../support/dynamo";

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startDynalite();
});
afterAll(async () => {
  await dynamo?.close();
});

const put = (table: string, item: Record<string, unknown>) => ({
  Put: { TableName: table, Item: item, ConditionExpression: "attribute_not_exists(id)" },
});

describe("dynalite with TransactWriteItems", () => {
  it("writes every action of a transaction", async () => {
    const { signups, outbox } = dynamo.tables;
    await dynamo.db.send(
      new TransactWriteCommand({
        TransactItems: [put(signups, { id: "s1", kind: "signup" }), put(outbox, { id: "e1" })],
      }),
    );
    expect((await dynamo.db.send(new GetCommand({ TableName: signups, Key: { id: "s1" } }))).Item).toEqual({
      id: "s1",
      kind: "signup",
    });
    expect(
      (await dynamo.db.send(new GetCommand({ TableName: outbox, Key: { id: "e1" } }))).Item,
    ).toBeDefined();
  });

  it("cancels the whole transaction when one condition fails, with DynamoDB's reasons", async () => {
    const { signups, outbox } = dynamo.tables;
    await dynamo.db.send(new PutCommand({ TableName: signups, Item: { id: "taken" } }));
    const attempt = dynamo.db.send(
      new TransactWriteCommand({
        TransactItems: [put(outbox, { id: "e2" }), put(signups, { id: "taken", x: 1 })],
      }),
    );
    await expect(attempt).rejects.toMatchObject({
      name: "TransactionCanceledException",
      CancellationReasons: [{ Code: "None" }, { Code: "ConditionalCheckFailed" }],
    });
    // The outbox put that had already been applied is rolled back; the existing item is untouched.
    expect(
      (await dynamo.db.send(new GetCommand({ TableName: outbox, Key: { id: "e2" } }))).Item,
    ).toBeUndefined();
    expect((await dynamo.db.send(new GetCommand({ TableName: signups, Key: { id: "taken" } }))).Item).toEqual(
      {
        id: "taken",
      },
    );
  });

  it("serialises concurrent transactions on the same item: exactly one wins", async () => {
    const { signups, outbox } = dynamo.tables;
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, n) =>
        dynamo.db.send(
          new TransactWriteCommand({
            TransactItems: [put(signups, { id: "race" }), put(outbox, { id: `race-${n}` })],
          }),
        ),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
  });

  it("rolls back an applied update and reports the failed item with ALL_OLD", async () => {
    const { signups, ephemeral } = dynamo.tables;
    await dynamo.db.send(new PutCommand({ TableName: ephemeral, Item: { pk: "counter", hits: 1 } }));
    await dynamo.db.send(new PutCommand({ TableName: signups, Item: { id: "exists", v: 1 } }));
    const attempt = dynamo.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: ephemeral,
              Key: { pk: "counter" },
              UpdateExpression: "ADD hits :one",
              ExpressionAttributeValues: { ":one": 1 },
            },
          },
          {
            Put: {
              TableName: signups,
              Item: { id: "exists", v: 2 },
              ConditionExpression: "attribute_not_exists(id)",
              ReturnValuesOnConditionCheckFailure: "ALL_OLD",
            },
          },
        ],
      }),
    );
    await expect(attempt).rejects.toMatchObject({
      CancellationReasons: [
        { Code: "None" },
        { Code: "ConditionalCheckFailed", Item: { id: { S: "exists" }, v: { N: "1" } } },
      ],
    });
    expect(
      (await dynamo.db.send(new GetCommand({ TableName: ephemeral, Key: { pk: "counter" } }))).Item,
    ).toEqual({
      pk: "counter",
      hits: 1,
    });
  });
});
