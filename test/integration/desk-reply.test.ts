/**
 * Replies from the lead desk over real HTTP against the local runtime and the SES stand-in
 * (docs/decisions/0068-replies.md): the templates rendered for a lead, one e-mail per idempotency
 * key under parallel sends, the response clock stopped and New → Contacted, CR/LF in a subject
 * refused, a staff member without an address refused, and SES refusing (the fault proxy):
 * nothing recorded, and the retry with the same key sends once.
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignupRequest, type TimelineEntry } from "../../events";
import { businessCalendar } from "../../functions/model/response-clock";
import { hashPassword } from "../../functions/model/staff/password";
import { UsersRepository } from "../../functions/model/staff/users";
import { acceptSignup } from "../../functions/pipeline/submissions";
import { loadStage } from "../../infra/stages";
import { setFaults, startFaultRuntime } from "../support/faults";
import type { Email, RuntimeProcess } from "../support/runtime";
import { call, FIRST_ADMIN, FIRST_ADMIN_ENV, signIn } from "./auth-support";

const LOCAL = loadStage("local");
let runtime: RuntimeProcess;
let cookie: string;
const NO_ADDRESS = { username: "noaddr", password: "a long and unguessable passphrase 42" };

beforeAll(async () => {
  runtime = await startFaultRuntime({
    ...FIRST_ADMIN_ENV,
  });
  await new UsersRepository(runtime.db, runtime.table("users")).create(
    NO_ADDRESS.username,
    await hashPassword(NO_ADDRESS.password),
    new Date(),
    { role: "staff" },
  );
  cookie = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
}, 120_000);

afterAll(async () => {
  await runtime?.stop();
});

async function newLead(firstName: string, email: string): Promise<string> {
  const { id } = await acceptSignup(
    {
      db: runtime.db,
      clock: () => new Date(),
      newId: () => crypto.randomUUID(),
      tables: {
        records: runtime.table("signups"),
        outbox: runtime.table("outbox"),
        audit: runtime.table("audit"),
      },
      calendar: businessCalendar(),
    },
    SignupRequest.parse({ firstName, lastName: "Lead", email, teamSize: "solo", productLines: "single" }),
  );
  return id;
}

const post = (body: unknown, as = cookie) =>
  call(runtime, "POST", "/api/admin/desk/reply", { cookie: as, body, headers: { origin: runtime.url } });
const replies = async (to: string): Promise<Email[]> =>
  (await runtime.emails()).filter(
    (email) => email.destination.to.includes(to) && email.subject.startsWith("Re:"),
  );
const timeline = async (id: string) =>
  ((await call(runtime, "GET", `/api/admin/signups/${id}/timeline`, { cookie })).json?.timeline ??
    []) as TimelineEntry[];
const record = async (id: string) =>
  (await runtime.db.send(new GetCommand({ TableName: runtime.table("signups"), Key: { id } }))).Item ?? {};
const key = () => crypto.randomUUID();

describe("replies from the lead desk", () => {
  it("renders the templates for the lead: safe greeting and the stage's booking link", async () => {
    const id = await newLead("Rae", "rae@example.com");
    const answer = await call(runtime, "GET", `/api/admin/desk/reply-templates?kind=signup&id=${id}`, {
      cookie,
    });
    expect(answer.status).toBe(200);
    const templates = answer.json?.templates as { id: string; label: string; body: string }[];
    expect(templates.map((template) => template.label)).toEqual(["First reply", "Book a demo", "Follow-up"]);
    for (const template of templates) expect(template.body.startsWith("Hi Rae,\n\n")).toBe(true);
    expect(templates[1]?.body).toContain(LOCAL.bookingUrl);
    expect(answer.json).toMatchObject({ to: "rae@example.com", replyTo: FIRST_ADMIN.email });
    const phishing = await newLead("Visit https://evil.example now", "victim@example.com");
    const other = await call(runtime, "GET", `/api/admin/desk/reply-templates?kind=signup&id=${phishing}`, {
      cookie,
    });
    const [first] = (other.json?.templates ?? []) as { body: string }[];
    expect(first?.body.startsWith("Hi there,\n\n")).toBe(true);
    expect(
      (await call(runtime, "GET", "/api/admin/desk/reply-templates?kind=signup&id=nope", { cookie })).status,
    ).toBe(404);
  });

  it("sends one e-mail for parallel sends with one key, stops the clock and records the reply once", async () => {
    const id = await newLead("Ada", "ada@example.com");
    const body = {
      kind: "signup",
      id,
      idempotencyKey: key(),
      template: "first-reply",
      subject: "Re: your RepDesk inquiry",
      body: "Hi Ada,\n\nThanks for signing up.\n\nBest regards,\nThe RepDesk team",
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(body)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    // The others found the key sent (200) or still being sent (409): none sent again.
    expect(statuses.every((status) => [200, 201, 409].includes(status))).toBe(true);
    // A retry after the first answered gets the same entry back.
    const again = await post(body);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ alreadySent: true });

    const sent = await replies("ada@example.com");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      from: `RepDesk <${LOCAL.senderAddress}>`,
      replyTo: [FIRST_ADMIN.email],
      destination: { to: ["ada@example.com"] },
      subject: "Re: your RepDesk inquiry",
    });
    expect(sent[0]?.body.text).toBe(body.body);
    expect(sent[0]?.body.html).toContain("Thanks for signing up.");

    const lead = await record(id);
    expect(lead).toMatchObject({ status: "contacted", deskKey: "signup#contacted" });
    expect(typeof lead.respondedAt).toBe("string");
    const entries = (await timeline(id)).filter((entry) => entry.type !== "email");
    expect(entries.map((entry) => entry.type)).toEqual(["submitted", "reply", "status"]);
    expect(entries[1]).toMatchObject({
      actor: FIRST_ADMIN.username,
      to: "ada@example.com",
      subject: body.subject,
      text: body.body,
    });
    expect(again.json?.entry).toEqual(entries[1]);

    // A second reply (new key) sends again but leaves the clock where the first stopped it.
    const second = await post({ ...body, idempotencyKey: key(), subject: "Re: following up" });
    expect(second.status).toBe(201);
    expect((await record(id)).respondedAt).toBe(lead.respondedAt);
    expect(await replies("ada@example.com")).toHaveLength(2);
  });

  it("refuses CR/LF in the subject, control characters and oversize text: 400, nothing sent or recorded", async () => {
    const id = await newLead("Bo", "bo@example.com");
    const base = { kind: "signup", id, idempotencyKey: key(), subject: "Re: hello", body: "Hello" };
    for (const bad of [
      { subject: "Re: hello\r\nBcc: everyone@example.com" },
      { subject: "Re: hello\nBcc: everyone@example.com" },
      { subject: "x".repeat(201) },
      { body: "x".repeat(10_001) },
      { body: "Hello\u0000" },
      { subject: "   " },
      { idempotencyKey: "short" },
    ]) {
      const answer = await post({ ...base, ...bad });
      expect(answer.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect(await replies("bo@example.com")).toEqual([]);
    expect((await timeline(id)).some((entry) => entry.type === "reply")).toBe(false);
    expect(await record(id)).toMatchObject({ status: "new" });
  });

  it("refuses a staff member whose account has no e-mail address", async () => {
    const id = await newLead("Cy", "cy@example.com");
    const staffCookie = await signIn(runtime, NO_ADDRESS.username, NO_ADDRESS.password);
    const answer = await post(
      { kind: "signup", id, idempotencyKey: key(), subject: "Re: hi", body: "Hello" },
      staffCookie,
    );
    expect(answer.status).toBe(409);
    expect(answer.json?.error).toMatch(/no e-mail address/);
    expect(await replies("cy@example.com")).toEqual([]);
    const templates = await call(runtime, "GET", `/api/admin/desk/reply-templates?kind=signup&id=${id}`, {
      cookie: staffCookie,
    });
    expect(templates.json).toMatchObject({ replyTo: null });
  });

  it("records nothing when SES refuses, and the retry with the same key sends once", async () => {
    const id = await newLead("Di", "di@example.com");
    const body = { kind: "signup", id, idempotencyKey: key(), subject: "Re: your inquiry", body: "Hello Di" };
    await setFaults(runtime, { ses: "refuse" });
    try {
      const refused = await post(body);
      expect(refused.status).toBe(502);
      expect(refused.json?.error).toMatch(/could not be sent/);
      expect((await timeline(id)).some((entry) => entry.type === "reply")).toBe(false);
      const lead = await record(id);
      expect(lead.status).toBe("new");
      expect(lead.respondedAt).toBeUndefined();
    } finally {
      await setFaults(runtime, { ses: "up" });
    }
    const retried = await post(body);
    expect(retried.status).toBe(201);
    expect(await replies("di@example.com")).toHaveLength(1);
    expect((await timeline(id)).filter((entry) => entry.type === "reply")).toHaveLength(1);
    expect(await record(id)).toMatchObject({ status: "contacted" });
  });
});

describe("e-mails the system sent, on the timeline", () => {
  it("records the acknowledgement and the staff alert once each on the lead's timeline", async () => {
    const id = await newLead("Eve", "eve@example.com");
    const emails = await runtime.waitFor(async () => {
      const found = (await timeline(id)).filter((entry) => entry.type === "email");
      return found.length >= 2 ? found : undefined;
    }, 20_000);
    expect(emails.map((entry) => entry.email).sort()).toEqual(["acknowledgement", "staff-alert"]);
    expect(emails.find((entry) => entry.email === "acknowledgement")).toMatchObject({
      actor: "system",
      to: "eve@example.com",
      subject: "Thanks for your interest in RepDesk",
    });
    await runtime.waitFor(
      async () => ((await runtime.queues()).queues.notification?.pending ?? 1) === 0 || undefined,
      10_000,
    );
    expect((await timeline(id)).filter((entry) => entry.type === "email")).toHaveLength(2);
  });
});
