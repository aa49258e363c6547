/** SQS worker: the staff alert and the prospect's acknowledgement, each sent once (functions/pipeline/notifications.ts). */
import { randomId, systemClock } from "../../lib/clock";
import { createDocumentClient } from "../../lib/dynamo";
import { once, requireEnv } from "../../lib/env";
import { createLogger } from "../../lib/log";
import { SesMailer } from "../../lib/ses-mailer";
import { sqsEventWorker } from "../../lib/sqs-batch";
import type { EmailClaimDeps } from "../../model/mail/idempotency";
import { tableName } from "../../model/tables";
import { type LeadTables, markNotified, notify } from "../notifications";
import type { NotificationConfig } from "../planned-email";

const log = createLogger({ worker: "notify" });

export interface NotifyDeps {
  readonly claims: EmailClaimDeps;
  readonly config: NotificationConfig;
  /** Where a lead's `notifiedAt` is written once its e-mails are out (absent: not written). */
  readonly leads?: LeadTables;
}

const depsFromEnvironment = once<NotifyDeps>(() => ({
  claims: {
    db: createDocumentClient({ requestTimeoutMs: 5_000 }),
    ephemeralTable: tableName("ephemeral"),
    mailer: new SesMailer(undefined, requireEnv("SES_CONFIGURATION_SET"), {
      minIntervalMs: requireEnv("SES_MIN_SEND_INTERVAL_MS"),
    }),
    clock: systemClock,
    newToken: randomId,
  },
  leads: { signups: tableName("signups"), contacts: tableName("contacts") },
  config: {
    siteUrl: requireEnv("SITE_URL"),
    staffInbox: requireEnv("STAFF_INBOX"),
    senderAddress: requireEnv("SENDER_ADDRESS"),
    auditTable: tableName("audit"),
  },
}));

export function createNotifyHandler(getDeps: () => NotifyDeps = depsFromEnvironment) {
  return sqsEventWorker(log, async (event) => {
    const deps = getDeps();
    const result = await notify(deps.claims, deps.config, event);
    if (deps.leads) await markNotified(deps.claims, deps.leads, event);
    return Object.entries(result)
      .map(([key, outcome]) => `${key}:${outcome}`)
      .join(",");
  });
}

export const handler = createNotifyHandler();
