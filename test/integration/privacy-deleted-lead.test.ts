/**
 * What was derived from a lead outlives the lead, and a privacy request still reaches it
 * (docs/decisions/0119-personal-data-map.md); lead ids are the server's
 * (docs/decisions/0120-server-issued-lead-ids.md). Over real HTTP against the local runtime, with
 * a webhook endpoint active:
 * - a signup is delivered, noted on and acknowledged; staff delete the lead; then find, export and
 *   erase of its address still reach its timeline and deliveries; afterwards a scan of every local
 *   table finds the address and the name nowhere, only the erasure marks; a replay of one of its
 *   deliveries is refused with the product's text and the receiver gets nothing;
 * - a new signup sent with a deleted lead's submissionId is a new lead under a new id: it sees
 *   none of the old lead's timeline, and its webhooks go out.
 */
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrivacyExport } from "../../events/privacy";
import { type DeliveryView, INTEGRATIONS_MESSAGES } from "../../events/webhooks";
import { canonicalForm } from "../../functions/model/identity";
import { TABLES, type TableKey } from "../../functions/model/tables";
import type { RuntimeProcess } from "../support/runtime";
import { startWebhookRuntime } from "../support/webhooks";
import { call, FIRST_ADMIN, signIn } from "./auth-support";

let runtime: RuntimeProcess;
let admin: string;
let endpointId: string;

const PERSON = { firstName: "Clean", lastName: "Personwick", email: "clean.person@example.com" };
const RECEIVER = "erase-deleted";

beforeAll(async () => {
  runtime = await startWebhookRuntime();
  admin = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
  const added = await send("POST", "/api/integrations/endpoints", {
    kind: "webhook",
    url: receiverUrl(RECEIVER),
    events: ["signup.created"],
    description: "privacy test receiver",
  });
  expect(added.status, added.text).toBe(201);
  endpointId = String((added.json?.endpoint as { id: string } | undefined)?.id);
}, 300_000);

afterAll(async () => {
  await runtime?.stop();
});

const receiverUrl = (name: string) => `${runtime.url}/__local/webhooks/${name}`;

async function received(name: string): Promise<{ body: string }[]> {
  const answer = await fetch(receiverUrl(name));
  return ((await answer.json()) as { received: { body: string }[] }).received;
}

const send = (method: string, path: string, body?: unknown) =>
  call(runtime, method, path, {
    cookie: admin,
    headers: { origin: runtime.url },
    ...(body === undefined ? {} : { body }),
  });

async function signup(person: typeof PERSON, submissionId?: string): Promise<string> {
  const answer = await call(runtime, "POST", "/api/signup", {
    body: { ...person, teamSize: "solo", productLines: "single", ...(submissionId ? { submissionId } : {}) },
    ip: "203.0.113.41",
  });
  expect(answer.status, answer.text).toBe(201);
  return String(answer.json?.id);
}

async function everyItem(): Promise<{ table: TableKey; item: Record<string, unknown> }[]> {
  const all: { table: TableKey; item: Record<string, unknown> }[] = [];
  for (const table of Object.keys(TABLES) as TableKey[]) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await runtime.db.send(
        new ScanCommand({ TableName: runtime.table(table), ExclusiveStartKey: start, ConsistentRead: true }),
      );
      for (const item of page.Items ?? []) all.push({ table, item });
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return all;
}

const text = (item: unknown) =>
  canonicalForm(JSON.stringify(item, (_, value) => (value instanceof Set ? [...value] : value)));

async function deliveriesOf(): Promise<DeliveryView[]> {
  const answer = await send("GET", `/api/integrations/endpoints/${endpointId}/deliveries`);
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as { deliveries: DeliveryView[] }).deliveries;
}

describe("a lead deleted before its person is erased", () => {
  it("leaves nothing findable after the erasure, and a replay of its delivery is refused", async () => {
    const id = await signup(PERSON);
    const note = await send("POST", `/api/admin/signups/${id}/notes`, { text: `Called ${PERSON.lastName}` });
    expect(note.status, note.text).toBe(201);
    await runtime.waitFor(async () => ((await received(RECEIVER)).length === 1 ? true : undefined));
    await runtime.waitFor(() => runtime.settled());
    const [delivery] = await deliveriesOf();
    expect(delivery?.state).toBe("delivered");

    const deleted = await send("DELETE", `/api/admin/signups/${id}`);
    expect(deleted.status, deleted.text).toBe(204);
    expect((await send("GET", `/api/admin/signups/${id}`)).status).toBe(404);

    // Found and exported though the lead is gone: its timeline (the note, the acknowledgement's
    // entry with its `to:`, the deletion) and its delivery with the payload.
    const found = await send("POST", "/api/privacy/find", { email: PERSON.email.toUpperCase() });
    expect(found.status, found.text).toBe(200);
    const counts = found.json?.counts as Record<string, number>;
    expect(counts).toMatchObject({ signupRecords: 0, deletedLeads: 1, webhookDeliveries: 1 });
    expect(counts.timelineEntries).toBeGreaterThanOrEqual(2); // the note and the deletion
    expect(counts.emailsSent).toBeGreaterThanOrEqual(1); // the acknowledgement
    const exported = await send("POST", "/api/privacy/export", { email: PERSON.email });
    const file = exported.json as unknown as PrivacyExport;
    expect(file.deletedLeads).toEqual([expect.objectContaining({ kind: "signup", id })]);
    expect(file.timelines).toEqual([expect.objectContaining({ leadId: id, deleted: true })]);
    expect(String(file.webhookDeliveries[0]?.body)).toContain(PERSON.email);

    const erased = await send("POST", "/api/privacy/erase", {
      email: PERSON.email,
      confirmEmail: PERSON.email,
      password: FIRST_ADMIN.password,
    });
    expect(erased.status, erased.text).toBe(200);
    expect(erased.json?.erased).toMatchObject({ deletedLeads: 1, webhookDeliveries: 1 });
    await runtime.waitFor(() => runtime.settled());

    // No table holds the address or the name any more: only marks (ids, times, keyed references).
    const forbidden = [PERSON.email, PERSON.lastName].map(canonicalForm);
    const leaks = (await everyItem()).filter(({ item }) =>
      forbidden.some((word) => text(item).includes(word)),
    );
    expect(leaks).toEqual([]);
    const again = await send("POST", "/api/privacy/find", { email: PERSON.email });
    expect(Object.values(again.json?.counts as Record<string, number>).every((count) => count === 0)).toBe(
      true,
    );

    // A replay of the erased delivery: refused with the reason; the receiver gets nothing more.
    const replay = await send("POST", `/api/integrations/deliveries/${delivery?.id}/replay`, {});
    expect(replay.status, replay.text).toBe(410);
    expect(replay.json?.error).toBe(INTEGRATIONS_MESSAGES.deliveryErased);
    await runtime.waitFor(() => runtime.settled());
    expect(await received(RECEIVER)).toHaveLength(1);
    expect((await deliveriesOf()).map((item) => item.id)).not.toContain(delivery?.id);
  });
});

describe("a deleted lead's id", () => {
  it("cannot be taken over: the same submissionId from another person is a new lead under a new id", async () => {
    const submissionId = crypto.randomUUID();
    const first = await signup({ ...PERSON, email: "first.owner@example.com" }, submissionId);
    expect(first).not.toBe(submissionId);
    const note = await send("POST", `/api/admin/signups/${first}/notes`, { text: "Prefers calls after 5" });
    expect(note.status, note.text).toBe(201);
    const before = (await received(RECEIVER)).length;
    expect((await send("DELETE", `/api/admin/signups/${first}`)).status).toBe(204);

    const newcomer = await signup(
      { firstName: "New", lastName: "Comer", email: "new.comer@example.com" },
      submissionId,
    );
    expect(newcomer).not.toBe(first);
    expect(newcomer).not.toBe(submissionId);
    const timeline = await send("GET", `/api/admin/signups/${newcomer}/timeline`);
    expect(timeline.status, timeline.text).toBe(200);
    expect(timeline.text).not.toContain("Prefers calls after 5");
    expect((await send("GET", `/api/admin/signups/${first}`)).status).toBe(404);
    // The newcomer's webhook goes out.
    await runtime.waitFor(async () => {
      const got = await received(RECEIVER);
      return got.length > before && got.some((hit) => hit.body.includes("new.comer@example.com"))
        ? true
        : undefined;
    });
  });

  it("a double submit of the same content is one lead", async () => {
    const submissionId = crypto.randomUUID();
    const person = { ...PERSON, email: "double.click@example.com" };
    const [one, two] = await Promise.all([signup(person, submissionId), signup(person, submissionId)]);
    expect(two).toBe(one);
    const stored = (await everyItem()).filter(
      ({ table, item }) => table === "signups" && item.email === person.email,
    );
    expect(stored).toHaveLength(1);
  });
});
