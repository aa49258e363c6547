/**
 * "Lead became overdue" (functions/leads/overdue.ts) over real HTTP against the local runtime: the
 * desk's schedule is run through POST /__local/schedule at pinned times; a Slack endpoint and a
 * webhook that chose `lead.overdue` (the runtime's receiver twin stands in for both) get each
 * overdue lead once, however often and in parallel the schedule runs — never an answered lead, a
 * linked submission, or one that fell overdue more than a day before the run; the prospect's name
 * reaches Slack neutralised.
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebhookPayload } from "../../events/webhooks";
import { changeLead } from "../../functions/leads/lead-desk";
import { OVERDUE_MARKER } from "../../functions/leads/overdue";
import { SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { seedContact, seedSignup } from "../support/leads";
import { type RuntimeProcess, startRuntime } from "../support/runtime";
import { FAST_WEBHOOK_SCHEDULE } from "../support/webhooks";
import { call, FIRST_ADMIN, FIRST_ADMIN_ENV, signIn } from "./auth-support";

let runtime: RuntimeProcess;
let admin: string;
const ids = new Map<string, string>();

interface Received {
  body: string;
}

const receiverUrl = (name: string) => `${runtime.url}/__local/webhooks/${name}`;
async function received(name: string): Promise<Received[]> {
  const answer = await fetch(receiverUrl(name));
  return ((await answer.json()) as { received: Received[] }).received;
}

/** Friday 20 November 2026 17:30 CST (23:30Z): due Monday 23 November 17:30 CST (23:30Z). */
const FRIDAY_EVENING = "2026-11-20T23:30:00.000Z";
const HOSTILE_NAME = "<!channel> *Pat*";

beforeAll(async () => {
  runtime = await startRuntime({
    env: {
      ...FIRST_ADMIN_ENV,
      DESK_SCHEDULE_SECONDS: "0",
      WEB_DIST_DIR: "/nonexistent-dist",
      ...FAST_WEBHOOK_SCHEDULE,
    },
  });
  admin = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
  for (const [kind, name] of [
    ["slack", "overdue-slack"],
    ["webhook", "overdue-hook"],
  ] as const) {
    const added = await call(runtime, "POST", "/api/integrations/endpoints", {
      cookie: admin,
      body: { kind, url: receiverUrl(name), events: ["lead.overdue"], description: name },
    });
    expect(added.status, added.text).toBe(201);
  }
  const signup = async (
    firstName: string,
    at: string,
    email = `${firstName.length}${ids.size}@example.com`,
  ) => {
    const { id } = await seedSignup(runtime, at, {
      firstName,
      lastName: "Lead",
      email,
      teamSize: "team",
      productLines: "multiple",
    });
    ids.set(firstName, id);
    return id;
  };
  await signup(HOSTILE_NAME, FRIDAY_EVENING, "pat@example.com");
  const owned = await signup("Olga", FRIDAY_EVENING);
  const answered = await signup("Ann", FRIDAY_EVENING);
  // Due Wednesday 18 November: overdue for days when the schedule first runs on Monday.
  await signup("Old", "2026-11-17T15:00:00.000Z");
  const deskDeps = {
    db: runtime.db,
    tables: { records: runtime.table("signups"), audit: runtime.table("audit") },
    clock: () => new Date("2026-11-23T12:00:00.000Z"),
  };
  await changeLead(deskDeps, SIGNUP_KIND, owned, { owner: FIRST_ADMIN.username }, FIRST_ADMIN.username);
  await changeLead(deskDeps, SIGNUP_KIND, answered, { status: "contacted" }, FIRST_ADMIN.username);
  // Pat writes again: part of Pat's lead, never a lead of its own.
  const again = await seedContact(runtime, "2026-11-20T23:45:00.000Z", {
    firstName: "Pat",
    lastName: "Again",
    email: "PAT@example.com",
    message: "Still there?",
  });
  expect(again.linkedTo).toBeDefined();
  await runtime.waitFor(() => runtime.settled());
});

afterAll(async () => {
  await runtime?.stop();
});

const run = (iso: string) => runtime.runSchedule<{ overdue: number }>("desk-schedule", new Date(iso));

describe("lead.overdue", () => {
  it("is announced once per lead when its due time has passed, however often and in parallel the job runs", async () => {
    expect((await run("2026-11-23T23:29:00.000Z")).overdue).toBe(0);
    const runs = [
      ...(await Promise.all(Array.from({ length: 4 }, () => run("2026-11-23T23:31:00.000Z")))),
      await run("2026-11-23T23:46:00.000Z"),
      await run("2026-11-24T14:00:00.000Z"),
    ];
    // Pat and Olga; not Ann (answered), Old (overdue since Wednesday), Pat's second message.
    expect(runs.reduce((sum, result) => sum + result.overdue, 0)).toBe(2);
    const marker = await runtime.db.send(
      new GetCommand({ TableName: runtime.table("signups"), Key: { id: ids.get("Olga") } }),
    );
    expect(marker.Item?.[OVERDUE_MARKER]).toBe("2026-11-23T23:31:00.000Z");
    await runtime.waitFor(() => runtime.settled());
    const hooks = await runtime.waitFor(async () => {
      const got = await received("overdue-hook");
      return got.length >= 2 ? got : undefined;
    });
    const payloads = hooks.map((hook) => WebhookPayload.parse(JSON.parse(hook.body)));
    expect(payloads.map((payload) => payload.type)).toEqual(["lead.overdue", "lead.overdue"]);
    const olga = payloads.find(
      (payload) => payload.type === "lead.overdue" && payload.data.name === "Olga Lead",
    );
    expect(olga?.data).toMatchObject({
      owner: FIRST_ADMIN.username,
      dueAt: "2026-11-23T23:30:00.000Z",
      lead: { kind: "signup", id: ids.get("Olga") },
    });
    const slack = await runtime.waitFor(async () => {
      const got = await received("overdue-slack");
      return got.length >= 2 ? got : undefined;
    });
    const texts = slack.map((message) => JSON.stringify(JSON.parse(message.body)));
    expect(texts.every((text) => text.includes("Signup overdue"))).toBe(true);
    expect(texts.some((text) => text.includes("Owner: Unassigned"))).toBe(true);
    expect(texts.some((text) => text.includes(`#lead=${ids.get("Olga")}`))).toBe(true);
    // The hostile name cannot mention the channel or bold itself.
    expect(texts.join("\n")).not.toContain("<!channel>");
    expect(texts.join("\n")).toContain("&lt;!channel&gt;");
    // Nothing more arrives for the runs after.
    await run("2026-11-24T15:00:00.000Z");
    await runtime.waitFor(() => runtime.settled());
    expect(await received("overdue-slack")).toHaveLength(2);
    expect(await received("overdue-hook")).toHaveLength(2);
  });
});
