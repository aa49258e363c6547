import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { mockClient } from "aws-sdk-client-mock";
import { beforeEach, describe, expect, it } from "vitest";
import { ContactRequest } from "../../events/contact";
import { SignupRequest } from "../../events/signup";
import { conflictBackoffMs } from "../lib/transact";
import { CONTACT_KIND, SIGNUP_KIND } from "../model/lead-kinds";
import { eventOfOutboxItem } from "../model/outbox";
import { businessCalendar } from "../model/response-clock";
import { accept, acceptSignup, isHoneypotFilled, TRANSACTION_ATTEMPTS } from "./submissions";

const cancelled = (...codes: string[]) =>
  Object.assign(new Error("Transaction cancelled"), {
    name: "TransactionCanceledException",
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe("acceptSignup against DynamoDB faults dynalite cannot produce", () => {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: "us-east-1" }));
  const mock = mockClient(db);
  const waits: number[] = [];
  const deps = {
    db,
    clock: () => new Date("2025-03-04T10:00:00.000Z"),
    newId: () => crypto.randomUUID(),
    tables: { records: "Signups", outbox: "Outbox", audit: "AuditLog", ephemeral: "Ephemeral" },
    sleep: async (ms: number) => {
      waits.push(ms);
    },
  };
  const input = SignupRequest.parse({
    firstName: "A",
    lastName: "B",
    email: "a@example.com",
    teamSize: "solo",
    productLines: "single",
    submissionId: "1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b",
  });

  beforeEach(() => {
    mock.reset();
    // No open lead for the address (functions/model/prospects.ts reads its lookup first).
    mock.on(GetCommand).resolves({});
    waits.length = 0;
  });

  it("retries a transaction that conflicted with a concurrent one", async () => {
    mock
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled("None", "None", "TransactionConflict"))
      .rejectsOnce(cancelled("None", "None", "None", "TransactionConflict"))
      .resolves({});
    const accepted = await acceptSignup(deps, input);
    // The server's id, never the browser's (docs/decisions/0120-server-issued-lead-ids.md).
    expect(accepted).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), duplicate: false });
    expect(accepted.id).not.toBe(input.submissionId);
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it("answers duplicate when a retry finds the record written by the attempt that seemed to fail", async () => {
    const first = crypto.randomUUID();
    // The double-submit item (functions/pipeline/double-submit.ts) names the first answer's lead.
    mock.on(GetCommand, { TableName: "Ephemeral" }).resolves({ Item: { pk: "submission#x", leadId: first } });
    mock
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled("None", "TransactionConflict"))
      .rejects(cancelled("ConditionalCheckFailed", "None"));
    expect(await acceptSignup(deps, input)).toEqual({ id: first, duplicate: true });
    // The double-submit item is the transaction's first action, keyed by a hash, not the id.
    const write = mock.commandCalls(TransactWriteCommand)[1]?.args[0].input.TransactItems?.[0]?.Put;
    expect(write?.TableName).toBe("Ephemeral");
    expect(JSON.stringify(write?.Item)).not.toContain(input.submissionId);
  });

  it("gives up after a bounded number of attempts (the API answers 503)", async () => {
    mock.on(TransactWriteCommand).rejects(cancelled("None", "TransactionConflict"));
    await expect(acceptSignup(deps, input)).rejects.toMatchObject({ name: "TransactionCanceledException" });
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(TRANSACTION_ATTEMPTS);
  });

  it("does not retry other failures", async () => {
    mock.on(TransactWriteCommand).rejects(Object.assign(new Error("bad"), { name: "ValidationException" }));
    await expect(acceptSignup(deps, input)).rejects.toThrow("bad");
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it("backs off exponentially with jitter", () => {
    expect(conflictBackoffMs(1, () => 0)).toBe(10);
    expect(conflictBackoffMs(3, () => 0.5)).toBe(80);
  });
});

describe("isHoneypotFilled", () => {
  it.each([
    [undefined, false],
    [null, false],
    ["", false],
    ["   ", false],
    [false, false],
    ["http://spam", true],
    [0, true],
    [true, true],
    [{}, true],
  ])("%o -> %s", (value, expected) => {
    expect(isHoneypotFilled(value)).toBe(expected);
  });
});

describe("retention period", () => {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: "us-east-1" }));
  const mock = mockClient(db);
  const input = SignupRequest.parse({
    firstName: "A",
    lastName: "B",
    email: "a@example.com",
    teamSize: "solo",
    productLines: "single",
  });
  const deps = (retentionDays?: number) => ({
    db,
    clock: () => new Date("2025-03-04T10:00:00.000Z"),
    newId: () => crypto.randomUUID(),
    tables: { records: "Signups", outbox: "Outbox", audit: "AuditLog" },
    retentionDays,
  });
  const writtenItems = () =>
    (mock.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? []).map(
      (action) => action.Put?.Item ?? action.Update?.ExpressionAttributeValues,
    );

  beforeEach(() => {
    mock.reset();
    mock.on(GetCommand).resolves({});
  });

  it("stamps the record and its address lookup with expiresAt = createdAt + N days, its counters with their bucket's end + N days", async () => {
    mock.on(TransactWriteCommand).resolves({});
    await acceptSignup(deps(30), input);
    const expected = Date.parse("2025-03-04T10:00:00.000Z") / 1000 + 30 * 86_400;
    const [record, outboxItem, ...rest] = writtenItems();
    const counters = rest.slice(0, -2);
    expect(record?.expiresAt).toBe(expected);
    // The open-lead lookup expires with the lead (docs/decisions/0075).
    expect(rest.at(-2)?.leadId).toBe(record?.id);
    expect(rest.at(-2)?.expiresAt).toBe(expected);
    // The person pointer outlives it by the deliveries' retention (functions/model/person-leads.ts).
    expect(rest.at(-1)).toMatchObject({ leadId: record?.id, expiresAt: expected + 30 * 86_400 });
    expect(JSON.stringify(rest.at(-1))).not.toContain("a@example.com");
    expect(outboxItem?.expiresAt).toBeUndefined();
    expect(counters.length).toBeGreaterThan(0);
    // The counters and the response figures' day item (functions/model/response-figures.ts) expire
    // with the last record their bucket can count: its end (the day's, the hour's) plus 30 days. The
    // due day's item (functions/model/promise-figures.ts) counts many leads and expires a week
    // after its day (the lead is due 2025-03-05 10:00), before any of them.
    const actions = mock.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    const dueDay = actions.findIndex((action) => String(action.Update?.Key?.id).startsWith("#promise#"));
    expect(dueDay).toBeGreaterThan(0);
    expect(Object.values(actions[dueDay]?.Update?.ExpressionAttributeValues ?? {})).toContain(
      Date.parse("2025-03-13T00:00:00.000Z") / 1000,
    );
    const dayEnd = Date.parse("2025-03-05T00:00:00.000Z") / 1000 + 30 * 86_400;
    const hourEnd = Date.parse("2025-03-04T11:00:00.000Z") / 1000 + 30 * 86_400;
    // The Sources report's items hold no one's data and are never expired
    // (docs/decisions/0144-sources-report-figures.md).
    const sourceItem = (index: number) => String(actions[index]?.Update?.Key?.id).startsWith("#sources#");
    for (const [index, counter] of counters.entries())
      if (index + 2 !== dueDay && !sourceItem(index + 2))
        expect(
          Object.values(counter ?? {}).filter((value) => value === dayEnd || value === hourEnd),
        ).toHaveLength(1);
    expect(counters.flatMap((counter) => Object.values(counter ?? {}))).toContain(hourEnd);
  });

  it("keeps records without expiry when the stage keeps data", async () => {
    mock.on(TransactWriteCommand).resolves({});
    await acceptSignup(deps(0), input);
    expect(writtenItems()[0]?.expiresAt).toBeUndefined();
  });
});

describe("accept keeps every field of the request", () => {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: "us-east-1" }));
  const mock = mockClient(db);
  const deps = {
    db,
    clock: () => new Date("2025-03-04T10:00:00.000Z"),
    newId: () => crypto.randomUUID(),
    tables: { records: "Leads", outbox: "Outbox", audit: "AuditLog" },
    calendar: businessCalendar([]),
  };
  /** Not the person's: the submission's id (the record's id), the honeypot and the fill time (never stored). */
  const NOT_FORM = ["submissionId", "website", "fillMs"];
  /** A request with every field filled: a new field of the form must be added here, or this fails. */
  const FULL = {
    signup: {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      teamSize: "team",
      productLines: "multiple",
      notes: "Call after lunch",
      source: { landingPath: "/pricing", utmSource: "newsletter", utmMedium: "email", utmCampaign: "fall" },
    },
    contact: {
      firstName: "Grace",
      lastName: "Hopper",
      email: "grace@example.com",
      phone: "+1 555 0100",
      company: "Navy",
      subject: "demo",
      message: "Hello",
      newsletter: true,
      source: { landingPath: "/contact", referrerOrigin: "https://www.google.com" },
    },
  };
  /** The channel each request's source is sorted into (functions/model/lead-channel.ts). */
  const CHANNEL = { signup: "email", contact: "organic-search" } as const;
  const requests = { signup: SignupRequest, contact: ContactRequest };

  beforeEach(() => {
    mock.reset();
    mock.on(GetCommand).resolves({});
    mock.on(TransactWriteCommand).resolves({});
  });

  it.each(["signup", "contact"] as const)(
    "stores each %s field in the record and its event",
    async (kind) => {
      const schema = requests[kind];
      const formFields = Object.keys(schema.shape).filter((key) => !NOT_FORM.includes(key));
      expect(Object.keys(FULL[kind]).sort(), "FULL names every field of the form").toEqual(
        [...formFields].sort(),
      );
      const input = schema.parse({ ...FULL[kind], submissionId: crypto.randomUUID(), website: "" });
      const { id } = await accept(deps, kind, input as never, { ipAddress: "203.0.113.9" });
      const [record, outbox] = (
        mock.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? []
      ).map((action) => action.Put?.Item);
      const event = eventOfOutboxItem(outbox ?? {});
      for (const key of formFields) {
        const sent = input[key as keyof typeof input] as unknown;
        // The source is stored with the channel the server sorted it into.
        const stored = key === "source" ? { ...(sent as object), channel: CHANNEL[kind] } : sent;
        expect(record?.[key], key).toEqual(stored);
        expect((event.data as Record<string, unknown>)[key], key).toEqual(record?.[key]);
      }
      expect(record).toMatchObject({ id, ipAddress: "203.0.113.9", createdAt: "2025-03-04T10:00:00.000Z" });
      expect(record).not.toHaveProperty("website");
      expect(record).not.toHaveProperty("submissionId");
      // Written without a second parse (events/lead-records.ts NewLead): the stored schema reads it
      // back whole, and the event carries exactly the record (without its item's kind and index
      // attributes).
      const stored = (kind === "signup" ? SIGNUP_KIND : CONTACT_KIND).schema;
      const { kind: itemKind, ...own } = record ?? {};
      expect(itemKind).toBe(kind);
      expect(stored.parse(record)).toEqual(
        Object.fromEntries(Object.entries(own).filter(([key]) => key in stored.shape)),
      );
      expect(event.data).toEqual(stored.parse(record));
    },
  );
});
