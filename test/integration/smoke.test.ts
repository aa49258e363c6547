/**
 * The smoke command (infra/smoke/smoke.ts) against the local runtime: the same checks it runs
 * against a deployed stage, a local URL. The runtime serves the local build at its own origin
 * (infra/local/site-origin.ts), so the canonical origin is the runtime's URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
