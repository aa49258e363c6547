/**
 * "Not spam" releases a held lead exactly once (docs/decisions/0151-release-exactly-once.md),
 * against dynalite and the SES stand-in: parallel releases that all reach their write commit one
 * release, and every event any of their attempts wrote — the one that committed, one the local
 * store showed for the moment before its rollback, a redelivery — is one event to the notify
 * worker, so the staff alert and the acknowledgement go once each.
 */
import {
  type DynamoDBDocumentClient,
  GetCommand,
  ScanCommand,
  TransactWriteCommand,
} from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DomainEvent } from "../../events/envelopes";
import { releaseLead } from "../../functions/leads/release";
import { SesMailer } from "../../functions/lib/ses-mailer";
import { SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { eventOfOutboxItem } from "../../functions/model/outbox";
import { releaseEventId } from "../../functions/model/quarantine";
import { businessCalendar } from "../../functions/model/response-clock";
import { notify } from "../../functions/pipeline/notifications";
import { acceptSignup } from "../../functions/pipeline/submissions";
import { startDynalite, type TestDynamo } from "../support/dynamo";
import { startSesLocal, type TestSes } from "../support/ses";

process.env.LOG_LEVEL = "silent";

let dynamo: TestDynamo;
let ses: TestSes;
beforeAll(async () => {
  [dynamo, ses] = await Promise.all([startDynalite(), startSesLocal()]);
});
afterAll(async () => {
  await Promise.all([dynamo?.close(), ses?.close()]);
});

/** The test's own clock: the hold at 10:00, the release at 10:30. */
const ARRIVED = new Date("2025-03-04T10:00:00.000Z");
const RELEASED = new Date("2025-03-04T10:30:00.000Z");
const calendar = businessCalendar([]);
const PARALLEL = 4;

/**
 * The client the releases use: every transaction waits until `parties` of them are ready and then
 * all go at once (so each release read the lead held and built its write: no timing decides it),
 * and the outbox event each transaction carries is recorded, committed or not.
 */
function meetingAtTheWrite(db: DynamoDBDocumentClient, parties: number, outboxTable: string) {
  const attempted: DomainEvent[] = [];
  const waiting: (() => void)[] = [];
  let met = false;
  const send = async (command: Parameters<DynamoDBDocumentClient["send"]>[0]) => {
    if (command instanceof TransactWriteCommand) {
      for (const action of command.input.TransactItems ?? [])
        if (action.Put?.TableName === outboxTable && action.Put.Item)
          attempted.push(eventOfOutboxItem(action.Put.Item));
      if (!met)
        await new Promise<void>((go) => {
          waiting.push(go);
          if (waiting.length < parties) return;
          met = true;
          for (const each of waiting) each();
        });
    }
    return db.send(command);
  };
  // The same client with its send wrapped; every other member is the real client's.
  const client = Object.assign(Object.create(db) as DynamoDBDocumentClient, { send });
  return { client, attempted };
}

it("commits one of parallel releases, and every event their attempts wrote sends each e-mail once", async () => {
  const email = "held.parallel@example.com";
  const { id } = await acceptSignup(
    {
      db: dynamo.db,
      clock: () => ARRIVED,
      newId: () => crypto.randomUUID(),
      tables: { records: dynamo.tables.signups, outbox: dynamo.tables.outbox, audit: dynamo.tables.audit },
      calendar,
    },
    { firstName: "Hal", lastName: "Held", email, teamSize: "solo", productLines: "single" },
    { verdict: { spam: true, score: 10, reasons: [{ code: "honeypot" }] } },
  );
  const outboxNow = async () =>
    ((await dynamo.db.send(new ScanCommand({ TableName: dynamo.tables.outbox }))).Items ?? [])
      .map(eventOfOutboxItem)
      .filter((event) => "email" in event.data && event.data.email === email);
  expect(await outboxNow(), "a held lead publishes nothing").toEqual([]);

  const meeting = meetingAtTheWrite(dynamo.db, PARALLEL, dynamo.tables.outbox);
  const deps = {
    db: meeting.client,
    tables: { records: dynamo.tables.signups, audit: dynamo.tables.audit, outbox: dynamo.tables.outbox },
    clock: () => RELEASED,
    calendar,
  };
  const outcomes = await Promise.all(
    Array.from({ length: PARALLEL }, (_, member) => releaseLead(deps, SIGNUP_KIND, id, `staff-${member}`)),
  );
  expect(outcomes.map((each) => each.outcome).sort()).toEqual(["already", "already", "already", "released"]);

  // Every request built its write: each carried the lead's one release event.
  expect(meeting.attempted).toHaveLength(PARALLEL);
  expect(new Set(meeting.attempted.map((event) => event.id))).toEqual(
    new Set([releaseEventId("signup", id)]),
  );
  const committed = await outboxNow();
  expect(committed.map((event) => event.id)).toEqual([releaseEventId("signup", id)]);
  const stored = await dynamo.db.send(new GetCommand({ TableName: dynamo.tables.signups, Key: { id } }));
  expect(stored.Item).toMatchObject({
    status: "new",
    quarantine: "released",
    releasedAt: RELEASED.toISOString(),
  });

  // The relay delivers every one of them, and the committed one twice (a redelivery).
  await ses.clear();
  const claims = {
    db: dynamo.db,
    ephemeralTable: dynamo.tables.ephemeral,
    mailer: new SesMailer(ses.client),
    clock: () => RELEASED,
    newToken: () => crypto.randomUUID(),
  };
  const config = {
    siteUrl: "http://localhost:3000",
    staffInbox: "staff@repdesk.example.com",
    senderAddress: "hello@repdesk.example.com",
  };
  for (const event of [...meeting.attempted, ...committed, ...committed]) await notify(claims, config, event);
  const sent = (await ses.emails()).map((mail) => mail.destination.to.join(","));
  expect(sent.sort()).toEqual([email, config.staffInbox].sort());
});
