/**
 * The login throttle's counters against a real dynalite with a fixed clock: a window starts at its
 * first hit, parallel hits never let more than the limit through, released and cleared attempts,
 * the per-address and per-account-and-address limits, and the attack alert once per window.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNT_FAILURE_LIMIT,
  ATTACK_ALERT_THRESHOLD,
  hitWindow,
  IP_FAILURE_LIMIT,
  LOGIN_WINDOW_SECONDS,
  LoginThrottle,
} from "../../functions/model/staff/throttle";
import { startDynalite, type TestDynamo } from "../support/dynamo";

let dynamo: TestDynamo;
let throttle: LoginThrottle;
beforeAll(async () => {
  dynamo = await startDynalite();
  throttle = new LoginThrottle(dynamo.db, dynamo.tables.authState);
});
afterAll(async () => {
  await dynamo?.close();
});

const t0 = new Date("2026-11-23T10:00:00.000Z");
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
let n = 0;
const fresh = (name: string) => `${name}-${++n}`;

describe("hitWindow", () => {
  it("starts the window at the first hit and refuses past the limit until it ends", async () => {
    const pk = fresh("window");
    const hit = (seconds: number) => hitWindow(dynamo.db, dynamo.tables.authState, pk, 3, at(seconds));
    expect(await hit(0)).toEqual({ allowed: true, hits: 1, retryAfterSeconds: LOGIN_WINDOW_SECONDS });
    expect((await hit(100)).allowed).toBe(true);
    expect((await hit(200)).allowed).toBe(true);
    expect(await hit(300)).toEqual({
      allowed: false,
      hits: 4,
      retryAfterSeconds: LOGIN_WINDOW_SECONDS - 300,
    });
    expect((await hit(LOGIN_WINDOW_SECONDS - 1)).allowed).toBe(false);
    // The window ends 15 minutes after its first hit; the next hit starts a new one.
    expect(await hit(LOGIN_WINDOW_SECONDS)).toEqual({
      allowed: true,
      hits: 1,
      retryAfterSeconds: LOGIN_WINDOW_SECONDS,
    });
  });

  it("lets exactly `limit` of 40 parallel hits through, whether or not the window exists yet", async () => {
    for (const existing of [false, true]) {
      const pk = fresh("parallel");
      if (existing) await hitWindow(dynamo.db, dynamo.tables.authState, pk, 5, at(0));
      const hits = await Promise.all(
        Array.from({ length: 40 }, () => hitWindow(dynamo.db, dynamo.tables.authState, pk, 5, at(1))),
      );
      expect(hits.filter((hit) => hit.allowed)).toHaveLength(existing ? 4 : 5);
      expect(new Set(hits.map((hit) => hit.hits)).size).toBe(40);
    }
  });
});

describe("LoginThrottle", () => {
  it("locks an account for one address only", async () => {
    const account = fresh("user");
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      expect((await throttle.reserve({ account, ip: "198.51.100.1" }, at(i))).allowed).toBe(true);
    }
    expect(await throttle.reserve({ account, ip: "198.51.100.1" }, at(10))).toEqual({
      allowed: false,
      scope: "account",
      retryAfterSeconds: LOGIN_WINDOW_SECONDS - 10,
    });
    expect((await throttle.reserve({ account, ip: "198.51.100.2" }, at(10))).allowed).toBe(true);
  });

  it("gives back attempts that were not failures, and clears the pair on success", async () => {
    const account = fresh("user");
    const subjects = { account, ip: "198.51.100.3" };
    for (let i = 0; i < 10; i++) {
      const reservation = await throttle.reserve(subjects, at(i));
      if (!reservation.allowed) throw new Error("refused");
      await reservation.release();
    }
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i++) await throttle.reserve(subjects, at(20 + i));
    const last = await throttle.reserve(subjects, at(30));
    if (!last.allowed) throw new Error("refused");
    await last.succeeded();
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      expect((await throttle.reserve(subjects, at(40 + i))).allowed).toBe(true);
    }
  });

  it("limits one address across accounts", async () => {
    const ip = "198.51.100.4";
    for (let i = 0; i < IP_FAILURE_LIMIT; i++) {
      expect((await throttle.reserve({ account: fresh("spray"), ip }, at(i))).allowed).toBe(true);
    }
    const refused = await throttle.reserve({ account: fresh("spray"), ip }, at(30));
    expect(refused).toMatchObject({ allowed: false, scope: "ip" });
  });

  it("raises the attack alert once per window, at the threshold", async () => {
    const account = fresh("victim");
    const raised = await Promise.all(
      Array.from({ length: ATTACK_ALERT_THRESHOLD * 2 }, () => throttle.failureRaisesAlert(account, at(0))),
    );
    expect(raised.filter(Boolean)).toHaveLength(1);
    expect(await throttle.failureRaisesAlert(account, at(LOGIN_WINDOW_SECONDS - 1))).toBe(false);
    // A new window: a new alert after ATTACK_ALERT_THRESHOLD more failures.
    const next = [];
    for (let i = 0; i < ATTACK_ALERT_THRESHOLD; i++) {
      next.push(await throttle.failureRaisesAlert(account, at(LOGIN_WINDOW_SECONDS + i)));
    }
    expect(next.filter(Boolean)).toHaveLength(1);
  });
});
