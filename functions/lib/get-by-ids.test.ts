import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { BatchGetCommand, DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { mockClient } from "aws-sdk-client-mock";
import { describe, expect, it } from "vitest";
import { getByIds } from "./get-by-ids";

// DynamoDB leaves keys unprocessed under throttling; dynalite never does, so the client is mocked.
function client() {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: "us-east-1" }));
  return { db, mock: mockClient(db) };
}

const noPause = async () => {};

describe("getByIds", () => {
  it("asks again for the keys DynamoDB left unprocessed, after a pause, until all are read", async () => {
    const { db, mock } = client();
    mock
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { leads: [{ id: "a" }] },
        UnprocessedKeys: { leads: { Keys: [{ id: "b" }] } },
      })
      .resolvesOnce({ Responses: { leads: [{ id: "b" }] } });
    const pauses: number[] = [];
    const found = await getByIds(db, "leads", ["a", "b"], undefined, async (ms) => {
      pauses.push(ms);
    });
    expect([...found.keys()].sort()).toEqual(["a", "b"]);
    expect(mock.commandCalls(BatchGetCommand)[1]?.args[0].input.RequestItems?.leads?.Keys).toEqual([
      { id: "b" },
    ]);
    expect(pauses).toHaveLength(1);
  });

  it("fails rather than answering without keys that stay unprocessed", async () => {
    const { db, mock } = client();
    mock.on(BatchGetCommand).resolves({ UnprocessedKeys: { leads: { Keys: [{ id: "a" }] } } });
    await expect(getByIds(db, "leads", ["a"], undefined, noPause)).rejects.toThrow(
      "BatchGet on leads left 1 keys unprocessed after 5 attempts",
    );
    expect(mock.commandCalls(BatchGetCommand)).toHaveLength(5);
  });

  it("leaves ids that do not exist out of the map", async () => {
    const { db, mock } = client();
    mock.on(BatchGetCommand).resolves({ Responses: { leads: [{ id: "a" }] } });
    const found = await getByIds(db, "leads", ["a", "gone"], undefined, noPause);
    expect([...found.keys()]).toEqual(["a"]);
  });
});
