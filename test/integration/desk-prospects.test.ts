/**
 * Returning prospects over real HTTP against the local runtime (docs/decisions/0075): a submission
 * from the address of an open lead is linked to it — stored in full, no clock of its own, on the
 * lead's timeline — across both forms; a closed or deleted lead lets the next one open a new lead;
 * parallel first submissions make exactly one open lead; the dashboard counts the prospect once.
 */
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_PLURALS, type TimelineEntry } from "../../events";
import { prospectKey } from "../../functions/model/prospects";
import type { RuntimeProcess } from "../support/runtime";
import { call, FIRST_ADMIN, signIn, startStaffRuntime } from "./auth-support";

let runtime: RuntimeProcess;
let cookie: string;

beforeAll(async () => {
  runtime = await startStaffRuntime();
  cookie = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
});

afterAll(async () => {
  await runtime?.stop();
});

type Kind = "signup" | "contact";

/** POST /api/signup or /api/contact as the site's forms send them; the stored id. */
async function submit(kind: Kind, email: string, firstName = "Rita", ip?: string): Promise<string> {
  const body =
    kind === "signup"
      ? { firstName, lastName: "Rep", email, teamSize: "solo", productLines: "single" }
      : { firstName, lastName: "Rep", email, message: "Do you support commission splits?" };
  const answer = await call(runtime, "POST", `/api/${kind}`, { body, ...(ip ? { ip } : {}) });
  expect(answer.status, answer.text).toBe(201);
  return String(answer.json?.id);
}

const get = (path: string) => call(runtime, "GET", path, { cookie });
const post = (path: string, body: unknown) =>
  call(runtime, "POST", path, { cookie, body, headers: { origin: runtime.url } });

async function record(kind: Kind, id: string): Promise<Record<string, unknown>> {
  const found = await runtime.db.send(
    new GetCommand({ TableName: runtime.table(LEAD_PLURALS[kind]), Key: { id }, ConsistentRead: true }),
  );
  return found.Item ?? {};
}

async function timeline(kind: Kind, id: string): Promise<TimelineEntry[]> {
  const answer = await get(`/api/admin/${LEAD_PLURALS[kind]}/${id}/timeline`);
  expect(answer.status).toBe(200);
  return (answer.json?.timeline ?? []) as TimelineEntry[];
}

const linkedEntries = async (kind: Kind, id: string) =>
  (await timeline(kind, id)).filter((entry) => entry.type === "linked");

/** The dashboard's open leads (GET /api/admin/desk/stats). */
async function openLeads(): Promise<number> {
  const answer = await get("/api/admin/desk/stats");
  expect(answer.status).toBe(200);
  return Number(answer.json?.open);
}

/** The lead the address's lookup points at, if any. */
async function lookup(email: string): Promise<Record<string, unknown> | undefined> {
  const found = await runtime.db.send(
    new GetCommand({ TableName: runtime.table("audit"), Key: prospectKey(email), ConsistentRead: true }),
  );
  return found.Item;
}

function expectLinked(item: Record<string, unknown>, to: { kind: Kind; id: string }) {
  expect(item).toMatchObject({ status: "linked", linkedTo: to.id, linkedKind: to.kind });
  expect(item).not.toHaveProperty("dueAt");
}

describe("returning prospects", () => {
  it("links a second submission from the same address in another case to the open lead, without a clock", async () => {
    const before = await openLeads();
    const first = await submit("signup", "Rita.Rep@Example.com");
    const second = await submit("signup", "  rita.rep@EXAMPLE.COM ", "Rita again");

    expect(await record("signup", first)).toMatchObject({ status: "new", dueAt: expect.any(String) });
    const linked = await record("signup", second);
    expectLinked(linked, { kind: "signup", id: first });
    // Stored in full: nothing accepted is lost.
    expect(linked).toMatchObject({ firstName: "Rita again", email: "rita.rep@EXAMPLE.COM" });

    const entries = await linkedEntries("signup", first);
    expect(entries).toEqual([
      expect.objectContaining({ type: "linked", otherKind: "signup", otherId: second, actor: "system" }),
    ]);
    expect(await openLeads()).toBe(before + 1);

    // The list's Status filter: the lead under New, the linked submission under Linked only.
    const open = ((await get("/api/admin/signups?status=new")).json?.signups ?? []) as { id: string }[];
    expect(open.map((signup) => signup.id)).toContain(first);
    expect(open.map((signup) => signup.id)).not.toContain(second);
    const linkedList = await get("/api/admin/signups?status=linked");
    expect(linkedList.json).toMatchObject({ matched: 1 });
    expect(linkedList.json?.signups).toEqual([expect.objectContaining({ id: second, linkedTo: first })]);

    // The CSV names the lead of a linked submission.
    const csv = (await get("/api/admin/signups/export.csv?status=linked")).text;
    expect(csv.split("\r\n")[0]).toContain("Linked to");
    expect(csv).toContain(`signup ${first}`);
  });

  it("links across the two forms: a contact message to a signup, and a signup to a contact message", async () => {
    const signup = await submit("signup", "cross@example.com");
    const contact = await submit("contact", "CROSS@example.com");
    expectLinked(await record("contact", contact), { kind: "signup", id: signup });
    expect(await linkedEntries("signup", signup)).toEqual([
      expect.objectContaining({ otherKind: "contact", otherId: contact }),
    ]);

    const message = await submit("contact", "other-way@example.com");
    const later = await submit("signup", "Other-Way@example.com");
    expectLinked(await record("signup", later), { kind: "contact", id: message });
    expect(await linkedEntries("contact", message)).toEqual([
      expect.objectContaining({ otherKind: "signup", otherId: later }),
    ]);
  });

  it("shows on the lead's timeline where a linked signup came from, once enrichment knows", async () => {
    const lead = await submit("contact", "abroad@example.com");
    // A public address the local geo lookup knows (the enrichment worker sets the country).
    const linked = await submit("signup", "abroad@example.com", "Rita", "8.8.8.8");
    const country = await runtime.waitFor(async () => {
      const value = (await record("signup", linked)).country;
      return typeof value === "string" ? value : undefined;
    });
    expect(await linkedEntries("contact", lead)).toEqual([
      expect.objectContaining({ otherKind: "signup", otherId: linked, country }),
    ]);
  });

  it("links to leads that are answered but still open, not to Won, Lost or Spam ones", async () => {
    const lead = await submit("signup", "qualified@example.com");
    expect(
      (await post("/api/admin/desk/update", { kind: "signup", ids: [lead], status: "qualified" })).status,
    ).toBe(200);
    expectLinked(await record("contact", await submit("contact", "qualified@example.com")), {
      kind: "signup",
      id: lead,
    });

    for (const [status, extra] of [
      ["won"],
      ["lost", { lostReason: "Chose a competitor" }],
      ["spam"],
    ] as const) {
      const address = `${status}@example.com`;
      const closed = await submit("signup", address);
      const change = await post("/api/admin/desk/update", {
        kind: "signup",
        ids: [closed],
        status,
        ...extra,
      });
      expect(change.status, change.text).toBe(200);
      expect(await lookup(address)).toBeUndefined();
      const next = await submit("signup", address);
      expect(await record("signup", next), status).toMatchObject({
        status: "new",
        dueAt: expect.any(String),
      });
      expect(await record("signup", next)).not.toHaveProperty("linkedTo");
      expect(await lookup(address)).toMatchObject({ leadKind: "signup", leadId: next });
    }
  });

  it("reopening a closed lead makes it the address's open lead again when no other is open", async () => {
    const lead = await submit("contact", "reopen@example.com");
    await post("/api/admin/desk/update", {
      kind: "contact",
      ids: [lead],
      status: "lost",
      lostReason: "No budget",
    });
    expect(await lookup("reopen@example.com")).toBeUndefined();
    expect(
      (await post("/api/admin/desk/update", { kind: "contact", ids: [lead], status: "new" })).status,
    ).toBe(200);
    expectLinked(await record("signup", await submit("signup", "reopen@example.com")), {
      kind: "contact",
      id: lead,
    });
  });

  it("a deleted lead's address opens a new lead; its linked submissions keep its timeline", async () => {
    const lead = await submit("signup", "deleted@example.com");
    const linked = await submit("contact", "deleted@example.com");
    const deleted = await call(runtime, "DELETE", `/api/admin/signups/${lead}`, {
      cookie,
      headers: { origin: runtime.url },
    });
    expect(deleted.status).toBe(204);
    expect(await lookup("deleted@example.com")).toBeUndefined();
    const next = await submit("signup", "deleted@example.com");
    expect(await record("signup", next)).toMatchObject({ status: "new", dueAt: expect.any(String) });
    expectLinked(await record("contact", linked), { kind: "signup", id: lead });
    expect((await timeline("signup", lead)).map((entry) => entry.type)).toEqual(
      expect.arrayContaining(["linked", "deletion"]),
    );
  });

  it("treats a lookup whose lead's retention ran out as absent", async () => {
    const lead = await submit("signup", "expired@example.com");
    // What DynamoDB's TTL leaves behind: the record gone by expiry, the lookup past its expiresAt.
    const item = await lookup("expired@example.com");
    await runtime.db.send(
      new PutCommand({ TableName: runtime.table("audit"), Item: { ...item, expiresAt: 1_000_000_000 } }),
    );
    const next = await submit("signup", "expired@example.com");
    expect(next).not.toBe(lead);
    expect(await record("signup", next)).toMatchObject({ status: "new" });
    expect(await lookup("expired@example.com")).toMatchObject({ leadId: next });
  });

  it("refuses desk changes and replies on a linked submission: they belong to its lead", async () => {
    await submit("signup", "worked@example.com");
    const linked = await submit("signup", "worked@example.com");
    const change = await post("/api/admin/desk/update", { kind: "signup", ids: [linked], status: "won" });
    expect(change.status).toBe(409);
    expect(await record("signup", linked)).toMatchObject({ status: "linked" });
    const reply = await post("/api/admin/desk/reply", {
      kind: "signup",
      id: linked,
      idempotencyKey: "linked-reply-key-0001",
      subject: "Hello",
      body: "Hi",
    });
    expect(reply.status).toBe(409);
  });

  it("parallel first submissions from one new address make exactly one open lead; the others link to it", async () => {
    const before = await openLeads();
    const kinds = Array.from({ length: 8 }, (_, index): Kind => (index % 3 ? "signup" : "contact"));
    const ids = await Promise.all(
      kinds.map((kind, index) => submit(kind, index % 2 ? "PARALLEL@example.com" : "parallel@example.com")),
    );
    const items = await Promise.all(ids.map((id, index) => record(kinds[index] as Kind, id)));
    const leads = items.filter((item) => item.status === "new");
    expect(leads).toHaveLength(1);
    const lead = { kind: leads[0]?.kind as Kind, id: String(leads[0]?.id) };
    for (const item of items.filter((candidate) => candidate !== leads[0])) expectLinked(item, lead);
    expect(await linkedEntries(lead.kind, lead.id)).toHaveLength(kinds.length - 1);
    expect(await lookup("parallel@example.com")).toMatchObject({ leadKind: lead.kind, leadId: lead.id });
    expect(await openLeads()).toBe(before + 1);
  });

  it("a submission racing the lead's close is either linked to it before the close or opens the next lead", async () => {
    const lead = await submit("signup", "race@example.com");
    const [change, ...ids] = await Promise.all([
      post("/api/admin/desk/update", {
        kind: "signup",
        ids: [lead],
        status: "lost",
        lostReason: "Went quiet",
      }),
      submit("contact", "race@example.com"),
      submit("contact", "race@example.com"),
      submit("contact", "race@example.com"),
    ]);
    expect(change.status).toBe(200);
    const items = await Promise.all(ids.map((id) => record("contact", id as string)));
    const opened = items.filter((item) => item.status === "new");
    expect(opened.length).toBeLessThanOrEqual(1);
    const linkedToLead = items.filter((item) => item.linkedTo === lead);
    expect(await linkedEntries("signup", lead)).toHaveLength(linkedToLead.length);
    const current = await lookup("race@example.com");
    if (opened[0]) {
      expect(current).toMatchObject({ leadKind: "contact", leadId: opened[0].id });
      for (const item of items)
        if (item !== opened[0] && item.linkedTo !== lead)
          expectLinked(item, { kind: "contact", id: String(opened[0].id) });
    } else expect(current).toBeUndefined();
  });
});
