/**
 * One identity rule (docs/decisions/0081) over real HTTP against the local runtime:
 * - a look-alike of a member's address (fullwidth, long s, Kelvin sign, case, spaces) is that
 *   member: an invitation for it is refused (409), and team actions by it reach that member only;
 *   an identity that is no plain ASCII after folding is refused with 400 and a field error;
 * - staff addresses are single plain addresses (no display name, comma, brackets or line breaks)
 *   and unique across members, even when asked for at the same moment;
 * - one pending invitation per address, atomically: of parallel invitations one wins;
 * - a deactivated member cannot be made a lead's owner;
 * - the acknowledgement cap counts mailboxes (plus tags, Gmail's dots), not spellings;
 * - records stored before the rule are listed and migrated at the runtime's start.
 */
import { GetCommand, PutCommand, ScanCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEAM_MESSAGES, type TeamResponse } from "../../events";
import { OWNER_REFUSALS } from "../../functions/leads/routes/desk-routes";
import { IDENTITY_MESSAGES } from "../../functions/model/identity";
import { hashPassword } from "../../functions/model/staff/password";
import { addressClaimKey, UsersRepository } from "../../functions/model/staff/users";
import { ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY } from "../../functions/pipeline/notifications";
import { newOneTimeToken } from "../../functions/staff/one-time-token";
import type { Email, RuntimeProcess } from "../support/runtime";
import { call, FIRST_ADMIN, linkTokenFor, sessionCookieOf, signIn, startStaffRuntime } from "./auth-support";

const PASSWORD = "a long enough member password";
const STAFF_INBOX = "staff@repdesk.example.com";
let runtime: RuntimeProcess;
let admin: string;
let users: UsersRepository;

/** Members made directly in the store (one password hash for all: scrypt is slow on purpose). */
const MEMBERS = [
  { username: "admin2@example.com", role: "admin" },
  { username: "staff1@example.com", role: "staff" },
  { username: "kate@example.com", role: "staff" },
  { username: "owner1@example.com", role: "staff" },
  { username: "owner2@example.com", role: "staff" },
] as const;

beforeAll(async () => {
  runtime = await startStaffRuntime();
  users = new UsersRepository(runtime.db, runtime.table("users"));
  const hash = await hashPassword(PASSWORD);
  for (const member of MEMBERS) {
    await users.create(member.username, hash, new Date(), { email: member.username, role: member.role });
  }
  admin = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
});

afterAll(async () => {
  await runtime?.stop();
});

const nowSeconds = () => Math.floor(Date.now() / 1000) - 1;

const invite = (email: string, role: "admin" | "staff" = "staff") =>
  call(runtime, "POST", "/api/team/invitations", { cookie: admin, body: { email, role } });

async function team(): Promise<TeamResponse> {
  const answer = await call(runtime, "GET", "/api/team", { cookie: admin });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as unknown as TeamResponse;
}

async function userRows(): Promise<string[]> {
  const answer = await runtime.db.send(new ScanCommand({ TableName: runtime.table("users") }));
  return (answer.Items ?? []).map((item) => String(item.username)).sort();
}

const invitationIdOf = (answer: { json?: Record<string, unknown> }) =>
  String((answer.json?.invitation as { id?: string } | undefined)?.id);

const mailTo = async (address: string) =>
  (await runtime.emails()).filter((email) =>
    email.destination.to.some((to) => to.toLowerCase().includes(address.toLowerCase())),
  );

describe("a look-alike of a member's address is that member", () => {
  const LOOK_ALIKES = [
    "\uFF41dmin2@example.com", // fullwidth a
    "\uFF41\uFF44\uFF4D\uFF49\uFF4E\uFF12@\uFF45xample.com", // fullwidth letters and digit throughout
    "\u017Ftaff1@example.com", // long s
    "\u212Aate@example.com", // Kelvin sign
    "ADMIN2@Example.COM",
    "  staff1@example.com  ",
    " Ｓtaff1@EXAMPLE.com",
  ];

  it("refuses an invitation for each look-alike with 409: no invitation, no account, no e-mail", async () => {
    const rowsBefore = await userRows();
    const invitationsBefore = (await team()).invitations.length;
    for (const spelling of LOOK_ALIKES) {
      const answer = await invite(spelling, "staff");
      expect([spelling, answer.status, answer.json]).toEqual([
        spelling,
        409,
        { error: TEAM_MESSAGES.alreadyMember },
      ]);
    }
    expect(await userRows()).toEqual(rowsBefore);
    expect((await team()).invitations).toHaveLength(invitationsBefore);
    const sent = (await runtime.emails()).filter((email) =>
      email.destination.to.some((to) => /admin2|staff1|kate/i.test(to.normalize("NFKC"))),
    );
    expect(sent).toEqual([]);
  });

  it("stores an invitation for ａnew@example.com as anew@example.com and accepts it as that account", async () => {
    const since = nowSeconds();
    const answer = await invite("\uFF41new@example.com");
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json?.invitation).toMatchObject({ email: "anew@example.com", state: "pending" });
    const token = await linkTokenFor(runtime, "anew@example.com", since);
    const check = await call(runtime, "POST", "/api/auth/invitation/check", { body: { token } });
    expect(check.json).toEqual({ email: "anew@example.com", role: "staff" });
    const accepted = await call(runtime, "POST", "/api/auth/invitation/accept", {
      body: { token, password: PASSWORD },
    });
    expect([accepted.status, accepted.json]).toEqual([
      200,
      { user: { username: "anew@example.com", email: "anew@example.com", role: "staff" } },
    ]);
    const user = await call(runtime, "GET", "/api/auth/user", { cookie: sessionCookieOf(accepted) });
    expect(user.json?.user).toEqual({
      username: "anew@example.com",
      email: "anew@example.com",
      role: "staff",
    });
    expect(await userRows()).toContain("anew@example.com");
    expect((await userRows()).some((row) => row !== row.normalize("NFKC"))).toBe(false);
    // Signing in with another spelling is the same account, not a new one.
    const again = await call(runtime, "POST", "/api/auth/login", {
      body: { username: " \uFF21NEW@example.com", password: PASSWORD },
      ip: "203.0.113.31",
    });
    expect([again.status, (again.json?.user as { username?: string })?.username]).toEqual([
      200,
      "anew@example.com",
    ]);
  });

  it("deactivates and reactivates by a look-alike username: the canonical member only", async () => {
    const before = (await team()).members;
    const off = await call(
      runtime,
      "PATCH",
      `/api/team/members/${encodeURIComponent("\u017Ftaff1@example.com")}`,
      {
        cookie: admin,
        body: { active: false },
      },
    );
    expect([off.status, off.json?.member]).toEqual([
      200,
      expect.objectContaining({ username: "staff1@example.com", active: false }),
    ]);
    const after = (await team()).members;
    expect(after.map((member) => member.username)).toEqual(before.map((member) => member.username));
    for (const member of after) {
      const was = before.find((one) => one.username === member.username);
      expect([member.username, member.active]).toEqual([
        member.username,
        member.username === "staff1@example.com" ? false : was?.active,
      ]);
    }
    const role = await call(
      runtime,
      "PATCH",
      `/api/team/members/${encodeURIComponent("ＡＤＭＩＮ2@example.com")}`,
      {
        cookie: admin,
        body: { role: "admin" },
      },
    );
    expect([role.status, (role.json?.member as { username?: string })?.username]).toEqual([
      200,
      "admin2@example.com",
    ]);
    const on = await call(
      runtime,
      "PATCH",
      `/api/team/members/${encodeURIComponent(" STAFF1@example.com ")}`,
      {
        cookie: admin,
        body: { active: true },
      },
    );
    expect([on.status, on.json?.member]).toEqual([
      200,
      expect.objectContaining({ username: "staff1@example.com", active: true }),
    ]);
  });

  it("refuses a non-ASCII identity that does not fold to ASCII with 400 and a field error", async () => {
    const rowsBefore = await userRows();
    for (const spelling of ["\u00E4dmin@example.com", "admin@ex\u00E4mple.com", "\u0430dmin2@example.com"]) {
      const answer = await invite(spelling);
      expect([spelling, answer.status, answer.json?.fieldErrors]).toEqual([
        spelling,
        400,
        { email: IDENTITY_MESSAGES.address },
      ]);
    }
    expect(await userRows()).toEqual(rowsBefore);
    expect((await team()).invitations.filter((one) => /[^\x20-\x7e]/.test(one.email))).toEqual([]);
  });
});

describe("beyond the review's list: every staff route refuses or finds the one canonical account", () => {
  /** Refused with 400 wherever an identity is stored; no account answers to them. */
  const REFUSED = [
    "ad\u200Bmin2@example.com", // zero-width space
    "ad\u200Dmin2@example.com", // zero-width joiner
    "admin2@example.com\u200B", // zero-width space at the end (no white space: not trimmed)
    "admin2\u0301@example.com", // a combining acute accent
    "r\u00E9ne@example.com", // é precomposed (its decomposed form folds to it: the same refusal)
    "re\u0301ne@example.com",
    "adm\u0131n2@example.com", // dotless i
    "ADM\u0130N2@example.com", // capital I with dot: lower-cases to i + combining dot
    "\u0430dmin2@example.com", // Cyrillic a
    "admin2@example.com.", // a trailing dot: the same domain to DNS, refused rather than kept apart
    "admin2@xn--a.com", // not punycode of any name
    '"admin2"@example.com', // a quoted local part
    "admin2@127.0.0.1", // an address literal is no mailbox
  ];
  /** The one canonical member. */
  const SAME = ["\uFEFFadmin2@example.com", "admin2@EXAMPLE.COM", "\u3000admin2@example.com"];
  const fieldsOf = (answer: { json?: Record<string, unknown> }) =>
    Object.keys((answer.json?.fieldErrors as object) ?? {});
  let ip = 0;
  const freshIp = () => `192.0.2.${++ip}`;

  it("invitations and the account's address: 400 on the field for each variant, 409 for the member", async () => {
    const rowsBefore = await userRows();
    const invitationsBefore = (await team()).invitations.length;
    for (const spelling of REFUSED) {
      const invited = await invite(spelling);
      expect([spelling, invited.status, fieldsOf(invited)]).toEqual([spelling, 400, ["email"]]);
      const own = await call(runtime, "PUT", "/api/account/email", {
        cookie: admin,
        body: { email: spelling, password: FIRST_ADMIN.password },
        ip: freshIp(),
      });
      expect([spelling, own.status, fieldsOf(own)]).toEqual([spelling, 400, ["email"]]);
    }
    for (const spelling of SAME) {
      const invited = await invite(spelling);
      expect([spelling, invited.status, invited.json]).toEqual([
        spelling,
        409,
        { error: TEAM_MESSAGES.alreadyMember },
      ]);
    }
    expect(await userRows()).toEqual(rowsBefore);
    expect((await team()).invitations).toHaveLength(invitationsBefore);
    expect((await users.find(FIRST_ADMIN.username))?.email).toBe(FIRST_ADMIN.email);
  });

  it("sign-in, the forgotten password and team changes: a variant finds nobody, the canonical spelling the member", async () => {
    for (const spelling of REFUSED.slice(0, 3)) {
      const login = await call(runtime, "POST", "/api/auth/login", {
        body: { username: spelling, password: PASSWORD },
        ip: freshIp(),
      });
      expect([spelling, login.status]).toEqual([spelling, 401]);
    }
    const same = await call(runtime, "POST", "/api/auth/login", {
      body: { username: SAME[0], password: PASSWORD },
      ip: freshIp(),
    });
    expect([same.status, (same.json?.user as { username?: string })?.username]).toEqual([
      200,
      "admin2@example.com",
    ]);
    const since = nowSeconds();
    for (const spelling of REFUSED.slice(0, 4)) {
      const forgot = await call(runtime, "POST", "/api/auth/password/forgot", {
        body: { login: spelling },
        ip: freshIp(),
      });
      expect([spelling, forgot.status]).toEqual([spelling, 202]);
    }
    const toAdmin2 = (await runtime.emails()).filter(
      (mail) => mail.at >= since && mail.destination.to.some((to) => to.includes("admin2")),
    );
    expect(toAdmin2).toEqual([]);
    for (const spelling of REFUSED) {
      const role = await call(runtime, "PATCH", `/api/team/members/${encodeURIComponent(spelling)}`, {
        cookie: admin,
        body: { role: "staff" },
      });
      expect([spelling, role.status]).toEqual([spelling, 404]);
      const off = await call(runtime, "PATCH", `/api/team/members/${encodeURIComponent(spelling)}`, {
        cookie: admin,
        body: { active: false },
      });
      expect([spelling, off.status]).toEqual([spelling, 404]);
    }
    const admin2 = await users.find("admin2@example.com");
    expect([admin2?.role, admin2?.deactivatedAt]).toEqual(["admin", undefined]);
  });

  it("answers hostile sizes at once: 1 MB bodies 413, 10 kB names and 257-character passwords 400", async () => {
    const mb = "x".repeat(1_000_000);
    const tenK = `${"a".repeat(10_000)}@example.com`;
    const answers = [
      ["1 MB invite", await invite(mb), 413],
      [
        "1 MB login",
        await call(runtime, "POST", "/api/auth/login", { body: { username: mb, password: mb } }),
        413,
      ],
      ["1 MB forgot", await call(runtime, "POST", "/api/auth/password/forgot", { body: { login: mb } }), 413],
      [
        "1 MB accept",
        await call(runtime, "POST", "/api/auth/invitation/accept", { body: { token: "a.b", password: mb } }),
        413,
      ],
      ["10 kB invite", await invite(tenK), 400],
      [
        "10 kB address",
        await call(runtime, "PUT", "/api/account/email", {
          cookie: admin,
          body: { email: tenK, password: FIRST_ADMIN.password },
        }),
        400,
      ],
      [
        "10 kB username",
        await call(runtime, "POST", "/api/auth/login", {
          body: { username: tenK, password: "x" },
          ip: freshIp(),
        }),
        400,
      ],
      [
        "10 kB forgot",
        await call(runtime, "POST", "/api/auth/password/forgot", { body: { login: tenK } }),
        400,
      ],
      [
        "10 kB member",
        await call(runtime, "PATCH", `/api/team/members/${"a".repeat(10_000)}`, {
          cookie: admin,
          body: { active: false },
        }),
        404,
      ],
      // No password hash (scrypt) ever runs on more than 256 characters.
      [
        "257-character password",
        await call(runtime, "POST", "/api/auth/login", {
          body: { username: "admin2@example.com", password: "p".repeat(257) },
          ip: freshIp(),
        }),
        400,
      ],
    ] as const;
    expect(answers.map(([name, answer]) => [name, answer.status])).toEqual(
      answers.map(([name, , status]) => [name, status]),
    );
  });
});

describe("staff addresses are single plain addresses, unique across members", () => {
  const HOSTILE = [
    "RepDesk-Security<attacker@evil.example>",
    "a,attacker@evil.example",
    "x@evil.example>,<y",
    "x@evil.example\r\nBcc: attacker@evil.example",
  ];

  it("refuses each hostile address on POST /api/team/invitations with 400 and fieldErrors.email", async () => {
    const before = (await team()).invitations.length;
    for (const email of HOSTILE) {
      const answer = await invite(email);
      expect([email, answer.status, Object.keys((answer.json?.fieldErrors as object) ?? {})]).toEqual([
        email,
        400,
        ["email"],
      ]);
    }
    expect((await team()).invitations).toHaveLength(before);
    expect(await mailTo("evil.example")).toEqual([]);
  });

  it("refuses each hostile address as the account's own address (PUT /api/account/email)", async () => {
    for (const email of HOSTILE) {
      const answer = await call(runtime, "PUT", "/api/account/email", {
        cookie: admin,
        body: { email, password: FIRST_ADMIN.password },
      });
      expect([email, answer.status, Object.keys((answer.json?.fieldErrors as object) ?? {})]).toEqual([
        email,
        400,
        ["email"],
      ]);
    }
    expect((await users.find(FIRST_ADMIN.username))?.email).toBe(FIRST_ADMIN.email);
  });

  it("never gives another member's address in any spelling, and of two members confirming at once gives it to one", async () => {
    const owner1 = await signIn(runtime, "owner1@example.com", PASSWORD, "203.0.113.41");
    const owner2 = await signIn(runtime, "owner2@example.com", PASSWORD, "203.0.113.42");
    const since = Math.floor(Date.now() / 1000) - 1;
    for (const email of ["admin2@example.com", "ADMIN2@example.com", "\uFF41dmin2@example.com"]) {
      const taken = await call(runtime, "PUT", "/api/account/email", {
        cookie: owner1,
        body: { email, password: PASSWORD },
      });
      // The same answer as for a free address (docs/decisions/0122), and no link to confirm.
      expect([email, taken.status]).toEqual([email, 202]);
    }
    const confirmLinks = async (to: string) =>
      (await runtime.emails()).filter(
        (mail) =>
          mail.destination.to.includes(to) && mail.at >= since && mail.body.text?.includes("confirm-email"),
      );
    expect(await confirmLinks("admin2@example.com")).toEqual([]);
    for (const cookie of [owner1, owner2]) {
      const asked = await call(runtime, "PUT", "/api/account/email", {
        cookie,
        body: { email: "shared@example.com", password: PASSWORD },
      });
      expect(asked.status, asked.text).toBe(202);
    }
    const links = await runtime.waitFor(async () => {
      const mails = await confirmLinks("shared@example.com");
      return mails.length >= 2 ? mails : undefined;
    });
    const tokens = links.map(
      (mail) => /confirm-email#token=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(mail.body.text ?? "")?.[1] ?? "",
    );
    const answers = await Promise.all(
      tokens.map((token) => call(runtime, "POST", "/api/auth/email/confirm", { body: { token } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const holders = (await users.list()).filter((user) => user.email === "shared@example.com");
    expect(holders).toHaveLength(1);
    // The claim names the one holder, and an invitation for the address meets that member.
    const claim = await runtime.db.send(
      new GetCommand({ TableName: runtime.table("authState"), Key: addressClaimKey("shared@example.com") }),
    );
    expect(claim.Item?.username).toBe(holders[0]?.username);
    expect((await invite("Shared@Example.com")).status).toBe(409);
  });
});

describe("one pending invitation per address", () => {
  it("of five parallel invitations for one address: exactly one 201, one pending invitation, one e-mail", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => invite("para@example.com")));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.status === 409)) {
      expect(answer.json).toEqual({ error: TEAM_MESSAGES.alreadyInvited });
    }
    const pending = (await team()).invitations.filter((one) => one.email === "para@example.com");
    expect(pending.map((one) => one.state)).toEqual(["pending"]);
    // The e-mail is sent before the 201: the inbox is final.
    expect(await mailTo("para@example.com")).toHaveLength(1);
  });

  it("releases the address on revoke, lets a later invitation take it over from an expired one", async () => {
    const first = await invite("lock1@example.com");
    const id = invitationIdOf(first);
    expect((await invite("LOCK1@example.com")).status).toBe(409);
    expect((await call(runtime, "DELETE", `/api/team/invitations/${id}`, { cookie: admin })).status).toBe(
      200,
    );
    expect((await invite("lock1@example.com")).status).toBe(201);

    const old = await invite("lock2@example.com");
    const oldId = invitationIdOf(old);
    const past = new Date(Date.now() - 1000).toISOString();
    for (const key of [{ id: oldId }, { id: "address#lock2@example.com" }]) {
      await runtime.db.send(
        new UpdateCommand({
          TableName: runtime.table("invitations"),
          Key: key,
          UpdateExpression: "SET expiresAt = :past",
          ConditionExpression: "attribute_exists(id)",
          ExpressionAttributeValues: { ":past": past },
        }),
      );
    }
    expect((await invite("lock2@example.com")).status).toBe(201);
    // The expired one cannot take the address back by a resend.
    const resend = await call(runtime, "POST", `/api/team/invitations/${oldId}/resend`, {
      cookie: admin,
      body: {},
    });
    expect([resend.status, resend.json]).toEqual([409, { error: TEAM_MESSAGES.alreadyInvited }]);
  });

  it("on accept, the lock goes and any other invitation for the address is revoked and unusable", async () => {
    const since = nowSeconds();
    expect((await invite("twice@example.com")).status).toBe(201);
    const token = await linkTokenFor(runtime, "twice@example.com", since);
    // A second pending invitation for the address as one stored before the lock could be.
    const other = newOneTimeToken();
    const now = new Date();
    await runtime.db.send(
      new PutCommand({
        TableName: runtime.table("invitations"),
        Item: {
          id: other.id,
          email: "Twice@Example.com",
          role: "admin",
          invitedBy: FIRST_ADMIN.username,
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + 3600_000).toISOString(),
          removeAt: Math.floor(now.getTime() / 1000) + 7200,
          secretHash: other.secretHash,
          state: "pending",
        },
      }),
    );
    const accepted = await call(runtime, "POST", "/api/auth/invitation/accept", {
      body: { token, password: PASSWORD },
    });
    expect(accepted.status, accepted.text).toBe(200);
    const states = (await team()).invitations
      .filter((one) => one.email.toLowerCase() === "twice@example.com")
      .map((one) => one.state)
      .sort();
    expect(states).toEqual(["accepted", "revoked"]);
    const lock = await runtime.db.send(
      new GetCommand({ TableName: runtime.table("invitations"), Key: { id: "address#twice@example.com" } }),
    );
    expect(lock.Item).toBeUndefined();
    const second = await call(runtime, "POST", "/api/auth/invitation/accept", {
      body: { token: other.token, password: PASSWORD },
    });
    expect(second.status).toBe(400);
    expect((await userRows()).filter((row) => row.toLowerCase() === "twice@example.com")).toEqual([
      "twice@example.com",
    ]);
  });
});

describe("lead owners", () => {
  it("refuses a deactivated member as a lead's owner with 400 on the owner field", async () => {
    const signup = await call(runtime, "POST", "/api/signup", {
      body: {
        firstName: "Olga",
        lastName: "Owner",
        email: "olga.owner@example.org",
        teamSize: "solo",
        productLines: "single",
      },
    });
    expect(signup.status, signup.text).toBe(201);
    const id = String(signup.json?.id);
    const off = await call(runtime, "PATCH", "/api/team/members/kate@example.com", {
      cookie: admin,
      body: { active: false },
    });
    expect(off.status).toBe(200);
    const update = (owner: string) =>
      call(runtime, "POST", "/api/admin/desk/update", {
        cookie: admin,
        body: { kind: "signup", ids: [id], owner },
        headers: { origin: runtime.url },
      });
    for (const owner of ["kate@example.com", "\u212Aate@example.com"]) {
      const refused = await update(owner);
      expect([owner, refused.status, refused.json?.fieldErrors]).toEqual([
        owner,
        400,
        { owner: OWNER_REFUSALS.deactivated },
      ]);
    }
    const stored = await runtime.db.send(
      new GetCommand({ TableName: runtime.table("signups"), Key: { id }, ConsistentRead: true }),
    );
    expect(stored.Item?.owner).toBeUndefined();
    const active = await update("staff1@example.com");
    expect(active.status, active.text).toBe(200);
  });
});

describe("the acknowledgement cap counts mailboxes", () => {
  const SPELLINGS = [
    "rita+1@gmail.com",
    "r.ita@gmail.com",
    "RITA@googlemail.com",
    "rita+news@gmail.com",
    "ri.ta+x@googlemail.com",
    "rita@gmail.com",
  ];
  const isRita = (to: string) => SPELLINGS.some((one) => one.toLowerCase() === to.toLowerCase());

  it("sends one Gmail mailbox at most the daily cap over all its spellings; every lead stays its own", async () => {
    const ids: string[] = [];
    for (const [index, email] of SPELLINGS.entries()) {
      const answer = await call(runtime, "POST", "/api/signup", {
        body: {
          firstName: `Rita${"abcdef"[index]}`,
          lastName: "Rep",
          email,
          teamSize: "solo",
          productLines: "single",
        },
      });
      expect(answer.status, answer.text).toBe(201);
      ids.push(String(answer.json?.id));
    }
    // Every staff alert is out; then the acknowledgements of the same events have had their turn.
    await runtime.waitFor(async () => {
      const alerts = (await runtime.emails()).filter(
        (email: Email) =>
          email.destination.to.includes(STAFF_INBOX) &&
          SPELLINGS.some((one) => `${email.body.text ?? ""}${email.body.html ?? ""}`.includes(one)),
      );
      return alerts.length >= SPELLINGS.length;
    }, 60_000);
    await runtime.waitFor(async () => {
      const queue = (await runtime.queues()).queues.notification;
      return queue?.pending === 0 && queue.inFlight === 0;
    }, 60_000);
    const acknowledgements = (await runtime.emails()).filter((email: Email) =>
      email.destination.to.some(isRita),
    );
    expect(acknowledgements).toHaveLength(ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY);
    // The quota is for limits only: lead linking keeps the spellings apart (other mailboxes maybe).
    for (const id of ids) {
      const stored = await runtime.db.send(
        new GetCommand({ TableName: runtime.table("signups"), Key: { id }, ConsistentRead: true }),
      );
      expect([id, stored.Item?.status, stored.Item?.linkedTo]).toEqual([id, "new", undefined]);
    }
  });
});

describe("records stored before the rule", () => {
  it("are listed at the runtime's start, and the safe ones migrated", async () => {
    const hash = (await users.find("admin2@example.com"))?.passwordHash as string;
    const at = new Date().toISOString();
    const put = (item: Record<string, unknown>, table: "users" | "invitations" = "users") =>
      runtime.db.send(new PutCommand({ TableName: runtime.table(table), Item: item }));
    const account = (username: string, email?: string) => ({
      username,
      passwordHash: hash,
      ...(email ? { email } : {}),
      role: "admin",
      createdAt: at,
      passwordChangedAt: at,
    });
    // The look-alike row the old invitation flow created for admin2.
    await put(account("\uFF41dmin2@example.com", "\uFF41dmin2@example.com"));
    // An address in another spelling, valid and unique; an unreachable username whose form is free.
    await put(account("legacy-mail", "Legacy.Mail@Example.COM"));
    await put(account("\uFF4Cegacy2", "legacy2@example.com"));
    // Two accounts with one address.
    await put(account("dup1", "dup@example.com"));
    await put(account("dup2", "DUP@example.com"));
    const invitation = (id: string, email: string) => ({
      id,
      email,
      role: "staff",
      invitedBy: FIRST_ADMIN.username,
      createdAt: at,
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      removeAt: Math.floor(Date.now() / 1000) + 7200,
      secretHash: newOneTimeToken().secretHash,
      state: "pending",
    });
    await put(invitation("legacyinvite1", "\uFF4Cook@example.com"), "invitations");
    await put(invitation("legacyinvite2", "\u017Ftaff1@example.com"), "invitations");
    await put(invitation("legacyinvite3", "bad@ex\u00E4mple.com"), "invitations");
    // Addresses a mail header reads as a name with an address, or as two addresses.
    await put(account("mallory", "RepDesk-Security<attacker@evil.example>"));
    await put(invitation("legacyinvite4", "a,attacker@evil.example"), "invitations");

    await runtime.restart();
    const output = runtime.output();
    expect(output).toMatch(
      /identity check: LEFT account "ａdmin2@example.com" username .*look-alike of the account "admin2@example.com"/,
    );
    expect(output).toMatch(
      /identity check: fixed account "legacy-mail" email .*rewritten to "legacy.mail@example.com"/,
    );
    expect(output).toMatch(/identity check: fixed account "ｌegacy2" username .*moved to "legacy2"/);
    expect(output).toMatch(/identity check: LEFT account "dup1" email .*the same address as "dup2"/);
    expect(output).toMatch(
      /identity check: fixed invitation "legacyinvite1" email .*rewritten to "look@example.com"/,
    );
    expect(output).toMatch(
      /identity check: fixed invitation "legacyinvite2" email .*member "staff1@example.com".*revoked/,
    );
    expect(output).toMatch(/identity check: fixed invitation "legacyinvite3" email .*revoked/);
    expect(output).toMatch(/identity check: fixed account "mallory" email .*removed/);
    expect(output).toMatch(/identity check: fixed invitation "legacyinvite4" email .*revoked/);

    admin = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
    const { members, invitations } = await team();
    const names = members.map((member) => member.username);
    expect(names).not.toContain("\uFF41dmin2@example.com");
    expect(names).toEqual(expect.arrayContaining(["admin2@example.com", "legacy2", "legacy-mail"]));
    expect(members.find((member) => member.username === "legacy-mail")?.email).toBe(
      "legacy.mail@example.com",
    );
    expect(invitations.find((one) => one.id === "legacyinvite1")).toMatchObject({
      email: "look@example.com",
      state: "pending",
    });
    for (const id of ["legacyinvite2", "legacyinvite3", "legacyinvite4"])
      expect([id, invitations.find((one) => one.id === id)?.state]).toEqual([id, "revoked"]);
    expect(members.find((member) => member.username === "mallory")?.email).toBeNull();
    // One stored like that later still never gets mailed: Resend is refused.
    await put(invitation("legacyinvite5", "x@evil.example>,<y"), "invitations");
    const resend = await call(runtime, "POST", "/api/team/invitations/legacyinvite5/resend", {
      cookie: admin,
      body: {},
    });
    expect([resend.status, resend.json]).toEqual([409, { error: TEAM_MESSAGES.invitationAddressInvalid }]);
    expect(await mailTo("evil.example")).toEqual([]);
    // The rewritten address is claimed: nobody else can take it (asked for, it gets no link).
    const linkSince = Math.floor(Date.now() / 1000) - 1;
    const taken = await call(runtime, "PUT", "/api/account/email", {
      cookie: admin,
      body: { email: "LEGACY.MAIL@example.com", password: FIRST_ADMIN.password },
    });
    expect(taken.status).toBe(202);
    expect(
      (await runtime.emails()).filter(
        (mail) => mail.destination.to.includes("legacy.mail@example.com") && mail.at >= linkSince,
      ),
    ).toEqual([]);
    // The moved account signs in with any spelling of its name.
    expect(await signIn(runtime, "LEGACY2", PASSWORD, "203.0.113.51")).toContain("__Host-session=");
  }, 240_000);
});
