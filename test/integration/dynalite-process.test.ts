/**
 * dynalite in its own process (infra/local/dynamo.ts startDynalite, the runtime's default):
 * transactions work across the process boundary, close() releases the data folder's lock (a new
 * one reopens it with the data), and the child stops when its parent dies, even by SIGKILL.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, describe, expect, it } from "vitest";
import { startDynalite } from "../../infra/local/dynamo";
import { ensureTables, localTableName } from "../../infra/local/tables";

const dataDir = mkdtempSync(path.join(tmpdir(), "dynalite-process-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const options = { path: path.join(dataDir, "dynamodb"), port: 0, host: "127.0.0.1", region: "us-east-1" };

describe("dynalite in a child process", () => {
  it("runs transactions, and a restart on the same folder finds the data", async () => {
    const first = await startDynalite(options);
    const table = localTableName("signups");
    try {
      await ensureTables(first.client);
      await first.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: table,
                Item: { id: "a", kind: "signup", createdAt: "2025-01-01T00:00:00.000Z" },
              },
            },
            {
              Update: {
                TableName: table,
                Key: { id: "counter" },
                UpdateExpression: "ADD n :one",
                ExpressionAttributeValues: { ":one": 1 },
              },
            },
          ],
        }),
      );
      // The same record again: cancelled as a whole, the counter untouched.
      await expect(
        first.db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: table,
                  Item: { id: "a", kind: "signup", createdAt: "2025-01-01T00:00:00.000Z" },
                  ConditionExpression: "attribute_not_exists(id)",
                },
              },
              {
                Update: {
                  TableName: table,
                  Key: { id: "counter" },
                  UpdateExpression: "ADD n :one",
                  ExpressionAttributeValues: { ":one": 1 },
                },
              },
            ],
          }),
        ),
      ).rejects.toMatchObject({ name: "TransactionCanceledException" });
    } finally {
      await first.close();
    }
    const second = await startDynalite(options);
    try {
      const { Item } = await second.db.send(new GetCommand({ TableName: table, Key: { id: "counter" } }));
      expect(Item?.n).toBe(1);
    } finally {
      await second.close();
    }
  });

  it("stops when its parent is killed, releasing the folder", async () => {
    // A parent that starts dynalite on the folder, prints READY and waits to be killed.
    const parent = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `const { startDynalite } = await import(${JSON.stringify(new URL("../../infra/local/dynamo.ts", import.meta.url).pathname)});
         await startDynalite(${JSON.stringify(options)});
         console.log("READY");
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    for await (const line of createInterface({ input: parent.stdout as NodeJS.ReadableStream })) {
      if (line === "READY") break;
    }
    parent.kill("SIGKILL");
    await once(parent, "exit");
    // The orphan sees its stdin close and exits; until then the folder may still be locked.
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        const again = await startDynalite(options);
        const { Item } = await again.db.send(
          new GetCommand({ TableName: localTableName("signups"), Key: { id: "counter" } }),
        );
        await again.close();
        expect(Item?.n).toBe(1);
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  });
});
