/**
 * Privacy requests over real HTTP against the local runtime (docs/decisions/0095-privacy-requests.md):
 * one person's signups and contact message (linked to their open lead), written in spellings the identity rule treats as one
 * address (case, the Kelvin sign, a fullwidth letter), with notes, status and owner changes, a reply
 * and the system's e-mails on their timelines, beside another person's data. Find and export show
 * every item of theirs and none of the other's; erase needs the address again and the password;
 * afterwards no table of the local store holds the address (any spelling), the name or the IP
 * address, only the keyed reference; the counters agree with the records; a signup.created still
 * queued for the erased lead changes nothing; Staff get 403.
 */
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrivacyExport } from "../../events/privacy";
import { LeadCounter } from "../../functions/leads/counts";
import { canonicalForm } from "../../functions/model/identity";
import { SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { hashPassword } from "../../functions/model/staff/password";
import { UsersRepository } from "../../functions/model/staff/users";
import { TABLES, type TableKey } from "../../functions/model/tables";
import type { RuntimeProcess } from "../support/runtime";
import { call, FIRST_ADMIN, type HttpAnswer, signIn, startStaffRuntime } from "./auth-support";

let runtime: RuntimeProcess;
let cookie: string;
let staffCookie: string;
const STAFF = { username: "privacy-staff", password: "a long and unguessable passphrase 77" };

/** One person, three spellings of one address by the identity rule. */
const KATE = {
  spellings: ["kate.privacy@example.com", "Kate.PRIVACY@Example.COM", "\u212Aate.privacy@example.com"],
  lookup: "\uFF4Bate.Privacy@example.com",
  lastName: "Zzyzxwell",
  ip: "203.0.113.77",
};
const OTHER = { email: "omar.other@example.com", lastName: "Otherson", ip: "198.51.100.9" };

const post = (path: string, body: unknown, as = cookie) =>
  call(runtime, "POST", path, { cookie: as, body, headers: { origin: runtime.url } });

async function submit(kind: "signup" | "contact", email: string, lastName: string, ip: string) {
  const body =
    kind === "signup"
      ? { firstName: "Kate", lastName, email, teamSize: "solo", productLines: "single" }
      : { firstName: "Kate", lastName, email, message: `Please call me, ${lastName}` };
  const answer = await call(runtime, "POST", `/api/${kind}`, { body, ip });
  expect(answer.status, answer.text).toBe(201);
  return String(answer.json?.id);
}

/** Every item of every table of the local store. */
async function everyItem(): Promise<{ table: TableKey; item: Record<string, unknown> }[]> {
  const all: { table: TableKey; item: Record<string, unknown> }[] = [];
  for (const table of Object.keys(TABLES) as TableKey[]) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await runtime.db.send(
        new ScanCommand({ TableName: runtime.table(table), ExclusiveStartKey: start, ConsistentRead: true }),
      );
      for (const item of page.Items ?? []) all.push({ table, item });
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return all;
}

const text = (item: unknown) =>
  canonicalForm(JSON.stringify(item, (_, value) => (value instanceof Set ? [...value] : value)));

/** The counters (lead-index.ts) against a recount of the records themselves. */
async function expectCountersRight() {
  const counter = new LeadCounter(runtime.db, runtime.table("signups"), SIGNUP_KIND);
  const totals = await counter.totals();
  const records = (await everyItem()).filter(
    ({ table, item }) => table === "signups" && item.kind === "signup",
  );
  expect(totals.total).toBe(records.length);
  const byStatus: Record<string, number> = {};
  const byOwner: Record<string, Record<string, number>> = {};
  for (const { item } of records) {
    const status = String(item.status);
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    if (typeof item.owner === "string") {
      const owners = byOwner[status] ?? {};
      owners[item.owner] = (owners[item.owner] ?? 0) + 1;
      byOwner[status] = owners;
    }
  }
  const nonZero = (counts: Record<string, number>) =>
    Object.fromEntries(Object.entries(counts).filter(([, n]) => n));
  expect(nonZero(totals.byStatus)).toEqual(byStatus);
  const owned = Object.fromEntries(
    Object.entries(totals.byOwner)
      .map(([status, owners]) => [status, nonZero(owners)])
      .filter(([, owners]) => Object.keys(owners as object).length > 0),
  );
  expect(owned).toEqual(byOwner);
}

beforeAll(async () => {
  runtime = await startStaffRuntime();
  await new UsersRepository(runtime.db, runtime.table("users")).create(
    STAFF.username,
    await hashPassword(STAFF.password),
    new Date(),
    { role: "staff" },
  );
  cookie = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
  staffCookie = await signIn(runtime, STAFF.username, STAFF.password);
}, 300_000);

afterAll(async () => {
  await runtime?.stop();
});

describe("privacy requests", () => {
  const ids: Record<string, string> = {};

  it("finds and exports every item of one address in any spelling, and nothing of another person", async () => {
    ids.signup = await submit("signup", KATE.spellings[0] as string, KATE.lastName, KATE.ip);
    ids.contact = await submit("contact", KATE.spellings[1] as string, KATE.lastName, KATE.ip);
    ids.linked = await submit("signup", KATE.spellings[2] as string, KATE.lastName, KATE.ip);
    ids.other = await submit("signup", OTHER.email, OTHER.lastName, OTHER.ip);
    // The desk: a note, a status and an owner change, a reply.
    expect(
      (await post(`/api/admin/signups/${ids.signup}/notes`, { text: `Spoke to ${KATE.lastName}` })).status,
    ).toBe(201);
    expect(
      (
        await post("/api/admin/desk/update", {
          kind: "signup",
          ids: [ids.signup],
          status: "qualified",
          owner: "admin",
        })
      ).status,
    ).toBe(200);
    const reply = await post("/api/admin/desk/reply", {
      kind: "signup",
      id: ids.signup,
      idempotencyKey: crypto.randomUUID(),
      subject: `Hello ${KATE.lastName}`,
      body: "Thanks for writing.",
    });
    expect(reply.status, reply.text).toBe(201);
    await runtime.waitFor(() => runtime.settled());

    const found = await post("/api/privacy/find", { email: KATE.lookup });
    expect(found.status, found.text).toBe(200);
    expect(found.json?.counts).toMatchObject({
      signupRecords: 2,
      contactMessages: 1,
      prospectLookups: 1,
      staffAccounts: 0,
    });
    const counts = found.json?.counts as Record<string, number>;
    expect(counts.timelineEntries).toBeGreaterThanOrEqual(4); // note, status, owner, linked
    expect(counts.emailsSent).toBeGreaterThanOrEqual(3); // the reply and the system's e-mails
    expect(counts.acknowledgementQuotas).toBe(1);

    const exported = await post("/api/privacy/export", { email: KATE.spellings[1] });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toContain("attachment");
    const file = exported.json as unknown as PrivacyExport;
    expect(file.format).toBe("repdesk-privacy-export");
    expect(file.signups.map((item) => item.id).sort()).toEqual([ids.signup, ids.linked].sort());
    expect(file.contacts.map((item) => item.id)).toEqual([ids.contact]);
    const entries = file.timelines.flatMap((timeline) => timeline.entries);
    expect(entries.map((entry) => entry.type)).toEqual(
      expect.arrayContaining(["note", "status", "owner", "reply", "email", "linked"]),
    );
    expect(text(file)).not.toContain(canonicalForm(OTHER.email));
    expect(text(file)).not.toContain(canonicalForm(OTHER.lastName));
    expect(text(file)).not.toContain("passwordhash");
  });

  it("refuses Staff (403), a confirmation of another address and a wrong password", async () => {
    for (const [path, body] of [
      ["/api/privacy/find", { email: KATE.lookup }],
      ["/api/privacy/export", { email: KATE.lookup }],
      ["/api/privacy/erase", { email: KATE.lookup, confirmEmail: KATE.lookup, password: STAFF.password }],
    ] as const)
      expect((await post(path, body, staffCookie)).status).toBe(403);
    expect((await call(runtime, "GET", "/api/privacy/settings", { cookie: staffCookie })).status).toBe(403);
    const mismatch = await post("/api/privacy/erase", {
      email: KATE.lookup,
      confirmEmail: OTHER.email,
      password: FIRST_ADMIN.password,
    });
    expect(mismatch.status).toBe(400);
    const wrong = await post("/api/privacy/erase", {
      email: KATE.lookup,
      confirmEmail: KATE.spellings[0],
      password: "not the password",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json?.fieldErrors).toHaveProperty("password");
    // Nothing was erased.
    expect((await post("/api/privacy/find", { email: KATE.lookup })).json?.counts).toMatchObject({
      signupRecords: 2,
    });
  });

  it("erases everything: no table holds the address, name or IP, the counters agree, a queued event changes nothing", async () => {
    const erased = await post("/api/privacy/erase", {
      email: KATE.spellings[1],
      confirmEmail: KATE.lookup,
      password: FIRST_ADMIN.password,
    });
    expect(erased.status, erased.text).toBe(200);
    const reference = String(erased.json?.reference);
    expect(reference).toMatch(/^[0-9a-f]{64}$/);
    expect(erased.json?.erased).toMatchObject({ signupRecords: 2, contactMessages: 1 });

    // A signup.created for the erased lead, still queued when it was erased, processed now.
    const event = {
      type: "signup.created",
      version: 1,
      id: crypto.randomUUID(),
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
      data: {
        id: ids.signup,
        firstName: "Kate",
        lastName: KATE.lastName,
        email: KATE.spellings[0],
        teamSize: "solo",
        productLines: "single",
        createdAt: new Date(Date.now() - 60_000).toISOString(),
        ipAddress: KATE.ip,
      },
    };
    const { PutCommand } = await import("@aws-sdk/lib-dynamodb");
    await runtime.db.send(
      new PutCommand({
        TableName: runtime.table("outbox"),
        Item: { id: event.id, type: event.type, event: JSON.stringify(event), createdAt: event.occurredAt },
      }),
    );
    await runtime.waitFor(() => runtime.settled());

    const items = await everyItem();
    const forbidden = [...KATE.spellings, KATE.lookup]
      .map(canonicalForm)
      .concat([canonicalForm(KATE.lastName), KATE.ip]);
    const leaks = items.filter(({ item }) => forbidden.some((word) => text(item).includes(word)));
    expect(leaks).toEqual([]);
    // What remains: the marker and one audit entry with the keyed reference.
    const remaining = items.filter(({ item }) => text(item).includes(reference));
    expect(remaining.map(({ item }) => String(item.action ?? item.pk))).toEqual(
      expect.arrayContaining([`erasure#${reference}`, "privacy.erase"]),
    );
    // The other person's data stays.
    expect(items.some(({ item }) => item.id === ids.other)).toBe(true);
    await expectCountersRight();
    // Found again: nothing, and when it was erased.
    const again = await post("/api/privacy/find", { email: KATE.lookup });
    expect(Object.values(again.json?.counts as Record<string, number>).every((count) => count === 0)).toBe(
      true,
    );
    expect(again.json?.erasedAt).toBeTruthy();
  });

  it("lets the person sign up again after the erasure", async () => {
    const id = await submit("signup", KATE.spellings[0] as string, "Newlead", "203.0.113.78");
    await runtime.waitFor(() => runtime.settled());
    const found = await post("/api/privacy/find", { email: KATE.lookup });
    expect(found.json?.counts).toMatchObject({ signupRecords: 1 });
    const emails = await runtime.emails();
    expect(
      emails.some((email) => email.subject && email.destination.to.includes(KATE.spellings[0] as string)),
    ).toBe(true);
    expect(id).toBeTruthy();
  });

  it("shows the stage's retention period", async () => {
    const answer: HttpAnswer = await call(runtime, "GET", "/api/privacy/settings", { cookie });
    expect(answer.status).toBe(200);
    expect(answer.json?.retentionDays).toBe(0);
  });
});
