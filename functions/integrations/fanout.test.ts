import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { mockClient } from "aws-sdk-client-mock";
import { beforeEach, describe, expect, it } from "vitest";
import { listOncePer } from "./fanout";

describe("the endpoints of one batch", () => {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: "us-east-1" }));
  const mock = mockClient(db);
  const tables = { integrations: "Integrations", deliveries: "Deliveries", outbox: "Outbox" };
  beforeEach(() => mock.reset());

  it("are read once for all its events", async () => {
    mock.on(ScanCommand).resolves({ Items: [{ id: "ep_1", createdAt: "2026-01-01T00:00:00.000Z" }] });
    const endpoints = listOncePer({ db, tables });
    const lists = await Promise.all([endpoints(), endpoints(), endpoints()]);
    expect(lists.map((list) => list.map((endpoint) => endpoint.id))).toEqual([["ep_1"], ["ep_1"], ["ep_1"]]);
    expect(mock.commandCalls(ScanCommand)).toHaveLength(1);
  });

  it("are read again after a read that failed", async () => {
    mock.on(ScanCommand).rejectsOnce(new Error("unreachable")).resolves({ Items: [] });
    const endpoints = listOncePer({ db, tables });
    await expect(endpoints()).rejects.toThrow("unreachable");
    expect(await endpoints()).toEqual([]);
    expect(mock.commandCalls(ScanCommand)).toHaveLength(2);
  });
});
