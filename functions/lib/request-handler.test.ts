import { createServer, type Server, type Socket } from "node:net";
import { SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failFastRequestHandler } from "./request-handler";

/** An endpoint that accepts connections and never answers. */
let server: Server;
const sockets: Socket[] = [];
let endpoint = "";

beforeAll(async () => {
  server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  endpoint = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe("failFastRequestHandler", () => {
  it("makes a client give up on an endpoint that never answers once the request timeout passes", async () => {
    const sqs = new SQSClient({
      endpoint,
      region: "us-east-1",
      credentials: { accessKeyId: "x", secretAccessKey: "x" },
      maxAttempts: 1,
      requestHandler: failFastRequestHandler(300),
    });
    const started = performance.now();
    await expect(
      sqs.send(new SendMessageCommand({ QueueUrl: `${endpoint}/queue/q`, MessageBody: "{}" })),
    ).rejects.toThrow(/timeout/i);
    expect(performance.now() - started).toBeLessThan(5_000);
    sqs.destroy();
  });
});
