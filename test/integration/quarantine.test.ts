/**
 * The quarantine over real HTTP against the local runtime (docs/decisions/0150, 0151): a
 * submission the judge calls spam (the honeypot) is stored and answered like any other, lands on the
 * Spam list with its reason and sends nothing — no e-mail in the SES stand-in, nothing at the
 * webhook receiver or the Slack stand-in; "Not spam", asked twice at once, releases it once and each
 * of those then gets it exactly once; the counts and the response clock follow; a lead marked Spam
 * by hand moves to the Spam list; a spam submission from an open lead's address leaves that lead
 * alone; each signal that quarantines a submission holds it with that reason. The clock is pinned
 * (in the test and its runtime): the release's due time and the expiry are read from it.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "../../events/options";
import type { Signup } from "../../events/signup";
import { pinClock } from "../support/pinned-clock";
import { postJson } from "../support/post-json";
import type { RuntimeProcess } from "../support/runtime";
import { startWebhookRuntime } from "../support/webhooks";
import { call, FIRST_ADMIN, signIn } from "./auth-support";

let runtime: RuntimeProcess;
let admin: string;
/** A Tuesday afternoon in the team's zone. */
const PINNED = pinClock("2026-11-24T16:00:00.000Z");

const receiverUrl = (name: string) => `${runtime.url}/__local/webhooks/${name}`;
async function received(name: string): Promise<{ body: string }[]> {
  const answer = await fetch(receiverUrl(name));
  return ((await answer.json()) as { received: { body: string }[] }).received;
}
/** What the webhook receiver and the Slack stand-in got about a lead (Slack's text names it by its link). */
const about = (id: string) => async () =>
  (await received("q-hook")).filter((one) => one.body.includes(id)).length +
  (await received("q-slack")).filter((one) => one.body.includes(id)).length;
const mailAbout = async (address: string) =>
  (await runtime.emails()).filter((email) => JSON.stringify(email).includes(address));

beforeAll(async () => {
  runtime = await startWebhookRuntime(PINNED.env);
  admin = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
  for (const [kind, name] of [
    ["webhook", "q-hook"],
    ["slack", "q-slack"],
  ] as const) {
    const added = await call(runtime, "POST", "/api/integrations/endpoints", {
      cookie: admin,
      body: {
        kind,
        url: receiverUrl(name),
        events: ["signup.created", "contact.received", "lead.status_changed"],
        description: name,
      },
    });
    expect(added.status, added.text).toBe(201);
  }
});

afterAll(async () => {
  await runtime?.stop();
});

let count = 0;
function signupBody(email: string, extra: Record<string, unknown> = {}) {
  count += 1;
  return {
    firstName: "Sam",
    lastName: `Sample ${count}`,
    email,
    teamSize: "solo",
    productLines: "single",
    ...extra,
  };
}

async function submit(
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const answer = await postJson(`${runtime.url}/api/signup`, body, { headers });
  return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
}

async function list(query = ""): Promise<{ signups: Signup[]; total: number; matched: number }> {
  const answer = await call(runtime, "GET", `/api/admin/signups${query}`, { cookie: admin });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as { signups: Signup[]; total: number; matched: number };
}

/** The dashboard's counts from 25 hours and 8 days back (not on an hour: records and hour counters both). */
async function stats(): Promise<{ total: number; today: number; thisWeek: number }> {
  const back = (ms: number) => new Date(PINNED.now() - ms - 1_234).toISOString();
  const query = new URLSearchParams({ todayStart: back(25 * 3_600_000), weekStart: back(8 * 86_400_000) });
  const answer = await call(runtime, "GET", `/api/admin/signups/stats?${query}`, { cookie: admin });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as { total: number; today: number; thisWeek: number };
}

const release = (id: string) =>
  call(runtime, "POST", "/api/admin/desk/not-spam", { cookie: admin, body: { kind: "signup", id } });

describe("a honeypot submission", () => {
  let id = "";
  const email = "held.honeypot@example.com";

  it("is answered like any other, stored on the Spam list with its reason, and sends nothing", async () => {
    const before = await list();
    const counted = await stats();
    const body = signupBody(email, { [HONEYPOT_FIELD]: "http://spam.example", submissionId: randomUUID() });
    const first = await submit(body);
    expect(first.status).toBe(201);
    expect(Object.keys(first.json).sort()).toEqual(["id", "ok"]);
    id = String(first.json.id);
    // A double submit still answers the first id.
    const again = await submit(body);
    expect(again).toEqual({ status: 201, json: { ok: true, id } });

    const spam = await list("?status=spam");
    const held = spam.signups.find((lead) => lead.id === id);
    expect(held).toMatchObject({
      status: "spam",
      quarantine: "held",
      // The local edge marks a post without the page's token too (infra/local/waf-standin.ts).
      spamCheck: { reasons: expect.arrayContaining([expect.objectContaining({ code: "honeypot" })]) },
    });
    expect(held?.dueAt).toBeUndefined();
    const after = await list();
    expect(after.signups.some((lead) => lead.id === id)).toBe(false);
    expect(after.total).toBe(before.total);
    expect(await stats()).toEqual(counted);
    // The desk cannot take it out of Spam: only its release sends what it held.
    const moved = await call(runtime, "POST", "/api/admin/desk/update", {
      cookie: admin,
      body: { kind: "signup", ids: [id], status: "new" },
    });
    const refusal = { error: "This lead is held as spam. Release it with Not spam on the Spam page first." };
    expect(moved.status).toBe(409);
    expect(moved.json).toEqual(refusal);
    // Nor give it an owner, nor reply to whoever sent it; Spam again changes nothing.
    const owned = await call(runtime, "POST", "/api/admin/desk/update", {
      cookie: admin,
      body: { kind: "signup", ids: [id], owner: FIRST_ADMIN.username },
    });
    expect({ status: owned.status, json: owned.json }).toEqual({ status: 409, json: refusal });
    const replied = await call(runtime, "POST", "/api/admin/desk/reply", {
      cookie: admin,
      body: { kind: "signup", id, idempotencyKey: randomUUID(), subject: "Hello", body: "Hi" },
    });
    expect({ status: replied.status, json: replied.json }).toEqual({ status: 409, json: refusal });
    const spamAgain = await call(runtime, "POST", "/api/admin/desk/update", {
      cookie: admin,
      body: { kind: "signup", ids: [id], status: "spam" },
    });
    expect(spamAgain.status, spamAgain.text).toBe(200);
    expect(spamAgain.json).toMatchObject({ updated: [id], entries: {} });
    // With other leads, the others change and the held one is named.
    const other = String((await submit(signupBody("not.held@example.com"))).json.id);
    const both = await call(runtime, "POST", "/api/admin/desk/update", {
      cookie: admin,
      body: { kind: "signup", ids: [id, other], status: "contacted" },
    });
    expect(both.status, both.text).toBe(200);
    expect(both.json).toMatchObject({ updated: [other], held: [id], linked: [], notFound: [] });

    await runtime.waitFor(() => runtime.settled());
    expect(await mailAbout(email)).toHaveLength(0);
    expect(await about(id)()).toBe(0);
  });

  it("is released once by two parallel Not spam requests, and then everything goes out exactly once", async () => {
    const before = await list();
    const counted = await stats();
    const releasedFrom = PINNED.now();
    const answers = await Promise.all([release(id), release(id)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json?.outcome).sort()).toEqual(["already", "released"]);
    // A third, later click changes nothing either.
    expect((await release(id)).json?.outcome).toBe("already");

    const lead = (await list()).signups.find((one) => one.id === id);
    expect(lead).toMatchObject({ status: "new", quarantine: "released", releasedBy: FIRST_ADMIN.username });
    // The clock starts at the release: due a day of weekday time after it, never before it.
    expect(Date.parse(String(lead?.dueAt))).toBeGreaterThan(releasedFrom);
    expect((await list()).total).toBe(before.total + 1);
    // Counted from its arrival, as every lead is.
    expect(await stats()).toEqual({
      ...counted,
      total: counted.total + 1,
      today: counted.today + 1,
      thisWeek: counted.thisWeek + 1,
    });
    expect((await list("?status=spam")).signups.some((one) => one.id === id)).toBe(false);

    await runtime.waitFor(async () => (await mailAbout(email)).length >= 2 && (await about(id)()) >= 2);
    await runtime.waitFor(() => runtime.settled());
    const mails = await mailAbout(email);
    // The staff alert and the acknowledgement.
    expect(mails, JSON.stringify(mails.map((mail) => [mail.subject, mail.destination.to]))).toHaveLength(2);
    expect(mails.filter((mail) => mail.destination.to.includes(email))).toHaveLength(1);
    expect((await received("q-hook")).filter((one) => one.body.includes(id))).toHaveLength(1);
    expect((await received("q-slack")).filter((one) => one.body.includes(id))).toHaveLength(1);

    const timeline = await call(runtime, "GET", `/api/admin/signups/${id}/timeline`, { cookie: admin });
    const entries = (timeline.json as { timeline: { type: string; actor: string; status?: string }[] })
      .timeline;
    expect(entries).toContainEqual(
      expect.objectContaining({ type: "status", actor: FIRST_ADMIN.username, status: "new" }),
    );
  });
});

describe("marking a lead Spam by hand", () => {
  it("moves it from the list and its counts to the Spam list, and Not spam brings it back", async () => {
    const email = "byhand@example.com";
    const before = await list();
    const counted = await stats();
    const { json } = await submit(signupBody(email));
    const id = String(json.id);
    expect((await list()).total).toBe(before.total + 1);
    const marked = await call(runtime, "POST", "/api/admin/desk/update", {
      cookie: admin,
      body: { kind: "signup", ids: [id], status: "spam" },
    });
    expect(marked.status, marked.text).toBe(200);
    const after = await list();
    expect(after.signups.some((lead) => lead.id === id)).toBe(false);
    expect(after.total).toBe(before.total);
    expect(await stats()).toEqual(counted);
    expect((await list("?status=spam")).signups.some((lead) => lead.id === id)).toBe(true);

    expect((await release(id)).json).toMatchObject({ outcome: "released", status: "new" });
    expect((await list()).total).toBe(before.total + 1);
    expect((await stats()).today).toBe(counted.today + 1);
    expect((await list()).signups.some((lead) => lead.id === id)).toBe(true);
  });
});

describe("a spam submission from the address of an open lead", () => {
  it("neither links to that lead nor takes its place: the next real submission still links", async () => {
    const email = "prospect@example.com";
    const open = String((await submit(signupBody(email))).json.id);
    const spam = String((await submit(signupBody(email, { [HONEYPOT_FIELD]: "x" }))).json.id);
    const real = String((await submit(signupBody(email))).json.id);
    const timeline = await call(runtime, "GET", `/api/admin/signups/${open}/timeline`, { cookie: admin });
    const linked = (timeline.json as { timeline: { type: string; otherId?: string }[] }).timeline.filter(
      (entry) => entry.type === "linked",
    );
    expect(linked.map((entry) => entry.otherId)).toEqual([real]);
    const spamLead = (await list("?status=spam")).signups.find((lead) => lead.id === spam);
    expect(spamLead?.linkedTo).toBeUndefined();
  });
});

describe("a held lead", () => {
  it("is found by a privacy request, and deleted 30 days after it arrived while a released one stays", async () => {
    const email = "expiring@example.com";
    const held = String((await submit(signupBody(email, { [HONEYPOT_FIELD]: "x" }))).json.id);
    const found = await call(runtime, "POST", "/api/privacy/find", { cookie: admin, body: { email } });
    expect(found.status, found.text).toBe(200);
    expect((found.json as { counts: Record<string, number> }).counts.signupRecords).toBe(1);

    const before = await list();
    // This runtime's stage keeps leads (no retention period): only the quarantine's 30 days apply.
    const swept = await runtime.ttlSweep({ time: new Date(PINNED.now() + 31 * 86_400_000) });
    expect(swept.failed).toBe(0);
    const spam = await list("?status=spam");
    expect(spam.signups.some((lead) => lead.id === held)).toBe(false);
    expect(spam.matched).toBe(0);
    const after = await list();
    expect(after.total).toBe(before.total);
    expect(after.signups.map((lead) => lead.id)).toEqual(before.signups.map((lead) => lead.id));
  });
});

/**
 * Each signal that quarantines a submission on its own, or beside the missing token the local edge
 * marks on a post without the page's (infra/local/waf-standin.ts): the same answer, the Spam list
 * with that reason, nothing sent. (The mail-exchanger lookup is off locally: SPAM_MX_LOOKUP.)
 */
describe("each signal", () => {
  const VIEWER = "CloudFront-Viewer-Address";
  const cases: readonly [string, (email: string) => Record<string, unknown>, string?][] = [
    ["honeypot", (email) => signupBody(email, { [HONEYPOT_FIELD]: "x" })],
    ["too-fast", (email) => signupBody(email, { fillMs: 300 })],
    [
      "links",
      (email) =>
        signupBody(email, {
          notes: "https://a.example https://b.example https://c.example https://d.example https://e.example",
        }),
    ],
    ["disposable-mailbox", () => signupBody("someone@mailinator.com")],
    ["mixed-scripts", (email) => signupBody(email, { notes: "Вuy chеap mеds, bеst pаypal оffer tоday" })],
    ["spam-phrases", (email) => signupBody(email, { notes: "We rank your website with guest posting." })],
    ["gibberish", (email) => signupBody(email, { notes: "dkjfhsdkjfh sdfghjkl qwrtpsdf xcvbnmqw" })],
  ];

  it.each(cases)("%s holds the submission with that reason and sends nothing", async (code, body) => {
    const email = `signal.${code}@example.com`;
    const answer = await submit(body(email));
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.json).sort()).toEqual(["id", "ok"]);
    const id = String(answer.json.id);
    const held = (await list("?status=spam")).signups.find((lead) => lead.id === id);
    expect(held, `${code}: not on the Spam list`).toMatchObject({ status: "spam", quarantine: "held" });
    expect(held?.spamCheck?.reasons.map((reason) => reason.code)).toContain(code);
    await runtime.waitFor(() => runtime.settled());
    expect(await mailAbout(String(held?.email))).toHaveLength(0);
    expect(await about(id)()).toBe(0);
  });

  it("network-burst holds the many submissions of one public address, not the first", async () => {
    const answers = [];
    for (let n = 1; n <= 7; n++)
      answers.push(await submit(signupBody(`burst.${n}@example.com`), { [VIEWER]: "8.8.4.4:1234" }));
    expect(answers.map((answer) => answer.status)).toEqual(Array(7).fill(201));
    const spam = (await list("?status=spam")).signups;
    const heldFor = (answer: { json: Record<string, unknown> }) =>
      spam.find((lead) => lead.id === answer.json.id)?.spamCheck?.reasons.map((reason) => reason.code);
    expect(heldFor(answers[0] as { json: Record<string, unknown> })).toBeUndefined();
    expect(heldFor(answers[6] as { json: Record<string, unknown> })).toContain("network-burst");
    await runtime.waitFor(() => runtime.settled());
    expect(await mailAbout("burst.7@example.com")).toHaveLength(0);
  });
});
