/**
 * Reminders and the morning digest (functions/leads/reminders.ts) against the local runtime: the
 * scheduled function is run through POST /__local/schedule at pinned times (its timer is off), and
 * the e-mails are counted in the SES stand-in once the outbox and queues are empty — runs repeated
 * and in parallel queue each reminder once per lead and each digest once per owner and day.
 */

import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeLead } from "../../functions/leads/lead-desk";
import { REMINDER_MARKER } from "../../functions/leads/reminders";
import { type CONTACT_KIND, SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { UsersRepository } from "../../functions/model/staff/users";
import { loadStage } from "../../infra/stages";
import { seedContact, seedSignup } from "../support/leads";
import { type Email, type RuntimeProcess, startRuntime } from "../support/runtime";

const ADMIN = {
  username: "admin",
  password: "correct horse battery staple",
  email: "admin.owner@example.com",
};
const STAFF_INBOX = loadStage("local").staffInbox;
const SCHEDULE = "desk-schedule";
let runtime: RuntimeProcess;
const ids = new Map<string, { kind: "signup" | "contact"; id: string }>();

/** Signups: [first name, arrival, owner]. Friday 20 November 2026 17:30 CST = 23:30Z. */
const SIGNUPS = [
  ["Fay", "2026-11-20T23:30:00.000Z", ADMIN.username],
  ["Una", "2026-11-20T23:30:00.000Z", undefined],
  ["Ann", "2026-11-20T23:30:00.000Z", undefined], // answered below: never reminded
  ["Old", "2026-11-17T15:00:00.000Z", ADMIN.username], // overdue since Wednesday
  ["Orv", "2026-11-18T15:00:00.000Z", undefined], // overdue since Thursday, unassigned
] as const;

beforeAll(async () => {
  runtime = await startRuntime({
    env: {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_EMAIL: ADMIN.email,
      DESK_SCHEDULE_SECONDS: "0",
    },
  });
  const deskDeps = (lead: typeof SIGNUP_KIND | typeof CONTACT_KIND) => ({
    db: runtime.db,
    tables: { records: runtime.table(lead.table), audit: runtime.table("audit") },
    clock: () => new Date("2026-11-23T12:00:00.000Z"),
  });
  for (const [firstName, at, owner] of SIGNUPS) {
    const { id } = await seedSignup(runtime, at, {
      firstName,
      lastName: "Lead",
      email: `${firstName.toLowerCase()}@example.com`,
      teamSize: "solo",
      productLines: "single",
    });
    ids.set(firstName, { kind: "signup", id });
    if (owner) await changeLead(deskDeps(SIGNUP_KIND), SIGNUP_KIND, id, { owner }, ADMIN.username);
  }
  await changeLead(
    deskDeps(SIGNUP_KIND),
    SIGNUP_KIND,
    ids.get("Ann")?.id ?? "",
    { status: "contacted" },
    "admin",
  );
  // Friday 10:00 CST: due Monday 10:00, reminded Monday 08:00.
  const contact = await seedContact(runtime, "2026-11-20T16:00:00.000Z", {
    firstName: "Cal",
    lastName: "Contact",
    email: "cal@example.com",
    company: "Cal & Co",
    message: "Hi",
  });
  ids.set("Cal", { kind: "contact", id: contact.id });
  // Una writes again (Friday 17:45 CST): linked to her signup (docs/decisions/0075), so no clock,
  // reminder or digest line of its own; unlinked it would be overdue and unassigned on Tuesday.
  const again = await seedContact(runtime, "2026-11-20T23:45:00.000Z", {
    firstName: "Una",
    lastName: "Again",
    email: "UNA@example.com",
    message: "Still there?",
  });
  expect(again.linkedTo).toEqual(ids.get("Una"));
  ids.set("Una again", { kind: "contact", id: again.id });
  await new UsersRepository(runtime.db, runtime.table("users")).create("bea", "x", new Date());
  await runtime.waitFor(() => runtime.settled());
});

afterAll(async () => {
  await runtime?.stop();
});

const run = (iso: string) =>
  runtime.runSchedule<{ reminders: number; overdue: number; digests: number }>(SCHEDULE, new Date(iso));
const text = (email: Email) => `${email.subject}\n${email.body.text ?? ""}`;
const withSubject = async (pattern: RegExp) =>
  (await runtime.emails()).filter((email) => pattern.test(email.subject));
const reminded = async (name: string) =>
  (await withSubject(/^Reply due soon/)).filter((email) =>
    text(email).includes(`#lead=${ids.get(name)?.id}`),
  );
const marker = async (name: string) => {
  const { kind, id } = ids.get(name) ?? { kind: "signup", id: "" };
  const found = await runtime.db.send(
    new GetCommand({ TableName: runtime.table(kind === "signup" ? "signups" : "contacts"), Key: { id } }),
  );
  return found.Item?.[REMINDER_MARKER];
};

describe("desk reminders", () => {
  it("Monday 07:59 CST: nothing is due yet; 08:05: the contact due at 10:00 is reminded, to the staff inbox", async () => {
    expect(await run("2026-11-23T13:59:00.000Z")).toEqual({ reminders: 0, overdue: 0, digests: 0 });
    expect(await marker("Cal")).toBeUndefined();
    const first = await run("2026-11-23T14:05:00.000Z");
    // Also Monday's morning digests: Old to its owner, Orv to the staff inbox.
    expect(first).toEqual({ reminders: 1, overdue: 0, digests: 2 });
    await runtime.waitFor(async () => (await reminded("Cal")).length === 1);
    const [email] = await reminded("Cal");
    expect(email?.destination.to).toEqual([STAFF_INBOX]);
    expect(text(email as Email)).toContain("Cal Contact (Cal & Co)");
    expect(text(email as Email)).toContain("It has no owner yet.");
  });

  it("Monday 15:30 CST: the Friday 17:30 leads, once each, however often and in parallel the job runs", async () => {
    expect((await run("2026-11-23T21:29:00.000Z")).reminders).toBe(0);
    // Parallel first: each run finds both leads unreminded, and only the record's marker condition
    // keeps the others from queuing them again; then repeated runs.
    const runs = [
      ...(await Promise.all(Array.from({ length: 4 }, () => run("2026-11-23T21:30:00.000Z")))),
      await run("2026-11-23T21:31:00.000Z"),
      await run("2026-11-23T21:32:00.000Z"),
    ];
    expect(runs.reduce((sum, result) => sum + result.reminders, 0)).toBe(2);
    await runtime.waitFor(() => runtime.settled());
    const fay = await reminded("Fay");
    expect(fay).toHaveLength(1);
    expect(fay[0]?.destination.to).toEqual([ADMIN.email]);
    expect(await reminded("Una")).toHaveLength(1);
    expect((await reminded("Una"))[0]?.destination.to).toEqual([STAFF_INBOX]);
    expect(await reminded("Cal")).toHaveLength(1);
    // Answered, and long overdue before the job ever ran: no reminder.
    expect(await reminded("Ann")).toEqual([]);
    expect(await reminded("Old")).toEqual([]);
    expect(await withSubject(/^Reply due soon/)).toHaveLength(3);
  });
});

describe("morning digest", () => {
  it("a weekend morning sends none", async () => {
    expect((await run("2026-11-21T14:30:00.000Z")).digests).toBe(0);
  });

  it("Tuesday 08:00 CST: one per owner and one for the unassigned, once, with repeated and parallel runs", async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => run("2026-11-24T14:00:00.000Z")));
    results.push(await run("2026-11-24T14:15:00.000Z"), await run("2026-11-24T17:45:00.000Z"));
    expect(results.reduce((sum, result) => sum + result.digests, 0)).toBe(2);
    await runtime.waitFor(() => runtime.settled());
    const digests = (await withSubject(/^Overdue leads this morning/)).filter((email) =>
      (email.body.html ?? "").includes("Overdue leads, 2026-11-24"),
    );
    expect(digests).toHaveLength(2);
    const mine = digests.find((email) => email.destination.to.includes(ADMIN.email));
    // Fay (due Monday 17:30) and Old (due Wednesday 18 November 09:00 CST, 143 h before Tuesday 08:00) are overdue and owned by admin.
    expect(mine?.subject).toBe("Overdue leads this morning: 2");
    expect(text(mine as Email)).toContain(`Old Lead, overdue by 143 h: `);
    expect(text(mine as Email)).toContain(`#lead=${ids.get("Fay")?.id}`);
    const unassigned = digests.find((email) => email.destination.to.includes(STAFF_INBOX));
    // Orv, Una and Cal; Ann is answered, Una's second message is part of her lead.
    expect(unassigned?.subject).toBe("Overdue leads this morning: 3");
    expect(text(unassigned as Email)).not.toContain(`#lead=${ids.get("Una again")?.id}`);
    expect(text(unassigned as Email)).toContain("with no owner");
    expect(text(unassigned as Email)).not.toContain("Ann Lead");
  });
});
