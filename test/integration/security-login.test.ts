/**
 * Login throttling under attack, over real HTTP against the local runtime (client addresses from
 * CloudFront-Viewer-Address, TRUST_VIEWER_ADDRESS=1): parallel wrong passwords cannot get more
 * than the allowed failures through, and a lock holds for the attacking address only, so the
 * account's owner elsewhere still signs in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../events";
import { ACCOUNT_FAILURE_LIMIT } from "../../functions/model/staff/throttle";
import { type RuntimeProcess, startRuntime } from "../support/runtime";
import { call } from "./auth-support";

const ADMIN = { username: "admin", password: "correct horse battery staple" };
let runtime: RuntimeProcess;

beforeAll(async () => {
  runtime = await startRuntime({
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, TRUST_VIEWER_ADDRESS: "1" },
  });
});
afterAll(async () => {
  await runtime?.stop();
});

const login = (body: { username: string; password: string }, ip: string) =>
  call(runtime, "POST", "/api/auth/login", { body, ip });

describe("login throttling under parallel attack", () => {
  it("lets no more than the limit of 15 parallel wrong passwords through; locks that address only", async () => {
    const attacker = "198.51.100.77";
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        login({ username: ADMIN.username, password: `wrong ${i}` }, attacker),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(ACCOUNT_FAILURE_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15 - ACCOUNT_FAILURE_LIMIT);

    // The right password from the attacking address is refused while the lock lasts...
    const locked = await login(ADMIN, attacker);
    expect(locked.status).toBe(429);
    expect(locked.json).toEqual({ error: AUTH_MESSAGES.accountThrottled });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);

    // ...and accepted from anywhere else: the attacker cannot lock the owner out.
    expect((await login(ADMIN, "203.0.113.9")).status).toBe(200);
  });

  it("counts an IPv6 /64 as one address", async () => {
    const answers = await Promise.all(
      Array.from({ length: ACCOUNT_FAILURE_LIMIT + 2 }, (_, i) =>
        login({ username: ADMIN.username, password: `wrong ${i}` }, `2001:db8:5:6::${i + 1}`),
      ),
    );
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(ACCOUNT_FAILURE_LIMIT);
    expect((await login(ADMIN, "2001:db8:5:6:abcd::1")).status).toBe(429);
    expect((await login(ADMIN, "2001:db8:5:7::1")).status).toBe(200);
  });

  it("logs a failed sign-in's typed username only as a keyed hash unless it names an account", async () => {
    // A password typed into the username box must not reach the logs.
    const failureLines = () =>
      runtime
        .output()
        .split("\n")
        .filter((line) => line.includes('"auth_failure"'));
    const before = failureLines().length;
    const typedInWrongBox = "Sunflower-Lantern-7781";
    await login({ username: typedInWrongBox, password: "whatever it is" }, "192.0.2.31");
    await login({ username: ADMIN.username, password: "not the password" }, "192.0.2.32");
    await expect.poll(() => failureLines().length).toBe(before + 2);
    const [unknown = "", known = ""] = failureLines().slice(before);
    expect(runtime.output()).not.toContain(typedInWrongBox);
    expect(unknown).toMatch(/"usernameHash":"[0-9a-f]{16}"/);
    expect(known).toContain(`"username":"${ADMIN.username}"`);
  });
});
