/**
 * Fault: the local runtime killed with SIGKILL while a webhook is on its way (the receiver holds
 * the request open), then started again on the same data folder. The delivery is not lost: its
 * claim's lease runs out, the sweeper queues it again and it is delivered, with the same
 * webhook-id as the attempt the kill cut off (docs/decisions/0092-webhook-retries.md). The
 * receiver runs in this test's process, so the kill does not take it down.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, expect, it } from "vitest";
import { postJson } from "../support/post-json";
import type { RuntimeProcess } from "../support/runtime";
import { startWebhookRuntime } from "../support/webhooks";
import { call, FIRST_ADMIN, signIn } from "./auth-support";

let runtime: RuntimeProcess | undefined;
let server: Server | undefined;

afterAll(async () => {
  await runtime?.stop();
  await new Promise((resolve) => server?.close(resolve));
});

it("a SIGKILL mid-delivery loses nothing: after the restart the delivery arrives, same webhook-id", async () => {
  const ids: string[] = [];
  const held: ServerResponse[] = [];
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on("end", () => {
      ids.push(String(request.headers["webhook-id"]));
      // The first request is held open: the runtime is killed while waiting for it.
      if (ids.length === 1) held.push(response);
      else response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  runtime = await startWebhookRuntime();
  const admin = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
  const added = await call(runtime, "POST", "/api/integrations/endpoints", {
    cookie: admin,
    body: { kind: "webhook", url: `http://127.0.0.1:${port}/hook`, events: ["signup.created"] },
  });
  expect(added.status, added.text).toBe(201);
  const signup = await postJson(`${runtime.url}/api/signup`, {
    firstName: "Kill",
    lastName: "Switch",
    email: `kill.${Date.now()}@example.com`,
    teamSize: "solo",
    productLines: "single",
  });
  expect(signup.status).toBe(201);

  const live = runtime;
  await live.waitFor(() => held.length === 1);
  await live.kill("SIGKILL");
  held[0]?.destroy();
  await live.start();

  const delivered = await live.waitFor(async () => {
    const { Items = [] } = await live.db.send(
      new ScanCommand({ TableName: live.table("deliveries"), ConsistentRead: true }),
    );
    return Items.length === 1 && Items[0]?.state === "delivered" ? Items[0] : undefined;
  }, 30_000);
  expect(ids.length).toBeGreaterThanOrEqual(2);
  expect(new Set(ids)).toEqual(new Set([delivered.id]));
  const { queues, deadLetters } = await live.queues();
  expect(deadLetters).toEqual([]);
  expect(queues.webhooks?.dead ?? 0).toBe(0);
}, 180_000); // two runtime starts on a busy machine
