/**
 * The submission handlers called with API Gateway events, against a real dynalite: what is stored,
 * what is written to the outbox, duplicates, honeypot, the per-IP limit, and failures.
 */

import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as z from "zod";
import { DomainEvent, LIMITS, Signup } from "../../events";
import { MESSAGES } from "../../functions/lib/http";
import { sweepOutbox } from "../../functions/model/outbox";
import { contactRoute } from "../../functions/pipeline/routes/contact";
import { signupRoute } from "../../functions/pipeline/routes/signup";
import {
  type SubmissionRoute,
  type SubmissionRouteDeps,
  submissionHandler,
} from "../../functions/pipeline/routes/submission-route";
import { apiEvent, jsonOf, lambdaContext } from "../support/api-gateway";
import { startDynalite, TEST_CREDENTIALS, type TestDynamo } from "../support/dynamo";
import { functionEnvironmentFor, TEST_SITE_URL } from "../support/function-environment";
import { RecordingPublisher } from "../support/recording-publisher";

process.env.LOG_LEVEL = "silent";

let dynamo: TestDynamo;
let now: Date;
let counter = 0;

beforeAll(async () => {
  dynamo = await startDynalite();
  // The signup function's environment, set before anything reads it: a function reads its
  // environment once, on first use (functions/lib/env.ts).
  Object.assign(process.env, functionEnvironmentFor("signup", { tables: dynamo.tables }), {
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "test",
    AWS_SECRET_ACCESS_KEY: "test",
  });
});
afterAll(async () => {
  await dynamo?.close();
});
beforeEach(() => {
  now = new Date("2025-03-04T10:00:30.000Z");
});

function deps(overrides: Partial<SubmissionRouteDeps> = {}): SubmissionRouteDeps {
  return {
    db: dynamo.db,
    clock: () => now,
    newId: () => `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`,
    tables: {
      records: dynamo.tables.signups,
      outbox: dynamo.tables.outbox,
      audit: dynamo.tables.audit,
      ephemeral: dynamo.tables.ephemeral,
    },
    ephemeralTable: dynamo.tables.ephemeral,
    submissionsPerMinute: 0,
    ...overrides,
  };
}

const signup = submissionHandler(signupRoute, () => deps());
const contact = submissionHandler(contactRoute, () =>
  deps({
    tables: {
      records: dynamo.tables.contacts,
      outbox: dynamo.tables.outbox,
      audit: dynamo.tables.audit,
      ephemeral: dynamo.tables.ephemeral,
    },
  }),
);

const signupBody = {
  firstName: " Ada ",
  lastName: "Lovelace",
  email: "ada@example.com",
  teamSize: "team",
  productLines: "multiple",
  notes: "Ten reps, three lines <b>bold</b>",
};

const contactBody = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  subject: "sales",
  message: "Please call me.",
  newsletter: true,
};

async function post(
  handler: typeof signup,
  body: unknown,
  headers: Record<string, string> = {},
  sourceIp = "127.0.0.1",
  path = "/api/signup",
) {
  // API Gateway hands each function the route it matched: the contact handler answers only its own.
  const result = await handler(apiEvent({ body, headers, sourceIp, path }), lambdaContext);
  return { status: result.statusCode, headers: result.headers ?? {}, json: jsonOf(result) };
}

async function scan(table: string) {
  return (await dynamo.db.send(new ScanCommand({ TableName: table, ConsistentRead: true }))).Items ?? [];
}

describe("POST /api/signup", () => {
  it("stores the signup and its signup.created event in one transaction", async () => {
    const submissionId = crypto.randomUUID();
    const { status, json, headers } = await post(
      signup,
      { ...signupBody, submissionId },
      {
        "cloudfront-viewer-address": "2001:db8::7:443",
      },
    );
    expect(status).toBe(201);
    // The server issues the id (docs/decisions/0120-server-issued-lead-ids.md).
    expect(json).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(json.id).not.toBe(submissionId);
    expect(headers["Cache-Control"]).toBe("no-store");
    const id = String(json.id);

    const { Item } = await dynamo.db.send(new GetCommand({ TableName: dynamo.tables.signups, Key: { id } }));
    expect(Item).toEqual({
      id,
      kind: "signup",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      teamSize: "team",
      productLines: "multiple",
      notes: "Ten reps, three lines <b>bold</b>",
      createdAt: now.toISOString(),
      ipAddress: "2001:db8::7",
      // Sent without a source: Direct (functions/model/lead-channel.ts).
      source: { channel: "direct" },
      // The Command Center's search attributes (functions/model/lead-index.ts).
      searchName: "ada lovelace",
      searchLast: "lovelace",
      searchEmail: "ada@example.com",
      searchDomain: "example.com",
      // The lead desk (functions/leads): New, reply due 24 weekday hours later (a Tuesday here).
      status: "new",
      deskKey: "signup#new",
      // Its place among nobody's New leads in the byOwner index (docs/decisions/0100).
      ownerKey: "signup#new#",
      dueAt: new Date(now.getTime() + 86_400_000).toISOString(),
      // What it is counted as in its day's response figures (functions/model/response-figures.ts)
      // and in its due day's (functions/model/promise-figures.ts): New and unanswered, due then.
      figures: "a",
      promise: `${now.getTime() + 86_400_000}:su`,
      // The spam judge's verdict (functions/pipeline/spam/judge.ts; docs/decisions/0150): clean.
      spamCheck: { score: 0, reasons: [], judgedAt: now.toISOString() },
      // Its row, day and steps in the Sources report (functions/model/source-figures.ts).
      sources: `direct\t(none)\t(none)\t${now.toISOString().slice(0, 10)}\tn,u${now.getTime() + 86_400_000}`,
    });
    expect(Signup.parse(Item)).toBeTruthy();

    const events = (await scan(dynamo.tables.outbox)).map((item) =>
      DomainEvent.parse(JSON.parse(String(item.event))),
    );
    const mine = events.filter((event) => "id" in event.data && event.data.id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ type: "signup.created", version: 1, occurredAt: now.toISOString() });
    expect(mine[0]?.data).toEqual(Signup.parse(Item));
  });

  it("treats a double submit of the same content as one record and one event", async () => {
    const submissionId = crypto.randomUUID();
    const first = await post(signup, { ...signupBody, submissionId });
    const second = await post(signup, { ...signupBody, submissionId });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json).toEqual(first.json);
    const id = String(first.json.id);
    const records = (await scan(dynamo.tables.signups)).filter((item) => item.id === id);
    expect(records).toHaveLength(1);
    const events = (await scan(dynamo.tables.outbox)).filter((item) => String(item.event).includes(id));
    expect(events).toHaveLength(1);
    // The browser's id is stored nowhere: only a hash of it with the content, for minutes.
    for (const table of Object.values(dynamo.tables))
      expect(JSON.stringify(await scan(table))).not.toContain(submissionId);
  });

  it("gives the same submissionId with other content a record of its own, under a new id", async () => {
    const submissionId = crypto.randomUUID();
    const first = await post(signup, { ...signupBody, submissionId });
    const other = await post(signup, {
      ...signupBody,
      firstName: "Mallory",
      email: "m@example.com",
      submissionId,
    });
    expect([first.status, other.status]).toEqual([201, 201]);
    expect(other.json.id).not.toBe(first.json.id);
    const { Item } = await dynamo.db.send(
      new GetCommand({ TableName: dynamo.tables.signups, Key: { id: String(first.json.id) } }),
    );
    expect(Item?.firstName).toBe("Ada");
  });

  it("stores a second record for the same content after the double-submit window", async () => {
    const submissionId = crypto.randomUUID();
    const body = { ...signupBody, email: "window@example.com", submissionId };
    const first = await post(signup, body);
    now = new Date(now.getTime() + 6 * 60_000);
    const later = await post(signup, body);
    expect(later.json.id).not.toBe(first.json.id);
  });

  it("generates an id when the client sends none", async () => {
    const { status, json } = await post(signup, signupBody);
    expect(status).toBe(201);
    expect(json.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("stores nothing for rejected input", async () => {
    const before = (await scan(dynamo.tables.signups)).length + (await scan(dynamo.tables.outbox)).length;
    const cases: [unknown, number][] = [
      [{ ...signupBody, email: "not-an-email" }, 400],
      [{ ...signupBody, teamSize: "huge" }, 400],
      ["[1,2,3]", 400],
      ["null", 400],
      ["{", 400],
      [{ ...signupBody, submissionId: "not-a-uuid" }, 400],
      [{ ...signupBody, notes: "x".repeat(LIMITS.notes + 1) }, 400],
      [{ ...signupBody, notes: "x".repeat(LIMITS.bodyBytes) }, 413],
    ];
    for (const [body, expected] of cases) {
      const { status, json } = await post(signup, body);
      expect(status, JSON.stringify(body).slice(0, 60)).toBe(expected);
      expect(typeof json.error).toBe("string");
    }
    const after = (await scan(dynamo.tables.signups)).length + (await scan(dynamo.tables.outbox)).length;
    expect(after).toBe(before);
  });

  it("gives a bot that fills the honeypot the normal answer and holds it: stored as Spam, no event", async () => {
    const submissionId = crypto.randomUUID();
    const { status, json } = await post(signup, {
      ...signupBody,
      website: "http://spam.example",
      submissionId,
    });
    expect(status).toBe(201);
    // An id like any answer's, never the browser's own (docs/decisions/0120).
    expect(json).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(json.id).not.toBe(submissionId);
    // Held by the quarantine (docs/decisions/0150): kept with its reason, sent nowhere.
    const { Item } = await dynamo.db.send(
      new GetCommand({ TableName: dynamo.tables.signups, Key: { id: String(json.id) } }),
    );
    expect(Item).toMatchObject({
      status: "spam",
      quarantine: "held",
      uncounted: true,
      spamCheck: { reasons: [{ code: "honeypot" }] },
    });
    expect(Item?.dueAt).toBeUndefined();
    expect(
      (await scan(dynamo.tables.outbox)).some((item) => String(item.event).includes(String(json.id))),
    ).toBe(false);
  });
});

describe("POST /api/contact", () => {
  it("stores the message with kind contact and the client IP, and its contact.received event", async () => {
    const { status, json } = await post(contact, contactBody, {}, "198.51.100.23", "/api/contact");
    expect(status).toBe(201);
    const id = String(json.id);
    const { Item } = await dynamo.db.send(new GetCommand({ TableName: dynamo.tables.contacts, Key: { id } }));
    expect(Item).toMatchObject({
      id,
      kind: "contact",
      subject: "sales",
      newsletter: true,
      ipAddress: "198.51.100.23",
    });
    const events = (await scan(dynamo.tables.outbox)).filter((item) => String(item.event).includes(id));
    expect(events.map((item) => item.type)).toEqual(["contact.received"]);
  });
});

describe("per-IP submission limit", () => {
  it("allows the limit per minute across both forms, then 429 with Retry-After, then a new window", async () => {
    const limited = <S extends z.ZodType>(route: SubmissionRoute<S>, records: string) =>
      submissionHandler(route, () =>
        deps({
          submissionsPerMinute: 2,
          tables: { records, outbox: dynamo.tables.outbox, audit: dynamo.tables.audit },
        }),
      );
    const limitedSignup = limited(signupRoute, dynamo.tables.signups);
    const limitedContact = limited(contactRoute, dynamo.tables.contacts);
    const ip = { "cloudfront-viewer-address": "203.0.113.50:1234" };

    expect((await post(limitedSignup, signupBody, ip)).status).toBe(201);
    expect((await post(limitedContact, contactBody, ip, undefined, "/api/contact")).status).toBe(201);
    const refused = await post(limitedSignup, signupBody, ip);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ error: MESSAGES.tooManySubmissions });
    expect(refused.headers["Retry-After"]).toBe("30");

    // Another address is counted on its own.
    expect(
      (await post(limitedSignup, signupBody, { "cloudfront-viewer-address": "203.0.113.51:1" })).status,
    ).toBe(201);

    now = new Date("2025-03-04T10:01:00.000Z");
    expect((await post(limitedSignup, signupBody, ip)).status).toBe(201);
  });
  it("counts every address of one IPv6 /64 as one client", async () => {
    const limitedSignup = submissionHandler(signupRoute, () => deps({ submissionsPerMinute: 2 }));
    const from = (suffix: string) => ({ "cloudfront-viewer-address": `2001:db8:77:1::${suffix}:443` });
    expect((await post(limitedSignup, signupBody, from("1"))).status).toBe(201);
    expect((await post(limitedSignup, signupBody, from("2"))).status).toBe(201);
    expect((await post(limitedSignup, signupBody, from("ffff:3"))).status).toBe(429);
    // The next /64 is another client.
    const other = { "cloudfront-viewer-address": "2001:db8:77:2::1:443" };
    expect((await post(limitedSignup, signupBody, other)).status).toBe(201);
  });

  it("applies the limit before validation: invalid bodies count and the over-limit one is not validated", async () => {
    const limitedSignup = submissionHandler(signupRoute, () => deps({ submissionsPerMinute: 2 }));
    const ip = { "cloudfront-viewer-address": "203.0.113.60:1234" };
    expect((await post(limitedSignup, { email: "not an email" }, ip)).status).toBe(400);
    expect((await post(limitedSignup, { email: "not an email" }, ip)).status).toBe(400);
    const refused = await post(limitedSignup, { email: `x@${".".repeat(60_000)}@` }, ip);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ error: MESSAGES.tooManySubmissions });
  });
});

describe("failures", () => {
  it("answers 503 with Retry-After when DynamoDB is unreachable", async () => {
    const client = new DynamoDBClient({
      endpoint: "http://127.0.0.1:9",
      region: "us-east-1",
      credentials: TEST_CREDENTIALS,
      maxAttempts: 1,
    });
    const unreachable = submissionHandler(signupRoute, () =>
      deps({ db: DynamoDBDocumentClient.from(client) }),
    );
    const { status, headers, json } = await post(unreachable, signupBody);
    expect(status).toBe(503);
    expect(Number(headers["Retry-After"])).toBeGreaterThan(0);
    expect(json).toEqual({ error: MESSAGES.unavailable });
    client.destroy();
  });
});

describe("the exported handlers, configured from the environment", () => {
  it("accepts a signup and the outbox sweep relays its event", async () => {
    const { handler } = await import("../../functions/pipeline/routes/signup");
    const result = await handler(
      apiEvent({ body: signupBody, headers: { origin: TEST_SITE_URL } }),
      lambdaContext,
    );
    expect(result.statusCode).toBe(201);
    const id = String(jsonOf(result).id);

    const publisher = new RecordingPublisher();
    const swept = await sweepOutbox({ db: dynamo.db, publisher, olderThanMs: 0, limit: 1000 });
    expect(swept.failed).toBe(0);
    expect(publisher.events.some((event) => "id" in event.data && event.data.id === id)).toBe(true);
    expect(await scan(dynamo.tables.outbox)).toEqual([]);

    const crossSite = await handler(
      apiEvent({ body: signupBody, headers: { origin: "https://evil.example" } }),
      lambdaContext,
    );
    expect(crossSite.statusCode).toBe(403);
  });
});

// Arbitrary input over real HTTP, for every route: test/fuzz.
