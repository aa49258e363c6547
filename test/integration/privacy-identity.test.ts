/**
 * A privacy request reaches exactly one address by the identity rule (functions/model/identity.ts
 * sameAddress), over real HTTP against the local runtime (docs/decisions/0119-personal-data-map.md):
 * - a `+tag` spelling shares an inbox's acknowledgement quota but is another address: finding,
 *   exporting or erasing it never reaches the other address's quota item;
 * - a fully qualified domain (`a@example.com.`) is the same address as without the dot;
 * - a signed-out session is no session: neither the account page nor the export lists it;
 * - the erase form's field errors are the product's texts, not zod's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVACY_FIELD_TEXTS, type PrivacyExport } from "../../events/privacy";
import { hashPassword } from "../../functions/model/staff/password";
import { UsersRepository } from "../../functions/model/staff/users";
import type { RuntimeProcess } from "../support/runtime";
import { call, FIRST_ADMIN, signIn, startStaffRuntime } from "./auth-support";

let runtime: RuntimeProcess;
let admin: string;

beforeAll(async () => {
  runtime = await startStaffRuntime();
  admin = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
}, 300_000);

afterAll(async () => {
  await runtime?.stop();
});

const post = (path: string, body: unknown, cookie = admin) =>
  call(runtime, "POST", path, { cookie, body, headers: { origin: runtime.url } });

async function signup(email: string, lastName: string) {
  const answer = await call(runtime, "POST", "/api/signup", {
    body: { firstName: "Vic", lastName, email, teamSize: "solo", productLines: "single" },
    ip: "203.0.113.61",
  });
  expect(answer.status, answer.text).toBe(201);
}

const counts = async (email: string) =>
  (await post("/api/privacy/find", { email })).json?.counts as Record<string, number>;

describe("the identity rule in privacy requests", () => {
  it("a +tag spelling never reaches another address's acknowledgement quota", async () => {
    await signup("victim.one@example.com", "Victimson");
    await runtime.waitFor(() => runtime.settled());
    expect(await counts("victim.one@example.com")).toMatchObject({
      signupRecords: 1,
      acknowledgementQuotas: 1,
    });
    expect(await counts("victim.one+x@example.com")).toMatchObject({
      signupRecords: 0,
      acknowledgementQuotas: 0,
    });
    const exported = (await post("/api/privacy/export", { email: "victim.one+x@example.com" }))
      .json as unknown as PrivacyExport;
    expect(exported.acknowledgementQuotas).toEqual([]);
    const erased = await post("/api/privacy/erase", {
      email: "victim.one+x@example.com",
      confirmEmail: "victim.one+x@example.com",
      password: FIRST_ADMIN.password,
    });
    expect(erased.status, erased.text).toBe(200);
    expect(erased.json?.erased).toMatchObject({ acknowledgementQuotas: 0 });
    expect(await counts("victim.one@example.com")).toMatchObject({
      signupRecords: 1,
      acknowledgementQuotas: 1,
    });
  });

  it("a trailing dot after the domain is the same address", async () => {
    await signup("dot.person@example.com.", "Dotwell");
    await runtime.waitFor(() => runtime.settled());
    expect(await counts("dot.person@example.com")).toMatchObject({ signupRecords: 1 });
    const erased = await post("/api/privacy/erase", {
      email: "dot.person@example.com",
      confirmEmail: "Dot.Person@example.com.",
      password: FIRST_ADMIN.password,
    });
    expect(erased.status, erased.text).toBe(200);
    expect(erased.json?.erased).toMatchObject({ signupRecords: 1 });
    expect(await counts("dot.person@example.com.")).toMatchObject({ signupRecords: 0 });
  });

  it("a signed-out session is listed neither on the account page nor in the export", async () => {
    const member = {
      username: "sessions.member@example.com",
      password: "a long and unguessable passphrase 91",
    };
    await new UsersRepository(runtime.db, runtime.table("users")).create(
      member.username,
      await hashPassword(member.password),
      new Date(),
      { role: "staff" },
    );
    const kept = await signIn(runtime, member.username, member.password);
    const ended = await signIn(runtime, member.username, member.password);
    const logout = await call(runtime, "POST", "/api/auth/logout", {
      cookie: ended,
      headers: { origin: runtime.url },
    });
    expect(logout.status).toBe(204);
    const listed = await call(runtime, "GET", "/api/account/sessions", { cookie: kept });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json?.sessions).toHaveLength(1);
    const exported = (await post("/api/privacy/export", { email: member.username }))
      .json as unknown as PrivacyExport;
    expect(exported.staff?.sessions).toHaveLength(1);
    expect(await counts(member.username)).toMatchObject({ staffAccounts: 1, staffSessions: 1 });
  });

  it("finds, exports and erases an invitation to the team sent to the address, and its lock", async () => {
    const invited = await post("/api/team/invitations", {
      email: "Invited.Person@example.com",
      role: "staff",
    });
    expect(invited.status, invited.text).toBe(201);
    expect(await counts("invited.person@example.com")).toMatchObject({ staffInvitations: 1 });
    const exported = (await post("/api/privacy/export", { email: "invited.person@example.com" }))
      .json as unknown as PrivacyExport;
    expect(exported.invitations).toHaveLength(1);
    expect(exported.invitations[0]).not.toHaveProperty("secretHash");
    const erased = await post("/api/privacy/erase", {
      email: "invited.person@example.com",
      confirmEmail: "invited.person@example.com",
      password: FIRST_ADMIN.password,
    });
    expect(erased.status, erased.text).toBe(200);
    const { ScanCommand } = await import("@aws-sdk/lib-dynamodb");
    const left = await runtime.db.send(new ScanCommand({ TableName: runtime.table("invitations") }));
    expect(JSON.stringify(left.Items ?? []).toLowerCase()).not.toContain("invited.person@example.com");
  });

  it("answers a missing confirmation or password with the product's texts", async () => {
    const answer = await post("/api/privacy/erase", { email: "someone@example.com" });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json?.fieldErrors).toEqual({
      confirmEmail: PRIVACY_FIELD_TEXTS.confirmRequired,
      password: PRIVACY_FIELD_TEXTS.passwordRequired,
    });
    expect(answer.text).not.toContain("Invalid input");
  });
});
