/**
 * The whole pipeline through the local runtime over real HTTP: API -> dynalite (record + outbox) ->
 * outbox sweep -> local queues -> enrichment and notification workers -> aws-ses-v2-local.
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson } from "../support/post-json";
import { type RuntimeProcess, startRuntime } from "../support/runtime";

const PUBLIC_GB_ADDRESS = "81.2.69.142";

function post(runtime: RuntimeProcess, path: string, body: unknown, headers: Record<string, string> = {}) {
  return postJson(`${runtime.url}${path}`, body, { headers });
}

describe("local runtime pipeline, trusting the client's viewer address", () => {
  let runtime: RuntimeProcess;
  beforeAll(async () => {
    runtime = await startRuntime({ env: { TRUST_VIEWER_ADDRESS: "1", WEB_DIST_DIR: "/nonexistent-dist" } });
  });
  afterAll(async () => {
    await runtime?.stop();
  });

  it("stores a signup, enriches it with the country and sends the staff alert and the acknowledgement", async () => {
    const email = `ada+${Date.now()}@example.com`;
    const response = await post(
      runtime,
      "/api/signup",
      { firstName: "Ada", lastName: "Lovelace", email, teamSize: "team", productLines: "multiple" },
      { "CloudFront-Viewer-Address": `${PUBLIC_GB_ADDRESS}:1234` },
    );
    expect(response.status).toBe(201);
    const { ok, id } = (await response.json()) as { ok: boolean; id: string };
    expect(ok).toBe(true);

    const key = { TableName: runtime.table("signups"), Key: { id } };
    const stored = (await runtime.db.send(new GetCommand(key))).Item;
    expect(stored).toMatchObject({ firstName: "Ada", lastName: "Lovelace", email });

    const enriched = await runtime.waitFor(async () => {
      const item = (await runtime.db.send(new GetCommand(key))).Item;
      return item?.countryCode ? item : undefined;
    });
    expect(enriched).toMatchObject({
      ipAddress: PUBLIC_GB_ADDRESS,
      countryCode: "GB",
      country: "United Kingdom",
    });

    const emails = await runtime.waitFor(async () => {
      const all = await runtime.emails();
      return all.length >= 2 ? all : undefined;
    });
    const recipients = emails.flatMap((message) => message.destination.to).sort();
    expect(recipients).toEqual([email, "staff@repdesk.example.com"].sort());

    // Nothing left over and nothing dead: every message was delivered and deleted.
    await runtime.waitFor(async () => {
      const { queues } = await runtime.queues();
      return Object.values(queues).every((counts) => counts.pending === 0 && counts.inFlight === 0);
    });
    const report = await runtime.queues();
    expect(report.deadLetters).toEqual([]);
    expect(await runtime.emails()).toHaveLength(2);
  });
});

describe("local runtime pipeline, playing CloudFront", () => {
  let runtime: RuntimeProcess;
  beforeAll(async () => {
    runtime = await startRuntime({ env: { WEB_DIST_DIR: "/nonexistent-dist" } });
  });
  afterAll(async () => {
    await runtime?.stop();
  });

  it("stores a contact message with the socket's address (a client-sent viewer address is dropped) and sends two e-mails", async () => {
    const email = `grace+${Date.now()}@example.com`;
    const response = await post(
      runtime,
      "/api/contact",
      { firstName: "Grace", lastName: "Hopper", email, subject: "sales", message: "Tell me more." },
      { "CloudFront-Viewer-Address": `${PUBLIC_GB_ADDRESS}:1234` },
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const stored = (
      await runtime.db.send(new GetCommand({ TableName: runtime.table("contacts"), Key: { id } }))
    ).Item;
    expect(stored).toMatchObject({ firstName: "Grace", email, subject: "sales", message: "Tell me more." });
    expect(["127.0.0.1", "::1"]).toContain(stored?.ipAddress);

    const emails = await runtime.waitFor(async () => {
      const all = await runtime.emails();
      return all.length >= 2 ? all : undefined;
    });
    expect(emails.flatMap((message) => message.destination.to).sort()).toEqual(
      [email, "staff@repdesk.example.com"].sort(),
    );
  });
});
