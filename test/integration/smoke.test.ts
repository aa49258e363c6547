/**
 * The smoke command (infra/smoke/smoke.ts) against the local runtime: the same checks it runs
 * against a deployed stage, a local URL. The runtime serves the local build at its own origin
 * (infra/local/site-origin.ts), so the canonical origin is the runtime's URL.
 */
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run as runAdmin } from "../../infra/admin/cli";
import { openStore } from "../../infra/admin/store";
import { runSmoke, SES_SIMULATOR_SUCCESS } from "../../infra/smoke/smoke";
import { type RuntimeProcess, startRuntime } from "../support/runtime";

const STAFF = { username: "smoke", password: "smoke test password 1234" };
let runtime: RuntimeProcess;

beforeAll(async () => {
  runtime = await startRuntime({ env: { ADMIN_USERNAME: STAFF.username, ADMIN_PASSWORD: STAFF.password } });
});
afterAll(async () => {
  await runtime?.stop();
});

describe("npm run smoke against the local runtime", () => {
  it("passes every check, stores and enriches the test signup, e-mails it, then deletes it", async () => {
    // No SMOKE_EMAIL: the prospect is SES's mailbox simulator, as on a deployed stage.
    const email = SES_SIMULATOR_SUCCESS;
    const lines: string[] = [];
    const checks = await runSmoke({
      url: runtime.url,
      canonical: runtime.url,
      username: STAFF.username,
      password: STAFF.password,
      log: (line) => lines.push(line),
    });
    expect(
      checks.filter((c) => !c.ok),
      lines.join("\n"),
    ).toEqual([]);
    expect(checks.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        "signup stored",
        "signup enriched",
        "signup e-mailed",
        "test signup deleted",
        "Command Center login screen",
      ]),
    );
    // "signup e-mailed" passed once both went out (the local SES stand-in's inbox): the staff
    // alert and the acknowledgement to the simulator address.
    const emails = await runtime.emails();
    expect(emails.some((m) => JSON.stringify(m).includes("Smoke-Test"))).toBe(true);
    expect(emails.some((m) => m.destination.to.includes(email))).toBe(true);
    // ... and nothing of the test is left.
    const { Items } = await runtime.db.send(
      new (await import("@aws-sdk/lib-dynamodb")).ScanCommand({ TableName: runtime.table("signups") }),
    );
    expect((Items ?? []).filter((item) => item.email === email)).toEqual([]);
  });

  it("fails when a page's canonical is not the expected origin (a site built for another stage)", async () => {
    const checks = await runSmoke({ url: runtime.url, canonical: "https://www.repdesk.example.com" });
    expect(checks.find((c) => c.name === "page /")?.ok).toBe(false);
  });
});

describe("npm run smoke against a runtime that requires a second factor, as production does", () => {
  let strict: RuntimeProcess;
  let totpSecret = "";
  beforeAll(async () => {
    strict = await startRuntime({
      env: { ADMIN_USERNAME: STAFF.username, ADMIN_PASSWORD: STAFF.password, MFA_REQUIRED: "1" },
    });
    // The smoke account enrolled as docs/DEPLOY.md says: `npm run admin -- mfa-enrol smoke`.
    const store = await openStore(undefined, { DATA_DIR: strict.dataDir });
    const lines: string[] = [];
    try {
      await runAdmin({ command: "mfa-enrol", username: STAFF.username }, store, (line) => lines.push(line));
    } finally {
      await store.close();
    }
    totpSecret = /secret: (\S+)/.exec(lines.join("\n"))?.[1] ?? "";
  });
  afterAll(async () => {
    await strict?.stop();
  });

  it("fails to sign in without the code, passes every check with it, and leaves no signup behind", async () => {
    expect(totpSecret).not.toBe("");
    const without = await runSmoke({
      url: strict.url,
      canonical: strict.url,
      username: STAFF.username,
      password: STAFF.password,
    });
    expect(without.find((check) => check.name === "staff login")).toMatchObject({
      ok: false,
      detail: expect.stringContaining("SMOKE_TOTP_SECRET"),
    });
    expect(without.map((check) => check.name)).not.toContain("signup accepted");

    const lines: string[] = [];
    const checks = await runSmoke({
      url: strict.url,
      canonical: strict.url,
      username: STAFF.username,
      password: STAFF.password,
      totpSecret,
      log: (line) => lines.push(line),
    });
    expect(
      checks.filter((c) => !c.ok),
      lines.join("\n"),
    ).toEqual([]);
    expect(checks.map((c) => c.name)).toContain("test signup deleted");
    // Counter items (ids starting "#counts#") stay, at zero; no signup record does.
    const { Items } = await strict.db.send(new ScanCommand({ TableName: strict.table("signups") }));
    expect((Items ?? []).filter((item) => !String(item.id).startsWith("#"))).toEqual([]);
  });
});
