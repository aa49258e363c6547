/**
 * The benchmark's baseline: a bare Node HTTP server doing one dynalite PutItem per request,
 * with nothing else (no validation, no transaction, no queue). Prints "READY <url>".
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { CreateTableCommand, DynamoDBClient, PutItemCommand } from "@aws-sdk/client-dynamodb";
import dynalite from "dynalite";

const dynamo = dynalite({ createTableMs: 0 });
await new Promise<void>((resolve) => dynamo.listen(0, "127.0.0.1", resolve));
const { port: dynamoPort } = dynamo.address() as AddressInfo;
const client = new DynamoDBClient({
  endpoint: `http://127.0.0.1:${dynamoPort}`,
  region: "us-east-1",
  credentials: { accessKeyId: "local", secretAccessKey: "local" },
});
await client.send(
  new CreateTableCommand({
    TableName: "baseline",
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
  }),
);

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    client
      .send(
        new PutItemCommand({ TableName: "baseline", Item: { id: { S: randomUUID() }, body: { S: body } } }),
      )
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
});
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  console.log(`READY http://127.0.0.1:${port}`);
});
process.on("SIGTERM", () => {
  server.close();
  dynamo.close();
  process.exit(0);
});
