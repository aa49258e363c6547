/** The integrations' clients, tables and settings, from the environment (functions/lib/env.ts). */

import { systemClock } from "../lib/clock";
import { createDocumentClient } from "../lib/dynamo";
import { once, optionalEnv, requireEnv } from "../lib/env";
import { kmsKeyWrapper, localKeyWrapper, SecretBox } from "../lib/secret-box";
import { tableName } from "../model/tables";
import { retrySchedule } from "./schedule";
import type { GuardOptions } from "./url-guard";

/** The local runtime's key stands in for KMS; in AWS the stack's key (WEBHOOK_KMS_KEY_ID). */
export const secretBox = once(() => {
  const local = optionalEnv("WEBHOOK_SECRET_KEY");
  return new SecretBox(local ? localKeyWrapper(local) : kmsKeyWrapper(requireEnv("WEBHOOK_KMS_KEY_ID")));
});

export function guardOptions(): GuardOptions {
  return { allowLoopback: optionalEnv("WEBHOOK_ALLOW_LOOPBACK") ?? false };
}

export const integrationsDb = once(() => createDocumentClient({ requestTimeoutMs: 5_000 }));

/** What every integrations function shares: the deliveries, the outbox, the clock and the schedule. */
export function deliveryBase() {
  return {
    db: integrationsDb(),
    clock: systemClock,
    schedule: retrySchedule(),
  };
}

export const tablesOf = {
  deliveries: () => ({ deliveries: tableName("deliveries"), outbox: tableName("outbox") }),
  integrations: () => tableName("integrations"),
  audit: () => tableName("audit"),
  users: () => tableName("users"),
  siteUrl: () => requireEnv("SITE_URL"),
};
