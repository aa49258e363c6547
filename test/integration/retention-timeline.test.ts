/**
 * With a retention period, everything a lead's timeline holds expires with the lead
 * (functions/model/retention.ts, docs/decisions/0096-retention-you-can-see.md): the desk's entries,
 * notes, replies and their claims, the deletion entry, the e-mails' entries, and the entry that
 * links a returning prospect's submission. The domain functions against a real dynalite.
 */
import { QueryCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainEvent } from "../../events";
import { deleteLead } from "../../functions/leads/delete-lead";
import { changeLead, readLead, writeNote } from "../../functions/leads/lead-desk";
import { reminderDueAt, sendDueReminders } from "../../functions/leads/reminders";
import { sendReply } from "../../functions/leads/reply";
import type { EmailMessage, Mailer } from "../../functions/lib/mailer";
import { stageCalendar } from "../../functions/model/calendar";
import { SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { leadExpiry } from "../../functions/model/retention";
import { timelinePk } from "../../functions/model/timeline";
import { notify } from "../../functions/pipeline/notifications";
import { acceptSignup } from "../../functions/pipeline/submissions";
import { startDynalite, type TestDynamo } from "../support/dynamo";

process.env.LOG_LEVEL = "silent";

const RETENTION_DAYS = 30;
let dynamo: TestDynamo;
const now = new Date("2026-03-04T15:00:00.000Z");
const sent: EmailMessage[] = [];
const mailer: Mailer = {
  send: async (message) => {
    sent.push(message);
    return { messageId: `m-${sent.length}` };
  },
};

beforeAll(async () => {
  dynamo = await startDynalite();
});
afterAll(async () => {
  await dynamo?.close();
});

const deskDeps = () => ({
  db: dynamo.db,
  tables: { records: dynamo.tables.signups, audit: dynamo.tables.audit },
  clock: () => now,
});

async function accept(email: string, at: Date) {
  return acceptSignup(
    {
      db: dynamo.db,
      clock: () => at,
      newId: () => crypto.randomUUID(),
      tables: { records: dynamo.tables.signups, outbox: dynamo.tables.outbox, audit: dynamo.tables.audit },
      retentionDays: RETENTION_DAYS,
    },
    { firstName: "Ada", lastName: "Lovelace", email, teamSize: "solo", productLines: "single", notes: "" },
  );
}

/** Every item stored under the lead's timeline key: the entries (the claims have their own keys). */
async function timelineItems(id: string): Promise<Record<string, unknown>[]> {
  const page = await dynamo.db.send(
    new QueryCommand({
      TableName: dynamo.tables.audit,
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": timelinePk("signup", id) },
      ConsistentRead: true,
    }),
  );
  return page.Items ?? [];
}

describe("a lead's timeline under a retention period", () => {
  it("expires every entry, note, reply, claim and e-mail entry with the lead", async () => {
    const created = new Date("2026-03-01T09:00:00.000Z");
    const { id } = await accept("retained@example.com", created);
    const record = await readLead(deskDeps(), SIGNUP_KIND, id);
    const expiresAt = leadExpiry(created.toISOString(), RETENTION_DAYS);
    expect(expiresAt).toBe(Math.floor(created.getTime() / 1000) + RETENTION_DAYS * 86_400);
    expect(record?.expiresAt).toBe(expiresAt);

    // A returning prospect: the second submission links to the open lead.
    const later = new Date("2026-03-02T09:00:00.000Z");
    const second = await accept("Retained@Example.com", later);
    const secondExpiry = leadExpiry(later.toISOString(), RETENTION_DAYS);

    expect(
      (await changeLead(deskDeps(), SIGNUP_KIND, id, { owner: "maria", status: "qualified" }, "maria"))
        .outcome,
    ).toBe("updated");
    expect(
      (await writeNote(deskDeps(), SIGNUP_KIND, { id, text: "called, back Friday", actor: "maria" })).ok,
    ).toBe(true);
    const reply = await sendReply(
      { ...deskDeps(), mailer, newToken: () => crypto.randomUUID() },
      SIGNUP_KIND,
      {
        id,
        idempotencyKey: "reply-1",
        subject: "Your RepDesk trial",
        body: "Hello Ada",
        actor: "maria",
        replyTo: "maria@example.com",
        senderAddress: "hello@repdesk.example.com",
      },
    );
    expect(reply.ok).toBe(true);
    const event = {
      type: "signup.created",
      version: 1,
      id: "event-1",
      occurredAt: created.toISOString(),
      data: { ...record, id, createdAt: created.toISOString() },
    } as unknown as DomainEvent;
    await notify(
      {
        db: dynamo.db,
        ephemeralTable: dynamo.tables.ephemeral,
        mailer,
        clock: () => now,
        newToken: () => crypto.randomUUID(),
      },
      {
        siteUrl: "http://localhost:3000",
        staffInbox: "staff@repdesk.example.com",
        senderAddress: "hello@repdesk.example.com",
        auditTable: dynamo.tables.audit,
        retentionDays: RETENTION_DAYS,
      },
      event,
    );
    expect(await deleteLead(deskDeps(), SIGNUP_KIND, { id, actor: "maria" })).toBe("deleted");

    const items = await timelineItems(id);
    const byType = (type: string) => items.filter((item) => item.type === type);
    expect(byType("status").length + byType("owner").length).toBeGreaterThan(0);
    for (const type of ["note", "reply", "email", "deletion"])
      expect(byType(type).length, type).toBeGreaterThan(0);
    const linked = byType("linked");
    expect(linked.map((item) => [item.otherId, item.expiresAt])).toEqual([[second.id, secondExpiry]]);
    for (const item of items.filter((entry) => entry.type !== "linked"))
      expect([item.type, item.expiresAt]).toEqual([item.type, expiresAt]);

    const claims = await dynamo.db.send(
      new QueryCommand({
        TableName: dynamo.tables.audit,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": String(byType("reply")[0]?.replyClaim) },
        ConsistentRead: true,
      }),
    );
    expect((claims.Items ?? []).map((claim) => claim.expiresAt)).toEqual([expiresAt]);
  });

  it("puts the lead's expiry in its reminder, for the reminder e-mail's timeline entry", async () => {
    const created = new Date("2026-03-09T14:00:00.000Z");
    const { id } = await accept("reminded@example.com", created);
    const calendar = stageCalendar();
    const due = new Date(reminderDueAt(calendar, created.getTime()) + 60_000);
    const publisher: DomainEvent[] = [];
    const queued = await sendDueReminders(
      {
        db: dynamo.db,
        kinds: [{ lead: SIGNUP_KIND, table: dynamo.tables.signups }],
        tables: { outbox: dynamo.tables.outbox, audit: dynamo.tables.audit, users: dynamo.tables.users },
        calendar,
        newId: () => crypto.randomUUID(),
        clock: () => due,
      },
      due,
    );
    expect(queued).toBeGreaterThan(0);
    const outbox = await dynamo.db.send(
      new ScanCommand({ TableName: dynamo.tables.outbox, ConsistentRead: true }),
    );
    for (const item of outbox.Items ?? []) publisher.push(JSON.parse(String(item.event)) as DomainEvent);
    const reminder = publisher.find((event) => event.type === "desk.reminder" && event.data.lead.id === id);
    expect(reminder?.type === "desk.reminder" ? reminder.data.lead.expiresAt : undefined).toBe(
      leadExpiry(created.toISOString(), RETENTION_DAYS),
    );
  });

  it("writes no expiry when the stage keeps its records", async () => {
    const { id } = await acceptSignup(
      {
        db: dynamo.db,
        clock: () => now,
        newId: () => crypto.randomUUID(),
        tables: { records: dynamo.tables.signups, outbox: dynamo.tables.outbox, audit: dynamo.tables.audit },
      },
      {
        firstName: "Kept",
        lastName: "Lead",
        email: "kept@example.com",
        teamSize: "solo",
        productLines: "single",
        notes: "",
      },
    );
    await writeNote(deskDeps(), SIGNUP_KIND, { id, text: "kept", actor: "maria" });
    const items = await timelineItems(id);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.expiresAt).toBeUndefined();
  });
});
