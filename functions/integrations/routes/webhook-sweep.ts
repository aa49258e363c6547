/** Scheduled: queues due deliveries again and pauses endpoints failing for a day (functions/integrations/sweep.ts). */
import { createLogger } from "../../lib/log";
import { deliveryBase, tablesOf } from "../integrations-deps";
import { sweepDeliveries } from "../sweep";

const log = createLogger({ worker: "webhook-sweep" });

export async function handler(): Promise<{ queued: number; paused: number }> {
  const result = await sweepDeliveries({
    ...deliveryBase(),
    tables: {
      ...tablesOf.deliveries(),
      integrations: tablesOf.integrations(),
      users: tablesOf.users(),
      audit: tablesOf.audit(),
    },
  });
  if (result.queued > 0 || result.paused > 0) log.info("deliveries swept", result);
  return result;
}
