/**
 * The benchmark's baselines, each a bare Node HTTP server in front of dynalite run the way the
 * runtime runs it (infra/local/dynamo.ts: its own process, LevelDB in a folder, TransactWriteItems
 * added). Prints
 * "READY <url>". The mode is the first argument:
 *
 * - `put` (default): one PutItem per request into a key-only table, nothing else (no validation,
 *   no transaction, no queue) — the baseline of docs/product/targets.md.
 * - `transact`: per request, the same TransactWriteItems POST /api/signup writes, built by the same
 *   domain function (functions/pipeline/submissions.ts acceptSignup) into the runtime's tables with
 *   their GSIs: record + outbox item + two counter shards. No API emulation, middleware or request
 *   validation, and no outbox relay or workers — so ours vs this shows our own overhead, and this vs
 *   `put` shows what the four writes cost in the emulator.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateTableCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import type { SignupRequest } from "../../events";
import { acceptSignup } from "../../functions/pipeline/submissions";
import { startDynalite } from "../../infra/local/dynamo";
import { ensureTables, localTableName } from "../../infra/local/tables";

const mode = process.argv[2] === "transact" ? "transact" : "put";
// LevelDB in a folder, as the runtime keeps it (not in memory).
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-baseline-"));
const dynamo = await startDynalite({
  path: path.join(dataDir, "dynamodb"),
  port: 0,
  host: "127.0.0.1",
  region: "us-east-1",
});

type Work = (body: string) => Promise<unknown>;

async function putWork(): Promise<Work> {
  await dynamo.client.send(
    new CreateTableCommand({
      TableName: "baseline",
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
      KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
    }),
  );
  return (body) =>
    dynamo.client.send(
      new PutItemCommand({ TableName: "baseline", Item: { id: { S: randomUUID() }, body: { S: body } } }),
    );
}

async function transactWork(): Promise<Work> {
  await ensureTables(dynamo.client);
  const deps = {
    db: dynamo.db,
    clock: () => new Date(),
    newId: () => randomUUID(),
    tables: {
      records: localTableName("signups"),
      outbox: localTableName("outbox"),
      audit: localTableName("audit"),
    },
  };
  // JSON.parse only: request validation is part of what the comparison measures on our side.
  return (body) => acceptSignup(deps, JSON.parse(body) as SignupRequest);
}

const work = mode === "transact" ? await transactWork() : await putWork();

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

const server = createServer((request, response) => {
  readBody(request)
    .then(work)
    .then(
      () => {
        response.writeHead(201, { "content-type": "application/json" });
        response.end('{"ok":true}');
      },
      () => {
        response.writeHead(500);
        response.end();
      },
    );
});
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  console.log(`READY http://127.0.0.1:${port}`);
});
process.on("SIGTERM", () => {
  server.close();
  void dynamo.close().finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
