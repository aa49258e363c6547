/**
 * SQS workers of the two mail lanes (docs/decisions/0098-mail-lanes.md), each e-mail sent once
 * (functions/pipeline/notifications.ts):
 * - `staffHandler` (the notification queue): staff alerts, lock warnings, the desk's reminders and
 *   digests; it marks a lead notified once its staff alert is out;
 * - `prospectHandler` (the acknowledgement queue): the prospect's acknowledgement.
 */
import type { SQSRecord } from "aws-lambda";
import { randomId, systemClock } from "../../lib/clock";
import { createDocumentClient } from "../../lib/dynamo";
import { once, requireEnv } from "../../lib/env";
import { createLogger } from "../../lib/log";
import { QUEUE_ATTRIBUTE } from "../../lib/publisher";
import { SesMailer } from "../../lib/ses-mailer";
import { sqsEventWorker } from "../../lib/sqs-batch";
import type { EmailClaimDeps } from "../../model/mail/idempotency";
import { tableName } from "../../model/tables";
import { type LeadTables, markNotified, notify } from "../notifications";
import { type Audience, EVERY_AUDIENCE, type NotificationConfig } from "../planned-email";

export interface NotifyDeps {
  readonly claims: EmailClaimDeps;
  readonly config: NotificationConfig;
  /** Where a lead's `notifiedAt` is written once its staff alert is out (absent: not written). */
  readonly leads?: LeadTables;
}

function depsFromEnvironment(leads: boolean): () => NotifyDeps {
  return once<NotifyDeps>(() => ({
    claims: {
      db: createDocumentClient({ requestTimeoutMs: 5_000 }),
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
    },
  }));
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
