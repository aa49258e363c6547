/**
 * The Team API and invitations over real HTTP against the local runtime (e-mails through the local
 * SES inbox): invite -> accept -> signed in; links single-use, expiring, bound to their invitation,
 * replaced on resend, refused after revoke; parallel acceptance succeeds once; Staff gets 403 on
 * every team route; the last admin cannot be demoted or deactivated; deactivation ends sessions at
 * once, and so does a second-factor reset; every change is an audit entry.
 */
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_MESSAGES, TEAM_MESSAGES, type TeamResponse } from "../../events";
import { hashPassword } from "../../functions/model/staff/password";
import { acceptInvitation } from "../../functions/staff/invitation-accept";
import type { TeamDependencies } from "../../functions/staff/invitation-items";
import type { RuntimeProcess } from "../support/runtime";
import { call, FIRST_ADMIN, linkTokenFor, sessionCookieOf, signIn, startStaffRuntime } from "./auth-support";

const ADMIN = FIRST_ADMIN;
const PASSWORD = "a long enough new password";
let runtime: RuntimeProcess;
let admin: string;

beforeAll(async () => {
  runtime = await startStaffRuntime();
  admin = await signIn(runtime, ADMIN.username, ADMIN.password);
});

afterAll(async () => {
  await runtime?.stop();
});

const nowSeconds = () => Math.floor(Date.now() / 1000) - 1;

async function invite(email: string, role: "admin" | "staff" = "staff", cookie = admin) {
  const since = nowSeconds();
  const answer = await call(runtime, "POST", "/api/team/invitations", { cookie, body: { email, role } });
  expect(answer.status, answer.text).toBe(201);
  return {
    id: (answer.json as { invitation: { id: string } }).invitation.id,
    token: await linkTokenFor(runtime, email, since),
  };
}

async function accept(token: string, password = PASSWORD) {
  return call(runtime, "POST", "/api/auth/invitation/accept", { body: { token, password } });
}

async function team(cookie = admin): Promise<TeamResponse> {
  const answer = await call(runtime, "GET", "/api/team", { cookie });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as unknown as TeamResponse;
}

describe("invitations", () => {
  it("invite -> e-mail with a link -> check -> accept signs the new member in, once", async () => {
    const { token } = await invite("Nina@Example.com");
    const check = await call(runtime, "POST", "/api/auth/invitation/check", { body: { token } });
    expect([check.status, check.json]).toEqual([200, { email: "nina@example.com", role: "staff" }]);

    const weak = await accept(token, "short");
    expect(weak.status).toBe(400);
    expect(weak.json?.fieldErrors).toHaveProperty("password");
    // Long enough but common (docs/decisions/0053).
    const common = await accept(token, "password1234");
    expect(common.status).toBe(400);
    expect(common.json?.fieldErrors).toHaveProperty("password");

    const accepted = await accept(token);
    expect([accepted.status, accepted.json]).toEqual([
      200,
      { user: { username: "nina@example.com", email: "nina@example.com", role: "staff" } },
    ]);
    const cookie = sessionCookieOf(accepted);
    expect((await call(runtime, "GET", "/api/auth/user", { cookie })).json?.user).toMatchObject({
      username: "nina@example.com",
    });
    expect(await signIn(runtime, "nina@example.com", PASSWORD)).toContain("__Host-session=");

    const again = await accept(token, "another long enough password");
    expect([again.status, again.json]).toEqual([400, { error: TEAM_MESSAGES.invitationInvalid }]);
    const invitations = (await team()).invitations.filter((i) => i.email === "nina@example.com");
    expect(invitations.map((i) => i.state)).toEqual(["accepted"]);
  });

  it("refuses an expired link, a changed secret and another invitation's secret", async () => {
    const first = await invite("olga@example.com");
    const second = await invite("piet@example.com");
    const [, firstSecret] = first.token.split(".");
    const [secondId] = second.token.split(".");
    // Bound to its invitation: one invitation's secret does not open another.
    expect((await accept(`${secondId}.${firstSecret}`)).status).toBe(400);
    expect((await accept(`${first.id}.${"x".repeat(43)}`)).status).toBe(400);
    expect((await accept("not a token")).json).toEqual({ error: TEAM_MESSAGES.invitationInvalid });

    await runtime.db.send(
      new UpdateCommand({
        TableName: runtime.table("invitations"),
        Key: { id: first.id },
        UpdateExpression: "SET expiresAt = :past",
        ExpressionAttributeValues: { ":past": new Date(Date.now() - 1000).toISOString() },
      }),
    );
    expect((await accept(first.token)).json).toEqual({ error: TEAM_MESSAGES.invitationInvalid });
    expect((await team()).invitations.find((i) => i.id === first.id)?.state).toBe("expired");
    expect((await accept(second.token)).status).toBe(200);
  });

  it("resend replaces the link (the old one stops working); revoke ends it", async () => {
    const { id, token: old } = await invite("quinn@example.com");
    const since = nowSeconds();
    const resent = await call(runtime, "POST", `/api/team/invitations/${id}/resend`, {
      cookie: admin,
      body: {},
    });
    expect(resent.status, resent.text).toBe(200);
    const fresh = await linkTokenFor(runtime, "quinn@example.com", since);
    expect(fresh).not.toBe(old);
    expect((await accept(old)).status).toBe(400);

    const revoked = await call(runtime, "DELETE", `/api/team/invitations/${id}`, { cookie: admin });
    expect(revoked.status).toBe(200);
    expect((await accept(fresh)).json).toEqual({ error: TEAM_MESSAGES.invitationInvalid });
    const again = await call(runtime, "DELETE", `/api/team/invitations/${id}`, { cookie: admin });
    expect([again.status, again.json]).toEqual([409, { error: TEAM_MESSAGES.invitationNotPending }]);
  });

  it("accepts one of many parallel acceptances of one link and refuses the others", async () => {
    const { token } = await invite("rosa@example.com");
    const answers = await Promise.all(Array.from({ length: 8 }, () => accept(token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // The others meet the acceptance that holds the invitation, or the accepted invitation.
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.json])).toEqual(
      Array.from({ length: 7 }, () => [400, { error: TEAM_MESSAGES.invitationInvalid }]),
    );
  });

  it("hashes one password for parallel acceptances: the hold on the invitation comes first", async () => {
    const { token } = await invite("rhea@example.com");
    const deps: TeamDependencies = {
      db: runtime.db,
      tables: {
        users: runtime.table("users"),
        invitations: runtime.table("invitations"),
        audit: runtime.table("audit"),
        authState: runtime.table("authState"),
      },
      clock: () => new Date(),
    };
    const hashed: number[] = [];
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        acceptInvitation(deps, {
          token,
          passwordHash: async () => {
            hashed.push(index);
            return hashPassword(PASSWORD);
          },
        }),
      ),
    );
    const winner = outcomes.findIndex((outcome) => outcome.kind === "accepted");
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual([
      "accepted",
      ...Array.from({ length: 7 }, () => "invalid"),
    ]);
    expect(hashed).toEqual([winner]);
    expect(await signIn(runtime, "rhea@example.com", PASSWORD)).toContain("__Host-session=");
  });

  it("refuses an address that is already a member or already invited, and bad input", async () => {
    const member = await call(runtime, "POST", "/api/team/invitations", {
      cookie: admin,
      body: { email: ADMIN.email, role: "staff" },
    });
    expect([member.status, member.json]).toEqual([409, { error: TEAM_MESSAGES.alreadyMember }]);
    await invite("sven@example.com");
    const twice = await call(runtime, "POST", "/api/team/invitations", {
      cookie: admin,
      body: { email: "sven@example.com", role: "admin" },
    });
    expect([twice.status, twice.json]).toEqual([409, { error: TEAM_MESSAGES.alreadyInvited }]);
    const bad = await call(runtime, "POST", "/api/team/invitations", {
      cookie: admin,
      body: { email: "nope", role: "owner" },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json?.fieldErrors as object).sort()).toEqual(["email", "role"]);
    const crossSite = await call(runtime, "POST", "/api/team/invitations", {
      cookie: admin,
      body: { email: "tess@example.com", role: "staff" },
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const text = await call(runtime, "POST", "/api/team/invitations", {
      cookie: admin,
      body: "email=tess@example.com",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect((await team()).invitations.some((i) => i.email === "tess@example.com")).toBe(false);
  });
});

describe("roles and members", () => {
  it("answers 403 to Staff on every team route, checked on each request", async () => {
    const { token } = await invite("uma@example.com", "admin");
    const uma = sessionCookieOf(await accept(token));
    expect((await call(runtime, "GET", "/api/team", { cookie: uma })).status).toBe(200);
    const demoted = await call(runtime, "PATCH", "/api/team/members/uma@example.com", {
      cookie: admin,
      body: { role: "staff" },
    });
    expect([demoted.status, (demoted.json as { member: { role: string } }).member.role]).toEqual([
      200,
      "staff",
    ]);
    // The same cookie, the next request: no longer an admin.
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/team"],
      ["POST", "/api/team/invitations", { email: "x@example.com", role: "admin" }],
      ["POST", "/api/team/invitations/abc/resend", {}],
      ["DELETE", "/api/team/invitations/abc"],
      ["PATCH", "/api/team/members/admin", { role: "staff" }],
      ["POST", "/api/team/members/admin/reset-second-factor", {}],
    ];
    for (const [method, path, body] of routes) {
      const answer = await call(runtime, method, path, { cookie: uma, body });
      expect([method, path, answer.status, answer.json]).toEqual([
        method,
        path,
        403,
        { error: STAFF_MESSAGES.adminOnly },
      ]);
    }
    expect((await call(runtime, "GET", "/api/admin/signups", { cookie: uma })).status).toBe(200);
  });

  it("keeps the last active admin: no demotion, no deactivation", async () => {
    const admins = (await team()).members.filter((m) => m.role === "admin" && m.active);
    expect(admins.map((m) => m.username)).toEqual(["admin"]);
    const demote = await call(runtime, "PATCH", "/api/team/members/admin", {
      cookie: admin,
      body: { role: "staff" },
    });
    expect([demote.status, demote.json]).toEqual([409, { error: TEAM_MESSAGES.lastAdmin }]);
    const self = await call(runtime, "PATCH", "/api/team/members/admin", {
      cookie: admin,
      body: { active: false },
    });
    expect([self.status, self.json]).toEqual([409, { error: TEAM_MESSAGES.notYourself }]);
    expect((await team()).members.find((m) => m.username === "admin")).toMatchObject({
      role: "admin",
      active: true,
    });
  });

  it("two admins demoting each other at once leave at least one admin", async () => {
    const { token } = await invite("vera@example.com", "admin");
    const vera = sessionCookieOf(await accept(token));
    const [a, b] = await Promise.all([
      call(runtime, "PATCH", "/api/team/members/admin", { cookie: vera, body: { role: "staff" } }),
      call(runtime, "PATCH", "/api/team/members/vera@example.com", {
        cookie: admin,
        body: { role: "staff" },
      }),
    ]);
    const admins = (await team(a.status === 200 ? vera : admin)).members.filter((m) => m.role === "admin");
    expect(admins.length).toBeGreaterThanOrEqual(1);
    expect([a.status, b.status].filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    // Put things back for the other tests: "admin" is an admin again.
    if (!admins.some((m) => m.username === "admin")) {
      const restore = await call(runtime, "PATCH", "/api/team/members/admin", {
        cookie: vera,
        body: { role: "admin" },
      });
      expect(restore.status).toBe(200);
    }
  });

  it("deactivation ends the member's sessions on their next request; reactivation lets them sign in", async () => {
    const { token } = await invite("wes@example.com");
    const wes = sessionCookieOf(await accept(token));
    expect((await call(runtime, "GET", "/api/admin/signups", { cookie: wes })).status).toBe(200);
    const off = await call(runtime, "PATCH", "/api/team/members/wes@example.com", {
      cookie: admin,
      body: { active: false },
    });
    expect(off.status).toBe(200);
    expect((await call(runtime, "GET", "/api/admin/signups", { cookie: wes })).status).toBe(401);
    const refused = await call(runtime, "POST", "/api/auth/login", {
      body: { username: "wes@example.com", password: PASSWORD },
      ip: "203.0.113.50",
    });
    expect([refused.status, refused.json]).toEqual([403, { error: STAFF_MESSAGES.accountDeactivated }]);
    const on = await call(runtime, "PATCH", "/api/team/members/wes@example.com", {
      cookie: admin,
      body: { active: true },
    });
    expect(on.status).toBe(200);
    // The old session stays ended; a new sign-in works.
    expect((await call(runtime, "GET", "/api/admin/signups", { cookie: wes })).status).toBe(401);
    expect(await signIn(runtime, "wes@example.com", PASSWORD, "203.0.113.51")).toContain("__Host-session=");
  });

  it("a second-factor reset ends the member's sessions; an admin resetting their own keeps the one in use", async () => {
    const { token } = await invite("lee@example.com");
    const lee = sessionCookieOf(await accept(token));
    expect((await call(runtime, "GET", "/api/admin/signups", { cookie: lee })).status).toBe(200);
    const reset = await call(runtime, "POST", "/api/team/members/lee@example.com/reset-second-factor", {
      cookie: admin,
      body: {},
    });
    expect(reset.status, reset.text).toBe(200);
    expect((await call(runtime, "GET", "/api/admin/signups", { cookie: lee })).status).toBe(401);
    expect(await signIn(runtime, "lee@example.com", PASSWORD, "203.0.113.52")).toContain("__Host-session=");

    const elsewhere = await signIn(runtime, ADMIN.username, ADMIN.password, "203.0.113.53");
    const own = await call(runtime, "POST", `/api/team/members/${ADMIN.username}/reset-second-factor`, {
      cookie: admin,
      body: {},
    });
    expect(own.status, own.text).toBe(200);
    expect((await call(runtime, "GET", "/api/admin/signups", { cookie: elsewhere })).status).toBe(401);
    expect((await call(runtime, "GET", "/api/admin/signups", { cookie: admin })).status).toBe(200);
  });

  it("records who did what to whom on the Team page", async () => {
    const { audit } = await team();
    const lines = audit.map((entry) => `${entry.actor} ${entry.action} ${entry.target ?? ""}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        "admin team.invite nina@example.com",
        "nina@example.com team.invite.accept admin",
        "admin team.invite.resend quinn@example.com",
        "admin team.invite.revoke quinn@example.com",
        "admin team.role uma@example.com",
        "admin team.deactivate wes@example.com",
        "admin team.reactivate wes@example.com",
      ]),
    );
    expect(audit.every((entry) => !Number.isNaN(Date.parse(entry.at)))).toBe(true);
  });
});
