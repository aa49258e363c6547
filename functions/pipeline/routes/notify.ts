/**
 * SQS workers of the two mail lanes (docs/decisions/0098-mail-lanes.md), each e-mail sent once
 * (functions/pipeline/notifications.ts):
 * - `staffHandler` (the notification queue): staff alerts, lock warnings, the desk's reminders and
 *   digests; it marks a lead notified once its staff alert is out;
 * - `prospectHandler` (the acknowledgement queue): the prospect's acknowledgement.
 */
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { SQSRecord } from "aws-lambda";
import type { DomainEvent } from "../../../events/envelopes";
import { randomId, systemClock } from "../../lib/clock";
import { createDocumentClient } from "../../lib/dynamo";
import { once, requireEnv } from "../../lib/env";
import { createLogger } from "../../lib/log";
import { QUEUE_ATTRIBUTE } from "../../lib/publisher";
import { SesMailer } from "../../lib/ses-mailer";
import { sqsEventWorker } from "../../lib/sqs-batch";
import { erasedSince, keyedReference } from "../../model/erasure";
import { stageErasureKey } from "../../model/staff/session-key";
import { tableName } from "../../model/tables";
import type { EmailClaimDeps } from "../email-once";
import { type LeadTables, markNotified, notify } from "../notifications";
import { type Audience, EVERY_AUDIENCE, type NotificationConfig } from "../planned-email";

export interface NotifyDeps {
  readonly claims: EmailClaimDeps;
  readonly config: NotificationConfig;
  /** Where a lead's `notifiedAt` is written once its staff alert is out (absent: not written). */
  readonly leads?: LeadTables;
  /**
   * Whether the event is about an address erased after it occurred (functions/model/erasure.ts):
   * then nothing is sent, counted or recorded (absent: never).
   */
  readonly erased?: (event: DomainEvent) => Promise<boolean>;
}

/** A lead event's address erased since the event: the Privacy page's marker (docs/decisions/0095). */
function erasedWith(db: DynamoDBDocumentClient, auditTable: string) {
  return async (event: DomainEvent): Promise<boolean> => {
    if (event.type !== "signup.created" && event.type !== "contact.received") return false;
    const reference = keyedReference(await stageErasureKey(), event.data.email);
    return erasedSince(db, auditTable, reference, event.occurredAt);
  };
}

function depsFromEnvironment(leads: boolean): () => NotifyDeps {
  return once<NotifyDeps>(() => {
    const db = createDocumentClient({ requestTimeoutMs: 5_000 });
    return {
      erased: erasedWith(db, tableName("audit")),
      claims: {
        db,
        ephemeralTable: tableName("ephemeral"),
        mailer: new SesMailer(undefined, requireEnv("SES_CONFIGURATION_SET"), {
          minIntervalMs: requireEnv("SES_MIN_SEND_INTERVAL_MS"),
        }),
        clock: systemClock,
        newToken: randomId,
      },
      ...(leads ? { leads: { signups: tableName("signups"), contacts: tableName("contacts") } } : {}),
      config: {
        siteUrl: requireEnv("SITE_URL"),
        staffInbox: requireEnv("STAFF_INBOX"),
        senderAddress: requireEnv("SENDER_ADDRESS"),
        auditTable: tableName("audit"),
        retentionDays: requireEnv("RETENTION_DAYS"),
      },
    };
  });
}

/**
 * The audiences a message is for: its lane's, or every audience for a message queued before the
 * lanes existed (it carries no queue attribute and was the only copy of its event).
 */
export function audiencesOf(
  lane: Audience,
  record: Pick<SQSRecord, "messageAttributes">,
): readonly Audience[] {
  return record.messageAttributes?.[QUEUE_ATTRIBUTE]?.stringValue ? [lane] : EVERY_AUDIENCE;
}

export function createNotifyHandler(lane: Audience, getDeps: () => NotifyDeps) {
  const log = createLogger({ worker: lane === "staff" ? "notify" : "acknowledge" });
  return sqsEventWorker(log, async (event, record) => {
    const deps = getDeps();
    if (await deps.erased?.(event)) return "erased";
    const audiences = audiencesOf(lane, record);
    const result = await notify(deps.claims, deps.config, event, audiences);
    if (deps.leads && audiences.includes("staff")) await markNotified(deps.claims, deps.leads, event);
    return Object.entries(result)
      .map(([key, outcome]) => `${key}:${outcome}`)
      .join(",");
  });
}

export const staffHandler = createNotifyHandler("staff", depsFromEnvironment(true));
export const prospectHandler = createNotifyHandler("prospect", depsFromEnvironment(false));
