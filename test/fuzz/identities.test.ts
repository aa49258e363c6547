/**
 * The one identity rule (docs/decisions/0081) as a property over real HTTP against the local
 * runtime: for a member and another spelling of their address that the canonical form maps back
 * (fullwidth and mathematical letters, the long s, the Kelvin sign, circled letters, case,
 * surrounding white space), every route that creates, finds, limits or compares staff identities
 * treats the two as one — an invitation meets the member (409), sign-in opens the member's account,
 * the forgotten-password limit counts both in one bucket, a team change reaches the member. For an
 * identity kept apart (another ASCII letter, a plus tag) none of these crosses over.
 *
 * Bounded: FUZZ_IDENTITY_RUNS cases (default 20), each a fresh member; deterministic for a FUZZ_SEED.
 * Each case costs two password checks and the reset route's 1 s answer floor, side by side: 20 cases
 * took 77 s on the shared 2-core machine at load 10 (290 s at load 16); the limit leaves room.
 *
 *   FUZZ_SEED=123 npx vitest run --config test/vitest.config.ts --project integration test/fuzz/identities.test.ts
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_PATTERN, INVITATION_EMAIL_MAX, TEAM_MESSAGES } from "../../events";
import { staffKey } from "../../functions/model/identity";
import { hashPassword } from "../../functions/model/staff/password";
import { UsersRepository } from "../../functions/model/staff/users";
import { RESET_ACCOUNT_LIMIT } from "../../functions/staff/password-reset";
import { call, FIRST_ADMIN, signIn, startStaffRuntime } from "../integration/auth-support";
import { fuzzSettings } from "../support/fuzz";
import {
  apartPlan,
  applyApart,
  applySpelling,
  plainStaffAddress,
  type SpellingPlan,
  spellingPlan,
} from "../support/identity-arbitraries";
import type { RuntimeProcess } from "../support/runtime";

const settings = fuzzSettings(Number(process.env.FUZZ_IDENTITY_RUNS ?? 20));
const RERUN =
  "npx vitest run --config test/vitest.config.ts --project integration test/fuzz/identities.test.ts";
const PASSWORD = "a long enough member password";
let runtime: RuntimeProcess;
let admin: string;
let users: UsersRepository;
let passwordHash: string;

beforeAll(async () => {
  console.log(`identity fuzz: FUZZ_SEED=${settings.seed} runs=${settings.runs}`);
  runtime = await startStaffRuntime();
  users = new UsersRepository(runtime.db, runtime.table("users"));
  passwordHash = await hashPassword(PASSWORD);
  admin = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
});

afterAll(async () => {
  await runtime?.stop();
});

let cases = 0;

/** A member of its own per case: the generated address with the case's number in its local part. */
function uniqueAddress(address: string, index: number): string {
  const at = address.indexOf("@");
  return `${address.slice(0, at)}-c${index}${address.slice(at)}`;
}

const invite = (email: string) =>
  call(runtime, "POST", "/api/team/invitations", { cookie: admin, body: { email, role: "staff" } });
const login = (username: string, ip: string) =>
  call(runtime, "POST", "/api/auth/login", { body: { username, password: PASSWORD }, ip });
const patch = (username: string) =>
  call(runtime, "PATCH", `/api/team/members/${encodeURIComponent(username)}`, {
    cookie: admin,
    body: { role: "staff" },
  });
const forgot = (login: string, ip: string) =>
  call(runtime, "POST", "/api/auth/password/forgot", { body: { login }, ip });
const usernameOf = (answer: { json?: Record<string, unknown> }) =>
  (answer.json?.user ?? answer.json?.member) as { username?: string } | undefined;

const property = fc.asyncProperty(
  plainStaffAddress,
  fc.array(spellingPlan, { minLength: RESET_ACCOUNT_LIMIT + 1, maxLength: RESET_ACCOUNT_LIMIT + 1 }),
  apartPlan,
  spellingPlan,
  async (generated, plans, apart, apartSpelling) => {
    const index = ++cases;
    const member = uniqueAddress(generated, index);
    const spellings = plans.map((plan) => applySpelling(member, plan));
    const [same = member] = spellings;
    const other = applyApart(member, apart);
    const otherSpelled = applySpelling(other, apartSpelling);
    // What the invitation form takes: the site's e-mail pattern wants an ASCII "@" and dot.
    const sameInForm = applySpelling(member, plans[0] as SpellingPlan, { asciiPunctuation: true });
    const otherInForm = applySpelling(other, apartSpelling, { asciiPunctuation: true });
    // The premise: the rule maps the spellings together and keeps `other` apart.
    expect(spellings.map(staffKey)).toEqual(spellings.map(() => member));
    expect(staffKey(otherSpelled)).toBe(other);
    expect(other).not.toBe(member);

    await users.create(member, passwordHash, new Date(), { email: member, role: "staff" });
    // One client address per case and purpose: the limits per address stay out of the way.
    const ip = (purpose: number) => `198.51.${purpose}.${index}`;

    await Promise.all([
      (async () => {
        // Invitations: the spelling meets the member; the other identity is free.
        expect(otherInForm.trim().length).toBeLessThanOrEqual(INVITATION_EMAIL_MAX);
        const meets = await invite(sameInForm);
        expect([sameInForm, meets.status, meets.json]).toEqual([
          sameInForm,
          409,
          { error: TEAM_MESSAGES.alreadyMember },
        ]);
        // With folded punctuation too it never becomes a second invitation (the form refuses it).
        const folded = await invite(same);
        expect([same, folded.status]).toEqual([same, EMAIL_PATTERN.test(same.trim()) ? 409 : 400]);
        const free = await invite(otherInForm);
        expect([otherInForm, free.status, free.text]).toEqual([otherInForm, 201, expect.any(String)]);
        expect(free.json?.invitation).toMatchObject({ email: other });
        // A team change by the spelling reaches the member; by the other identity, nobody.
        const changed = await patch(same);
        expect([same, changed.status, usernameOf(changed)?.username]).toEqual([same, 200, member]);
        expect((await patch(otherSpelled)).status).toBe(404);
      })(),
      (async () => {
        // Sign-in: the spelling opens the member's account; the other identity opens nothing.
        const signedIn = await login(same, ip(1));
        expect([same, signedIn.status, usernameOf(signedIn)?.username]).toEqual([same, 200, member]);
        expect((await login(otherSpelled, ip(2))).status).toBe(401);
      })(),
      (async () => {
        // The forgotten-password limit per account: every spelling counts in one bucket ...
        const filled = await Promise.all(
          spellings.slice(0, RESET_ACCOUNT_LIMIT).map((spelling) => forgot(spelling, ip(3))),
        );
        expect(filled.map((answer) => answer.status)).toEqual(filled.map(() => 202));
        const [over, apartAnswer] = await Promise.all([
          forgot(spellings[RESET_ACCOUNT_LIMIT] ?? member, ip(4)),
          // ... which the other identity does not share.
          forgot(otherSpelled, ip(5)),
        ]);
        expect([spellings[RESET_ACCOUNT_LIMIT], over.status]).toEqual([spellings[RESET_ACCOUNT_LIMIT], 429]);
        expect([otherSpelled, apartAnswer.status]).toEqual([otherSpelled, 202]);
      })(),
    ]);
  },
);

describe("one identity over HTTP", () => {
  it("treats spellings the canonical form maps together as one identity, and keeps others apart", async () => {
    const started = performance.now();
    // No shrinking: each case costs sign-ins over HTTP; the failing case is replayed by its path.
    const details = await fc.check(property, {
      seed: settings.seed,
      numRuns: settings.runs,
      endOnFailure: true,
      ...(settings.path ? { path: settings.path } : {}),
    });
    console.log(
      `identity fuzz: ${details.numRuns} cases in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    if (details.failed) {
      const error =
        details.errorInstance instanceof Error
          ? details.errorInstance.message
          : String(details.errorInstance);
      throw new Error(
        [
          `Failed after ${details.numRuns} case(s): ${fc.stringify(details.counterexample)}`,
          error,
          `Re-run exactly this case: FUZZ_SEED=${details.seed} FUZZ_PATH="${details.counterexamplePath}" ${RERUN}`,
        ].join("\n"),
      );
    }
  }, 600_000);
});
