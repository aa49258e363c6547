/**
 * A webhook endpoint whose name servers never answer (docs/decisions/0110-dns-time-limit.md), over
 * real HTTP against the local runtime with LOCAL_FAULTS=1 and dns=silent (infra/local/silent-dns.ts:
 * the guard's DNS queries go to a server on this machine that takes them and never answers):
 * saving such an endpoint is refused with a sentence, not a hung request; an endpoint stored before
 * its DNS went quiet gets failed attempts with the reason in its delivery log, retried, while an
 * endpoint beside it is delivered to as usual.
 */
import { randomUUID } from "node:crypto";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DeliveryView, type EndpointView, INTEGRATIONS_MESSAGES } from "../../events/webhooks";
import type { EndpointItem } from "../../functions/integrations/endpoints";
import { localKeyWrapper, SecretBox } from "../../functions/lib/secret-box";
import { localSessionSecret, WEBHOOK_KEY_FILE } from "../../infra/local/session-secret";
import { faultReport, setFaults } from "../support/faults";
import { postJson } from "../support/post-json";
import type { RuntimeProcess } from "../support/runtime";
import { startWebhookRuntime } from "../support/webhooks";
import { call, FIRST_ADMIN, signIn } from "./auth-support";

let runtime: RuntimeProcess;
let admin: string;

beforeAll(async () => {
  runtime = await startWebhookRuntime({
    LOCAL_FAULTS: "1",
    // Retries after 50-200 ms as in the other webhook tests, but a lease (20 s) longer than an
    // attempt that waits out the resolver (at most 5 s): otherwise the sweeper would queue each
    // attempt again before it could record its failure. Given up after 60 s.
    WEBHOOK_RETRY_SCHEDULE: "50,200,60000,20000",
  });
  admin = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
});

afterAll(async () => {
  await runtime?.stop();
});

/** An endpoint written as a save would have, before its name stopped resolving. */
async function storeEndpoint(url: string): Promise<string> {
  const box = new SecretBox(localKeyWrapper(localSessionSecret(runtime.dataDir, WEBHOOK_KEY_FILE)));
  const item: EndpointItem = {
    id: `ep_${randomUUID().replace(/-/g, "")}`,
    kind: "webhook",
    url,
    events: ["signup.created"],
    description: "name servers gone quiet",
    active: true,
    createdAt: new Date().toISOString(),
    createdBy: FIRST_ADMIN.username,
    secret: await box.seal(`whsec_${Buffer.alloc(24, 9).toString("base64")}`),
    version: 1,
  };
  await runtime.db.send(new PutCommand({ TableName: runtime.table("integrations"), Item: item }));
  return item.id;
}

async function deliveries(endpointId: string): Promise<DeliveryView[]> {
  const answer = await call(runtime, "GET", `/api/integrations/endpoints/${endpointId}/deliveries`, {
    cookie: admin,
  });
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as { deliveries: DeliveryView[] }).deliveries;
}

describe("a name whose DNS servers never answer", () => {
  it("is refused when saved, with a sentence, once the time for resolving is up", async () => {
    await setFaults(runtime, { dns: "silent" });
    const answer = await call(runtime, "POST", "/api/integrations/endpoints", {
      cookie: admin,
      body: {
        kind: "webhook",
        url: `https://quiet-${randomUUID()}.example.com/hook`,
        events: ["signup.created"],
      },
    });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.text).toContain(INTEGRATIONS_MESSAGES.urlUnresolved);
    expect((await faultReport(runtime)).counts.dnsQueries).toBeGreaterThan(0);
  });

  it("makes failed attempts with the reason in the log, retried, and holds up no other endpoint", async () => {
    await setFaults(runtime, { dns: "silent" });
    const quiet = await storeEndpoint(`https://quiet-${randomUUID()}.example.com/hook`);
    // Beside it, the runtime's receiver twin: a localhost name, which never goes to DNS.
    const added = await call(runtime, "POST", "/api/integrations/endpoints", {
      cookie: admin,
      body: {
        kind: "webhook",
        url: `${runtime.url}/__local/webhooks/beside-quiet`,
        events: ["signup.created"],
      },
    });
    expect(added.status, added.text).toBe(201);
    const beside = (added.json as { endpoint: EndpointView }).endpoint.id;

    const response = await postJson(`${runtime.url}/api/signup`, {
      firstName: "Quiet",
      lastName: "Resolver",
      email: `quiet.${randomUUID()}@example.com`,
      teamSize: "team",
      productLines: "multiple",
    });
    expect(response.status).toBe(201);

    await runtime.waitFor(async () => (await deliveries(beside))[0]?.state === "delivered", 60_000);
    // Attempted twice at least: the first failure was recorded and retried like any other.
    const failing = await runtime.waitFor(async () => {
      const [delivery] = await deliveries(quiet);
      return delivery && delivery.attempts >= 2 ? delivery : undefined;
    }, 60_000);
    expect(failing.state).toBe("pending");
    expect(failing.error).not.toContain("undefined");
    expect(failing.responseStatus).toBeUndefined();
    expect(failing.error).toMatch(
      new RegExp(`^${INTEGRATIONS_MESSAGES.urlUnresolved.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(DNS: `),
    );
  });
});
