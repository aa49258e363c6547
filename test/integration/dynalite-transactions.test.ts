/**
 * The local store's TransactWriteItems (infra/local/dynalite-transactions.ts): all-or-nothing
 * under concurrency, with transactions on a shared item serialised and their rollbacks exact.
 */
import { GetCommand, PutCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDynalite, type TestDynamo } from "../support/dynamo";

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startDynalite();
});
afterAll(() => dynamo.close());

function incrementWithRecord(id: string) {
  return new TransactWriteCommand({
    TransactItems: [
      {
        Put: {
          TableName: dynamo.tables.signups,
          Item: { id, kind: "signup", createdAt: "2025-01-01T00:00:00.000Z" },
          ConditionExpression: "attribute_not_exists(id)",
        },
      },
      {
        Update: {
          TableName: dynamo.tables.signups,
          Key: { id: "shared-counter" },
          UpdateExpression: "ADD n :one",
          ExpressionAttributeValues: { ":one": 1 },
        },
      },
    ],
  });
}

describe("local TransactWriteItems", () => {
  it("commits or cancels each of many concurrent transactions on a shared counter exactly", async () => {
    // Ten ids already exist: their transactions must cancel and leave the counter untouched.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        dynamo.db.send(
          new PutCommand({
            TableName: dynamo.tables.signups,
            Item: { id: `taken-${i}`, kind: "signup", createdAt: "2025-01-01T00:00:00.000Z" },
          }),
        ),
      ),
    );
    const ids = [
      ...Array.from({ length: 30 }, (_, i) => `new-${i}`),
      ...Array.from({ length: 10 }, (_, i) => `taken-${i}`),
    ];
    const results = await Promise.allSettled(ids.map((id) => dynamo.db.send(incrementWithRecord(id))));
    const committed = results.filter((result) => result.status === "fulfilled").length;
    const cancelled = results.filter(
      (result) =>
        result.status === "rejected" && (result.reason as Error).name === "TransactionCanceledException",
    ).length;
    expect({ committed, cancelled }).toEqual({ committed: 30, cancelled: 10 });

    const counter = await dynamo.db.send(
      new GetCommand({ TableName: dynamo.tables.signups, Key: { id: "shared-counter" } }),
    );
    expect(counter.Item?.n).toBe(30);
  });

  it("names the failed action in the cancellation reasons", async () => {
    await dynamo.db.send(incrementWithRecord("once"));
    const error = await dynamo.db.send(incrementWithRecord("once")).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      name: "TransactionCanceledException",
      CancellationReasons: [{ Code: "ConditionalCheckFailed" }, { Code: "None" }],
    });
  });

  // The actions run through dynalite's own validations and actions, called on its store directly.
  it("rejects an invalid action with dynalite's ValidationException and applies nothing", async () => {
    const error = await dynamo.db
      .send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: dynamo.tables.signups, Item: { id: "not-applied", kind: "signup" } } },
            {
              Update: {
                TableName: dynamo.tables.signups,
                Key: { id: "bad-update" },
                UpdateExpression: "SET #missing = :one",
                ExpressionAttributeValues: { ":one": 1 },
              },
            },
          ],
        }),
      )
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: "ValidationException" });
    const left = await dynamo.db.send(
      new GetCommand({ TableName: dynamo.tables.signups, Key: { id: "not-applied" } }),
    );
    expect(left.Item).toBeUndefined();
  });

  it("returns the item that failed a condition when asked (ALL_OLD), and rolls back the rest", async () => {
    await dynamo.db.send(
      new PutCommand({
        TableName: dynamo.tables.signups,
        Item: { id: "taken", kind: "signup", note: "first" },
      }),
    );
    const error = await dynamo.db
      .send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: dynamo.tables.signups, Item: { id: "rolled-back", kind: "signup" } } },
            {
              Put: {
                TableName: dynamo.tables.signups,
                Item: { id: "taken", kind: "signup", note: "second" },
                ConditionExpression: "attribute_not_exists(id)",
                ReturnValuesOnConditionCheckFailure: "ALL_OLD",
              },
            },
          ],
        }),
      )
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      name: "TransactionCanceledException",
      CancellationReasons: [
        { Code: "None" },
        { Code: "ConditionalCheckFailed", Item: { id: { S: "taken" }, note: { S: "first" } } },
      ],
    });
    const rolledBack = await dynamo.db.send(
      new GetCommand({ TableName: dynamo.tables.signups, Key: { id: "rolled-back" } }),
    );
    expect(rolledBack.Item).toBeUndefined();
  });
});
