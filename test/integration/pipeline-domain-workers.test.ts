/**
 * The pipeline after the write, against real stand-ins (dynalite, aws-ses-v2-local): outbox relay,
 * geo-IP enrichment, and the notification e-mails with their exactly-once claims.
 */
import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { GetCommand, PutCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { mockClient } from "aws-sdk-client-mock";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ContactRequest, type DomainEvent, type SignupCreated, SignupRequest } from "../../events";
import { lookupCountry } from "../../functions/lib/geoip";
import type { EmailMessage, Mailer } from "../../functions/lib/mailer";
import { QUEUE_ATTRIBUTE } from "../../functions/lib/publisher";
import { SesMailer } from "../../functions/lib/ses-mailer";
import { relayOutboxEvent, sweepOutbox } from "../../functions/model/outbox";
import { emailClaimKey } from "../../functions/pipeline/email-once";
import type { Audience } from "../../functions/pipeline/planned-email";
import { createEnrichHandler } from "../../functions/pipeline/routes/enrich";
import { createNotifyHandler } from "../../functions/pipeline/routes/notify";
import { acceptContact, acceptSignup, type SubmissionDeps } from "../../functions/pipeline/submissions";
import { startDynalite, type TestDynamo } from "../support/dynamo";
import { RecordingPublisher } from "../support/recording-publisher";
import { startSesLocal, type TestSes } from "../support/ses";
import { sqsEvent } from "../support/sqs-event";

process.env.LOG_LEVEL = "silent";

let dynamo: TestDynamo;
let ses: TestSes;
let now: Date;

beforeAll(async () => {
  [dynamo, ses] = await Promise.all([startDynalite(), startSesLocal()]);
});
afterAll(async () => {
  await Promise.all([dynamo?.close(), ses?.close()]);
});
beforeEach(async () => {
  now = new Date("2025-03-04T10:00:00.000Z");
  await ses.clear();
});

const config = {
  siteUrl: "http://localhost:3000",
  staffInbox: "staff@repdesk.example.com",
  senderAddress: "hello@repdesk.example.com",
};

function submissionDeps(records: string): SubmissionDeps {
  return {
    db: dynamo.db,
    clock: () => now,
    newId: () => crypto.randomUUID(),
    tables: { records, outbox: dynamo.tables.outbox, audit: dynamo.tables.audit },
  };
}

/** Accepts a signup and returns the event the relay publishes for it. */
async function signupEvent(ipAddress: string | undefined, email = "ada@example.com"): Promise<SignupCreated> {
  const { id } = await acceptSignup(
    submissionDeps(dynamo.tables.signups),
    {
      firstName: "Ada",
      lastName: "Lovelace <script>",
      email,
      teamSize: "solo",
      productLines: "single",
      notes: "Hi & <b>bye</b>",
    },
    ipAddress ? { ipAddress } : {},
  );
  const publisher = new RecordingPublisher();
  await sweepOutbox({
    db: dynamo.db,
    publisher,
    olderThanMs: 0,
    limit: 100,
    outboxTable: dynamo.tables.outbox,
  });
  const event = publisher.events.find((candidate) => "id" in candidate.data && candidate.data.id === id);
  if (event?.type !== "signup.created") throw new Error("no signup.created event was relayed");
  return event;
}

async function signupItem(id: string) {
  return (await dynamo.db.send(new GetCommand({ TableName: dynamo.tables.signups, Key: { id } }))).Item;
}

describe("outbox relay", () => {
  it("publishes the event and deletes the outbox item; a failed publish leaves it for the next sweep", async () => {
    const { id } = await acceptContact(
      submissionDeps(dynamo.tables.contacts),
      ContactRequest.parse({
        firstName: "G",
        lastName: "H",
        email: "g@example.com",
        subject: "demo",
        message: "m",
        newsletter: false,
      }),
    );
    const items = (await dynamo.db.send(new ScanCommand({ TableName: dynamo.tables.outbox }))).Items ?? [];
    const item = items.find((candidate) => String(candidate.event).includes(id));
    expect(item).toBeDefined();

    const publisher = new RecordingPublisher();
    publisher.failNext = 1;
    await expect(
      relayOutboxEvent(item as Record<string, unknown>, publisher, dynamo.db, dynamo.tables.outbox),
    ).rejects.toThrow();
    expect(
      (await dynamo.db.send(new GetCommand({ TableName: dynamo.tables.outbox, Key: { id: item?.id } }))).Item,
    ).toBeDefined();

    const swept = await sweepOutbox({
      db: dynamo.db,
      publisher,
      olderThanMs: 0,
      limit: 100,
      outboxTable: dynamo.tables.outbox,
    });
    expect(swept).toEqual({ relayed: 1, failed: 0 });
    expect(
      publisher.events.map((event) => [event.type, "id" in event.data ? event.data.id : undefined]),
    ).toEqual([["contact.received", id]]);
    expect((await dynamo.db.send(new ScanCommand({ TableName: dynamo.tables.outbox }))).Items).toEqual([]);
  });

  it("leaves items younger than olderThanMs to the stream", async () => {
    await acceptSignup(
      submissionDeps(dynamo.tables.signups),
      SignupRequest.parse({
        firstName: "A",
        lastName: "B",
        email: "a@example.com",
        teamSize: "team",
        productLines: "single",
      }),
    );
    const publisher = new RecordingPublisher();
    const young = await sweepOutbox({
      db: dynamo.db,
      publisher,
      olderThanMs: 60_000,
      limit: 100,
      outboxTable: dynamo.tables.outbox,
      clock: () => new Date(now.getTime() + 30_000),
    });
    expect(young.relayed).toBe(0);
    const old = await sweepOutbox({
      db: dynamo.db,
      publisher,
      olderThanMs: 60_000,
      limit: 100,
      outboxTable: dynamo.tables.outbox,
      clock: () => new Date(now.getTime() + 61_000),
    });
    expect(old.relayed).toBe(1);
  });
});

describe("enrichment worker", () => {
  const enrich = createEnrichHandler(() => ({
    db: dynamo.db,
    signupsTable: dynamo.tables.signups,
    lookupCountry,
  }));

  it.each([
    ["8.8.8.8", "US", "United States"],
    ["81.2.69.142", "GB", "United Kingdom"],
    ["::ffff:81.2.69.142", "GB", "United Kingdom"],
  ])("writes the country of %s", async (ip, countryCode, country) => {
    const event = await signupEvent(ip);
    expect(await enrich(sqsEvent([event]))).toEqual({ batchItemFailures: [] });
    expect(await signupItem(event.data.id)).toMatchObject({
      countryCode,
      country,
      ipAddress: ip.replace("::ffff:", ""),
    });
    // Redelivery changes nothing and does not fail.
    expect(await enrich(sqsEvent([event], 2))).toEqual({ batchItemFailures: [] });
    expect(await signupItem(event.data.id)).toMatchObject({ countryCode, country });
  });

  it.each(["10.1.2.3", "192.168.0.10", "127.0.0.1", "100.64.1.1", "169.254.9.9", "::1", "fe80::1"])(
    "leaves the country unset for %s",
    async (ip) => {
      const event = await signupEvent(ip);
      expect(await enrich(sqsEvent([event]))).toEqual({ batchItemFailures: [] });
      const item = await signupItem(event.data.id);
      expect(item?.ipAddress).toBe(ip);
      expect(item?.country).toBeUndefined();
      expect(item?.countryCode).toBeUndefined();
    },
  );

  it("does not fail for a signup deleted meanwhile, and fails only the unreadable message of a batch", async () => {
    const event = await signupEvent("8.8.8.8");
    const ghost: DomainEvent = {
      ...event,
      id: crypto.randomUUID(),
      data: { ...event.data, id: crypto.randomUUID() },
    };
    const batch = sqsEvent([ghost, "not json", { type: "signup.created", data: {} }, event]);
    const result = await enrich(batch);
    expect(result.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual([
      batch.Records[1]?.messageId,
      batch.Records[2]?.messageId,
    ]);
    expect(await signupItem(ghost.data.id)).toBeUndefined();
  });
});

/** Fails the first `failures` sends, then delegates. */
class FlakyMailer implements Mailer {
  constructor(
    private readonly inner: Mailer,
    private failures: number,
  ) {}
  async send(message: EmailMessage) {
    if (this.failures > 0) {
      this.failures -= 1;
      throw Object.assign(new Error("SES throttled"), { name: "TooManyRequestsException" });
    }
    return this.inner.send(message);
  }
}

describe("notification worker", () => {
  const notifyWith = (mailer: Mailer, lane: Audience = "staff") =>
    createNotifyHandler(lane, () => ({
      claims: {
        db: dynamo.db,
        ephemeralTable: dynamo.tables.ephemeral,
        mailer,
        clock: () => now,
        newToken: () => crypto.randomUUID(),
      },
      config,
    }));

  it("sends the staff alert and the acknowledgement once, and nothing on redelivery", async () => {
    const notify = notifyWith(new SesMailer(ses.client));
    const event = await signupEvent("8.8.8.8");
    expect(await notify(sqsEvent([event]))).toEqual({ batchItemFailures: [] });
    expect(await notify(sqsEvent([event, event], 2))).toEqual({ batchItemFailures: [] });

    const emails = await ses.emails();
    expect(emails).toHaveLength(2);
    const alert = emails.find((email) => email.destination.to.includes(config.staffInbox));
    const ack = emails.find((email) => email.destination.to.includes("ada@example.com"));
    expect(alert?.replyTo).toEqual(["ada@example.com"]);
    expect(alert?.from).toContain(config.senderAddress);
    expect(alert?.subject).toBe("New signup: Ada Lovelace <script> (Solo (Just me), Single Line)");
    expect(alert?.body.html).toContain("http://localhost:3000/commandcenter/signups");
    expect(alert?.body.html).toContain("Lovelace &lt;script&gt;");
    expect(alert?.body.html).not.toContain("<script>");
    expect(alert?.body.html).toContain("Hi &amp; &lt;b&gt;bye&lt;/b&gt;");
    expect(alert?.body.text).toContain("Notes: Hi & <b>bye</b>");
    expect(ack?.replyTo).toEqual([config.staffInbox]);
    expect(ack?.body.text).toContain("within 24 hours on weekdays");
    expect(ack?.body.text).toContain("customer success representative");
  });

  it("sends each lane's e-mail from its own queue, and both for a message queued before the lanes", async () => {
    const mailer = new SesMailer(ses.client);
    // Addresses of its own: each address gets three acknowledgements a day.
    const event = await signupEvent("8.8.8.8", "ada.lanes@example.com");
    const inQueue = (queue: string) => sqsEvent([event], 1, { [QUEUE_ATTRIBUTE]: queue });
    expect(await notifyWith(mailer, "prospect")(inQueue("acknowledgement"))).toEqual({
      batchItemFailures: [],
    });
    expect((await ses.emails()).map((email) => email.destination.to[0])).toEqual(["ada.lanes@example.com"]);
    expect(await notifyWith(mailer, "staff")(inQueue("notification"))).toEqual({ batchItemFailures: [] });
    expect((await ses.emails()).map((email) => email.destination.to[0]).sort()).toEqual([
      "ada.lanes@example.com",
      config.staffInbox,
    ]);

    // Queued by the relay before the lanes: no queue attribute, the staff lane sends both e-mails;
    // the claims keep a redelivery from sending either again.
    await ses.clear();
    const older = await signupEvent("8.8.4.4", "ada.older@example.com");
    expect(await notifyWith(mailer, "staff")(sqsEvent([older]))).toEqual({ batchItemFailures: [] });
    expect(
      await notifyWith(mailer, "prospect")(sqsEvent([older], 1, { [QUEUE_ATTRIBUTE]: "acknowledgement" })),
    ).toEqual({
      batchItemFailures: [],
    });
    expect((await ses.emails()).map((email) => email.destination.to[0]).sort()).toEqual([
      "ada.older@example.com",
      config.staffInbox,
    ]);
  });

  it("sends contact e-mails too", async () => {
    const { id } = await acceptContact(
      submissionDeps(dynamo.tables.contacts),
      ContactRequest.parse({
        firstName: "Grace",
        lastName: "Hopper",
        email: "grace@example.com",
        phone: "+1 555 0100",
        subject: "billing",
        message: "Line one\nLine two",
        newsletter: true,
      }),
    );
    const publisher = new RecordingPublisher();
    await sweepOutbox({
      db: dynamo.db,
      publisher,
      olderThanMs: 0,
      limit: 100,
      outboxTable: dynamo.tables.outbox,
    });
    const event = publisher.events.find((candidate) => "id" in candidate.data && candidate.data.id === id);
    expect(await notifyWith(new SesMailer(ses.client))(sqsEvent([event]))).toEqual({ batchItemFailures: [] });
    const emails = await ses.emails();
    expect(emails.map((email) => email.destination.to[0]).sort()).toEqual([
      "grace@example.com",
      config.staffInbox,
    ]);
    const alert = emails.find((email) => email.destination.to.includes(config.staffInbox));
    expect(alert?.subject).toBe("New contact message (Billing): Grace Hopper");
    expect(alert?.body.text).toContain("Phone: +1 555 0100");
    expect(emails.find((email) => email.destination.to.includes("grace@example.com"))?.body.text).toContain(
      "within 24 hours",
    );
  });

  // SES refuses a send over the account's quota (14/s, 50,000/day on a first production account).
  // A fault the SES stand-in cannot produce, so aws-sdk-client-mock answers for one client instance.
  it.each([
    ["the sending rate", "TooManyRequestsException", "Maximum sending rate exceeded."],
    ["the daily quota", "LimitExceededException", "Daily message quota exceeded."],
  ])(
    "SES refusing for %s fails the message, and the retry later sends each e-mail once",
    async (_what, name, message) => {
      const client = new SESv2Client({ region: "us-east-1" });
      const ses = mockClient(client);
      ses
        .on(SendEmailCommand)
        .rejectsOnce(Object.assign(new Error(message), { name, $metadata: {} }))
        .resolves({ MessageId: "sent" });
      const notify = notifyWith(new SesMailer(client, undefined, { minIntervalMs: 0 }));
      const event = await signupEvent("8.8.8.8", `quota-${name}@example.com`);
      const first = sqsEvent([event]);
      expect(await notify(first)).toEqual({
        batchItemFailures: [{ itemIdentifier: first.Records[0]?.messageId }],
      });
      expect(await notify(sqsEvent([event], 2))).toEqual({ batchItemFailures: [] });
      expect(await notify(sqsEvent([event], 3))).toEqual({ batchItemFailures: [] });
      // One refused try, then the staff alert and the acknowledgement once each.
      const sent = ses
        .commandCalls(SendEmailCommand)
        .map((call) => call.args[0].input.Destination?.ToAddresses?.[0]);
      expect(sent.slice(1).sort()).toEqual([config.staffInbox, `quota-${name}@example.com`].sort());
      expect(sent).toHaveLength(3);
    },
  );

  it("after an SES failure, the retry sends each e-mail exactly once", async () => {
    const event = await signupEvent("8.8.8.8");
    // Staff alert goes out, the acknowledgement fails: the message fails and is retried.
    const flaky = new FlakyMailer(new SesMailer(ses.client), 0);
    const notify = notifyWith(flaky);
    const ackFails: Mailer = {
      send: (message) =>
        message.to.includes(config.staffInbox) ? flaky.send(message) : Promise.reject(new Error("SES down")),
    };
    const first = sqsEvent([event]);
    expect((await notifyWith(ackFails)(first)).batchItemFailures).toEqual([
      { itemIdentifier: first.Records[0]?.messageId },
    ]);
    expect(await ses.emails()).toHaveLength(1);

    expect(await notify(sqsEvent([event], 2))).toEqual({ batchItemFailures: [] });
    const emails = await ses.emails();
    expect(emails.map((email) => email.destination.to[0]).sort()).toEqual([
      "ada@example.com",
      config.staffInbox,
    ]);
  });

  it("a failure of the first send releases the claim so the retry sends at once", async () => {
    const event = await signupEvent("8.8.8.8");
    const notify = notifyWith(new FlakyMailer(new SesMailer(ses.client), 1));
    expect((await notify(sqsEvent([event]))).batchItemFailures).toHaveLength(1);
    expect(await ses.emails()).toHaveLength(0);
    expect(await notify(sqsEvent([event], 2))).toEqual({ batchItemFailures: [] });
    expect(await ses.emails()).toHaveLength(2);
  });

  it("a live claim by another delivery fails the message; an expired lease is taken over", async () => {
    // Its own address: earlier tests used the day's acknowledgements of ada@example.com.
    const event = await signupEvent("8.8.8.8", "ada.lease@example.com");
    await dynamo.db.send(
      new PutCommand({
        TableName: dynamo.tables.ephemeral,
        Item: {
          pk: emailClaimKey(event.id, "staff-alert"),
          state: "sending",
          token: "other",
          leaseUntil: now.getTime() + 60_000,
        },
      }),
    );
    const notify = notifyWith(new SesMailer(ses.client));
    expect((await notify(sqsEvent([event]))).batchItemFailures).toHaveLength(1);
    expect(await ses.emails()).toHaveLength(0);

    now = new Date(now.getTime() + 61_000);
    expect(await notify(sqsEvent([event], 2))).toEqual({ batchItemFailures: [] });
    expect(await ses.emails()).toHaveLength(2);
    const claim = await dynamo.db.send(
      new GetCommand({
        TableName: dynamo.tables.ephemeral,
        Key: { pk: emailClaimKey(event.id, "staff-alert") },
      }),
    );
    expect(claim.Item).toMatchObject({ state: "sent" });
    expect(Number(claim.Item?.expiresAt)).toBeGreaterThan(now.getTime() / 1000 + 6 * 24 * 3600);
  });
});
