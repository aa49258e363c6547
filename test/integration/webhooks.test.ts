/**
 * Outbound integrations over real HTTP against the local runtime (docs/product/webhooks.md): a
 * signup reaches a receiver (the runtime's twin under /__local/webhooks/) signed so that
 * standardwebhooks' Webhook.verify accepts it; a receiver failing five times gets the same
 * webhook-id every time and ends delivered; one that never succeeds ends failed and a replay
 * delivers it once it recovers; a paused endpoint gets nothing; Staff get 403; private addresses
 * are refused when saved; a redirect is not followed. The retry schedule is shortened to
 * milliseconds (WEBHOOK_RETRY_SCHEDULE) and the sweeper runs five times a second; every wait is a
 * poll for a condition.
 */
import { randomUUID } from "node:crypto";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainEvent } from "../../events/envelopes";
import type { PrivacyExport } from "../../events/privacy";
import type { DeliveryView, EndpointView } from "../../events/webhooks";
import { createDelivery, deliveryId } from "../../functions/integrations/deliveries";
import { fanOut } from "../../functions/integrations/fanout";
import { DEFAULT_SCHEDULE } from "../../functions/integrations/schedule";
import { deliveryLeadRef } from "../../functions/model/delivery-lead";
import { hashPassword } from "../../functions/model/staff/password";
import { UsersRepository } from "../../functions/model/staff/users";
import { postJson } from "../support/post-json";
import type { RuntimeProcess } from "../support/runtime";
import { startWebhookRuntime } from "../support/webhooks";
import { call, FIRST_ADMIN, signIn } from "./auth-support";

let runtime: RuntimeProcess;
let admin: string;

interface Received {
  headers: Record<string, string>;
  body: string;
  status: number;
}

beforeAll(async () => {
  runtime = await startWebhookRuntime();
  admin = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
});

afterAll(async () => {
  await runtime?.stop();
});

const receiverUrl = (name: string) => `${runtime.url}/__local/webhooks/${name}`;

async function received(name: string): Promise<Received[]> {
  const answer = await fetch(receiverUrl(name));
  return ((await answer.json()) as { received: Received[] }).received;
}

async function behave(name: string, query: string): Promise<void> {
  const answer = await fetch(`${receiverUrl(name)}?${query}`, { method: "PUT" });
  expect(answer.status).toBe(200);
}

async function addEndpoint(url: string, events: string[] = ["signup.created"]) {
  const answer = await call(runtime, "POST", "/api/integrations/endpoints", {
    cookie: admin,
    body: { kind: "webhook", url, events, description: "test receiver" },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.json as { endpoint: EndpointView; secret: string };
}

async function deliveries(endpointId: string): Promise<DeliveryView[]> {
  const answer = await call(runtime, "GET", `/api/integrations/endpoints/${endpointId}/deliveries`, {
    cookie: admin,
  });
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as { deliveries: DeliveryView[] }).deliveries;
}

let signups = 0;
async function signup(): Promise<string> {
  return (await signupWithId()).email;
}

async function signupWithId(): Promise<{ email: string; id: string }> {
  signups += 1;
  const email = `hook${signups}.${Date.now()}@example.com`;
  const response = await postJson(`${runtime.url}/api/signup`, {
    firstName: "Ada",
    lastName: `Lovelace ${signups}`,
    email,
    teamSize: "team",
    productLines: "multiple",
  });
  expect(response.status).toBe(201);
  return { email, id: ((await response.json()) as { id: string }).id };
}

describe("delivery", () => {
  it("a signup reaches the receiver, signed so that Webhook.verify accepts it", async () => {
    const { endpoint, secret } = await addEndpoint(receiverUrl("verify"));
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    // The secret is never shown again.
    const listed = await call(runtime, "GET", "/api/integrations/endpoints", { cookie: admin });
    expect(listed.text).not.toContain(secret.slice(6));
    const email = await signup();
    const [first] = await runtime.waitFor(async () => {
      const got = await received("verify");
      return got.length > 0 ? got : undefined;
    });
    const payload = new Webhook(secret).verify(first?.body ?? "", first?.headers ?? {}) as {
      type: string;
      version: number;
      data: { email: string; lead: { kind: string; url: string } };
    };
    expect(payload).toMatchObject({
      type: "signup.created",
      version: 1,
      data: { email, lead: { kind: "signup" } },
    });
    expect(payload.data.lead.url).toContain("/commandcenter/signups#lead=");
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 1).toString("base64")}`).verify(
        first?.body ?? "",
        first?.headers ?? {},
      ),
    ).toThrow();
    const log = await runtime.waitFor(async () => {
      const [delivery] = await deliveries(endpoint.id);
      return delivery?.state === "delivered" ? delivery : undefined;
    });
    expect(log).toMatchObject({ attempts: 1, responseStatus: 200, eventType: "signup.created" });
    expect(log.id).toBe(first?.headers["webhook-id"]);
  });

  it("the desk's status and owner changes and the enrichment are published with the change", async () => {
    const { secret } = await addEndpoint(receiverUrl("desk"), [
      "signup.enriched",
      "lead.status_changed",
      "lead.owner_changed",
    ]);
    const { id } = await signupWithId();
    const update = await call(runtime, "POST", "/api/admin/desk/update", {
      cookie: admin,
      body: { kind: "signup", ids: [id], status: "contacted", owner: FIRST_ADMIN.username },
    });
    expect(update.status, update.text).toBe(200);
    const got = await runtime.waitFor(async () => {
      const all = await received("desk");
      return all.length >= 3 ? all : undefined;
    });
    const payloads = got.map(
      (request) =>
        new Webhook(secret).verify(request.body, request.headers) as {
          type: string;
          data: Record<string, unknown>;
        },
    );
    const byType = Object.fromEntries(payloads.map((payload) => [payload.type, payload.data]));
    expect(byType["lead.status_changed"]).toMatchObject({
      lead: { kind: "signup", id },
      from: "new",
      to: "contacted",
      actor: FIRST_ADMIN.username,
    });
    expect(byType["lead.owner_changed"]).toMatchObject({
      lead: { id },
      from: null,
      to: FIRST_ADMIN.username,
    });
    expect(byType["signup.enriched"]).toMatchObject({ lead: { kind: "signup", id } });
    expect(got).toHaveLength(3);
  });

  it("a receiver failing five times gets the same webhook-id each time and ends delivered", async () => {
    await behave("flaky", "failTimes=5");
    const { endpoint } = await addEndpoint(receiverUrl("flaky"));
    await signup();
    const log = await runtime.waitFor(async () => {
      const [delivery] = await deliveries(endpoint.id);
      return delivery?.state === "delivered" ? delivery : undefined;
    }, 60_000);
    const got = await received("flaky");
    expect(got.map((request) => request.status)).toEqual([500, 500, 500, 500, 500, 200]);
    expect(new Set(got.map((request) => request.headers["webhook-id"]))).toEqual(new Set([log.id]));
    expect(log.attempts).toBe(6);
  });

  it("a receiver that never succeeds ends failed; a replay delivers it once it recovers", async () => {
    await behave("down", "failAlways=1");
    const { endpoint } = await addEndpoint(receiverUrl("down"));
    const from = new Date(Date.now() - 1000).toISOString();
    await signup();
    // Failed once the give-up period (15 s, FAST_WEBHOOK_SCHEDULE) has passed.
    const failed = await runtime.waitFor(
      async () => {
        const [delivery] = await deliveries(endpoint.id);
        return delivery?.state === "failed" ? delivery : undefined;
      },
      90_000,
      500,
    );
    expect(failed.attempts).toBeGreaterThan(1);
    expect(failed.responseStatus).toBe(500);
    expect(failed.responseBody).toContain("Failing as told");
    // Failing for the give-up period also pauses the endpoint (the sweeper): wait for that, so a
    // pause cannot land between the replay and its attempt, then resume it.
    await runtime.waitFor(
      async () => {
        const listed = await call(runtime, "GET", "/api/integrations/endpoints", { cookie: admin });
        const endpoints = (listed.json as { endpoints: EndpointView[] }).endpoints;
        return endpoints.find((item) => item.id === endpoint.id)?.pausedReason === "failing";
      },
      60_000,
      250,
    );
    // The sweeper's pause is on the team's audit log, like an admin's.
    const team = await call(runtime, "GET", "/api/team", { cookie: admin });
    const pauses = ((team.json?.audit ?? []) as { action: string; actor: string; target?: string }[]).filter(
      (entry) => entry.target === endpoint.id && entry.action === "team.integration.pause",
    );
    expect(pauses.map((entry) => entry.actor)).toEqual(["system"]);
    await behave("down", "");
    const resumed = await call(runtime, "PATCH", `/api/integrations/endpoints/${endpoint.id}`, {
      cookie: admin,
      body: { active: true },
    });
    expect(resumed.status, resumed.text).toBe(200);
    const replay = await call(runtime, "POST", `/api/integrations/endpoints/${endpoint.id}/replay`, {
      cookie: admin,
      body: { from, to: new Date(Date.now() + 1000).toISOString() },
    });
    expect([replay.status, replay.json]).toEqual([202, { replayed: 1 }]);
    const delivered = await runtime.waitFor(async () => {
      const [delivery] = await deliveries(endpoint.id);
      return delivery?.state === "delivered" ? delivery : undefined;
    });
    expect(delivered.id).toBe(failed.id);
    const got = await received("down");
    expect(got.at(-1)?.status).toBe(200);
    expect(new Set(got.map((request) => request.headers["webhook-id"]))).toEqual(new Set([failed.id]));
    // One delivery replayed by id: the same webhook-id again.
    const one = await call(runtime, "POST", `/api/integrations/deliveries/${failed.id}/replay`, {
      cookie: admin,
      body: {},
    });
    expect([one.status, one.json]).toEqual([202, { replayed: 1 }]);
    await runtime.waitFor(async () => (await received("down")).length === got.length + 1);
  });

  it("a delivery stopped by a pause keeps the receiver's last answer beside the reason", async () => {
    await behave("paused-late", "failAlways=1");
    const { endpoint } = await addEndpoint(receiverUrl("paused-late"));
    await signup();
    await runtime.waitFor(async () => {
      const [delivery] = await deliveries(endpoint.id);
      return delivery?.responseStatus === 500 ? delivery : undefined;
    });
    const paused = await call(runtime, "PATCH", `/api/integrations/endpoints/${endpoint.id}`, {
      cookie: admin,
      body: { active: false },
    });
    expect(paused.status, paused.text).toBe(200);
    const stopped = await runtime.waitFor(
      async () => {
        const [delivery] = await deliveries(endpoint.id);
        return delivery?.state === "failed" ? delivery : undefined;
      },
      60_000,
      250,
    );
    // Whether the give-up period or the pause ended it, the receiver's last answer is still shown.
    expect(stopped.responseStatus).toBe(500);
    expect(stopped.responseBody).toContain("Failing as told");
    expect(stopped.attempts).toBe((await received("paused-late")).length);
  });

  it("a paused endpoint receives nothing", async () => {
    const paused = await addEndpoint(receiverUrl("paused"));
    const witness = await addEndpoint(receiverUrl("witness"));
    const pause = await call(runtime, "PATCH", `/api/integrations/endpoints/${paused.endpoint.id}`, {
      cookie: admin,
      body: { active: false },
    });
    expect(pause.status, pause.text).toBe(200);
    expect(pause.json?.endpoint).toMatchObject({ active: false, pausedReason: "admin" });
    await signup();
    await runtime.waitFor(async () => {
      const [delivery] = await deliveries(witness.endpoint.id);
      return delivery?.state === "delivered";
    });
    expect(await received("paused")).toEqual([]);
    expect(await deliveries(paused.endpoint.id)).toEqual([]);
  });

  it("a redirect is not followed: the attempt fails with the 302", async () => {
    await behave("trap", "");
    await behave("redirects", `redirect=${encodeURIComponent(receiverUrl("trap"))}`);
    const { endpoint } = await addEndpoint(receiverUrl("redirects"));
    const test = await call(runtime, "POST", `/api/integrations/endpoints/${endpoint.id}/test`, {
      cookie: admin,
      body: {},
    });
    expect(test.status, test.text).toBe(202);
    const log = await runtime.waitFor(async () => {
      const [delivery] = await deliveries(endpoint.id);
      return delivery && delivery.attempts > 0 ? delivery : undefined;
    });
    expect(log).toMatchObject({ eventType: "webhook.test", responseStatus: 302 });
    expect(log.state).not.toBe("delivered");
    expect(await received("trap")).toEqual([]);
  });
});

describe("Slack", () => {
  it("shows a prospect's typed domains and URLs so that Slack cannot link them", async () => {
    const added = await call(runtime, "POST", "/api/integrations/endpoints", {
      cookie: admin,
      body: { kind: "slack", url: receiverUrl("slack-links"), events: ["contact.received"] },
    });
    expect(added.status, added.text).toBe(201);
    const response = await postJson(`${runtime.url}/api/contact`, {
      firstName: "Please reset at",
      lastName: "www.repdesk-support.com/login",
      email: `links.${Date.now()}@example.com`,
      company: "bit.ly/abc",
      message: "Hello",
    });
    expect(response.status).toBe(201);
    // Links in the name and company fields: the spam judge holds it, and staff release it
    // (functions/leads/release.ts), which is when Slack hears of it.
    const { id } = (await response.json()) as { id: string };
    const released = await call(runtime, "POST", "/api/admin/desk/not-spam", {
      cookie: admin,
      body: { kind: "contact", id },
    });
    expect(released.json).toMatchObject({ outcome: "released" });
    const [message] = await runtime.waitFor(async () => {
      const got = await received("slack-links");
      return got.length > 0 ? got : undefined;
    });
    // Every text of the message, without our own link to the lead.
    const texts = JSON.stringify(JSON.parse(message?.body ?? "{}")).replace(/<http[^>|]*\|[^>]*>/g, "");
    expect(texts).toContain("www[.]repdesk-support[.]com/login");
    expect(texts).toContain("bit[.]ly/abc");
    // No two labels joined by a dot: nothing Slack would turn into a link by itself.
    expect(texts).not.toMatch(/[a-z0-9-][.\u3002\uff0e\uff61][a-z0-9]/i);
  });
});

describe("the Integrations API", () => {
  it("refuses private, link-local, metadata and non-https URLs when saved", async () => {
    for (const url of [
      "http://example.com/hook",
      "https://10.0.0.1/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://[fd00:ec2::254]/",
      "https://100.64.0.1/",
      "https://[::ffff:10.0.0.1]/",
      // IPv4-compatible (::/96), in no special list: 127.0.0.1 and a public address alike.
      "https://[::127.0.0.1]/",
      "https://[::1.2.3.4]/",
      "https://[64:ff9b::a00:1]/",
      "https://[2002:a00:1::1]/",
      "https://0xa000001/",
      "https://user:pass@example.com/",
      "https://hooks.example/ok",
    ]) {
      const answer = await call(runtime, "POST", "/api/integrations/endpoints", {
        cookie: admin,
        body: { kind: "webhook", url, events: ["signup.created"] },
      });
      expect(answer.status, `${url}: ${answer.text}`).toBe(400);
    }
    const slack = await call(runtime, "POST", "/api/integrations/endpoints", {
      cookie: admin,
      body: { kind: "slack", url: "https://example.com/services/x", events: ["signup.created"] },
    });
    expect(slack.status).toBe(400);
  });

  it("answers Staff with 403 on every route, and records admins' changes on the team's audit log", async () => {
    const users = new UsersRepository(runtime.db, runtime.table("users"));
    await users.create("stan", await hashPassword("stan has a long enough password"), new Date(), {
      email: "stan@example.com",
      role: "staff",
    });
    const staff = await signIn(runtime, "stan", "stan has a long enough password", "203.0.113.77");
    const { endpoint } = await addEndpoint(receiverUrl("audited"));
    for (const [method, path, body] of [
      ["GET", "/api/integrations/endpoints", undefined],
      [
        "POST",
        "/api/integrations/endpoints",
        { kind: "webhook", url: receiverUrl("x"), events: ["signup.created"] },
      ],
      ["PATCH", `/api/integrations/endpoints/${endpoint.id}`, { active: false }],
      ["DELETE", `/api/integrations/endpoints/${endpoint.id}`, undefined],
      ["POST", `/api/integrations/endpoints/${endpoint.id}/rotate-secret`, {}],
      ["GET", `/api/integrations/endpoints/${endpoint.id}/deliveries`, undefined],
      ["POST", `/api/integrations/endpoints/${endpoint.id}/test`, {}],
      ["POST", `/api/integrations/deliveries/x/replay`, {}],
    ] as const) {
      const answer = await call(runtime, method, path, { cookie: staff, body });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    const rotated = await call(runtime, "POST", `/api/integrations/endpoints/${endpoint.id}/rotate-secret`, {
      cookie: admin,
      body: {},
    });
    expect(rotated.status).toBe(200);
    expect(rotated.json?.secret).toMatch(/^whsec_/);
    expect(rotated.json?.endpoint).toHaveProperty("previousSecretUntil");
    const removed = await call(runtime, "DELETE", `/api/integrations/endpoints/${endpoint.id}`, {
      cookie: admin,
    });
    expect(removed.status).toBe(200);
    const team = await call(runtime, "GET", "/api/team", { cookie: admin });
    const actions = ((team.json?.audit ?? []) as { action: string; target?: string }[])
      .filter((entry) => entry.target === endpoint.id)
      .map((entry) => entry.action);
    expect(actions.sort()).toEqual([
      "team.integration.add",
      "team.integration.delete",
      "team.integration.rotate",
    ]);
  });
});

/** A privacy answer's count of webhook deliveries (`counts` of find, `erased` of erase). */
function countOf(answer: { json: Record<string, unknown> | undefined }, field: "counts" | "erased"): number {
  return Number((answer.json?.[field] as Record<string, number> | undefined)?.webhookDeliveries);
}

describe("privacy requests (docs/decisions/0095-privacy-requests.md)", () => {
  it("export the deliveries about an address's leads, and erase them with the leads", async () => {
    const { endpoint } = await addEndpoint(receiverUrl("privacy"));
    const person = await signupWithId();
    const other = await signupWithId();
    await runtime.waitFor(async () => {
      const log = await deliveries(endpoint.id);
      return log.filter((delivery) => delivery.state === "delivered").length === 2 ? log : undefined;
    });
    // A look-alike spelling of the address finds the same person (the identity rule).
    const lookAlike = person.email.toUpperCase();
    const found = await call(runtime, "POST", "/api/privacy/find", {
      cookie: admin,
      body: { email: lookAlike },
    });
    expect(found.status, found.text).toBe(200);
    // One delivery per endpoint subscribed to signup.created (the earlier tests' too).
    const held = countOf(found, "counts");
    expect(held).toBeGreaterThanOrEqual(1);

    const exported = await call(runtime, "POST", "/api/privacy/export", {
      cookie: admin,
      body: { email: person.email },
    });
    expect(exported.status, exported.text).toBe(200);
    const file = exported.json as unknown as PrivacyExport;
    expect(file.webhookDeliveries).toHaveLength(held);
    for (const item of file.webhookDeliveries) {
      expect(String(item.body)).toContain(person.email);
      // Machinery only, not what was sent: no lease ticket.
      expect(item).not.toHaveProperty("ticket");
    }
    const delivery = file.webhookDeliveries.find((item) => item.endpointId === endpoint.id);
    expect(delivery).toMatchObject({ eventType: "signup.created", state: "delivered", responseStatus: 200 });
    expect(JSON.stringify(file.webhookDeliveries)).not.toContain(other.email);

    const erased = await call(runtime, "POST", "/api/privacy/erase", {
      cookie: admin,
      body: { email: person.email, confirmEmail: lookAlike, password: FIRST_ADMIN.password },
    });
    expect(erased.status, erased.text).toBe(200);
    expect(countOf(erased, "erased")).toBe(held);
    const left = await deliveries(endpoint.id);
    expect(left.map((item) => item.id)).toHaveLength(1);
    expect(JSON.stringify(left)).not.toContain(person.email);
    const again = await call(runtime, "POST", "/api/privacy/find", {
      cookie: admin,
      body: { email: person.email },
    });
    expect(countOf(again, "counts")).toBe(0);
    // The other person's delivery is untouched.
    const otherFound = await call(runtime, "POST", "/api/privacy/find", {
      cookie: admin,
      body: { email: other.email },
    });
    expect(countOf(otherFound, "counts")).toBeGreaterThanOrEqual(1);
  });
});

describe("after an erasure (docs/decisions/0095-privacy-requests.md)", () => {
  it("an event about the erased lead still queued, or a delivery made meanwhile, sends nothing", async () => {
    const { endpoint } = await addEndpoint(receiverUrl("after-erase"), [
      "signup.created",
      "lead.status_changed",
    ]);
    const person = await signupWithId();
    await runtime.waitFor(async () => ((await received("after-erase")).length === 1 ? true : undefined));
    const erased = await call(runtime, "POST", "/api/privacy/erase", {
      cookie: admin,
      body: { email: person.email, confirmEmail: person.email, password: FIRST_ADMIN.password },
    });
    expect(erased.status, erased.text).toBe(200);
    const deps = {
      db: runtime.db,
      tables: {
        deliveries: runtime.table("deliveries"),
        outbox: runtime.table("outbox"),
        integrations: runtime.table("integrations"),
      },
      clock: () => new Date(),
      schedule: DEFAULT_SCHEDULE,
      siteUrl: runtime.url,
    };
    // An event about the lead that was still waiting in the fan-out's queue when the erasure ran.
    const queued: DomainEvent = {
      type: "lead.status_changed",
      version: 1,
      id: randomUUID(),
      occurredAt: new Date().toISOString(),
      data: {
        lead: { kind: "signup", id: person.id },
        from: "new",
        to: "contacted",
        actor: FIRST_ADMIN.username,
        at: new Date().toISOString(),
      },
    };
    expect(await fanOut(deps, queued)).toBe("lead-erased");
    // A delivery the fan-out made while the erasure ran: its attempt deletes it unsent.
    const eventId = randomUUID();
    expect(
      await createDelivery(deps, {
        eventId,
        eventType: "lead.status_changed",
        endpointId: endpoint.id,
        body: JSON.stringify({ about: person.id }),
        leadRef: deliveryLeadRef("signup", person.id),
      }),
    ).toBe(true);
    const id = deliveryId(eventId, endpoint.id);
    await runtime.waitFor(async () => {
      const { Item } = await runtime.db.send(
        new GetCommand({ TableName: deps.tables.deliveries, Key: { id } }),
      );
      return Item === undefined ? true : undefined;
    });
    await runtime.waitFor(() => runtime.settled());
    expect(await received("after-erase")).toHaveLength(1);
    // Another person's events still go out.
    await signup();
    await runtime.waitFor(async () => ((await received("after-erase")).length === 2 ? true : undefined));
  });
});
