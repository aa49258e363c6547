/** SQS worker: a domain event to one delivery per endpoint that takes it (functions/integrations/fanout.ts). */
import { createLogger } from "../../lib/log";
import { sqsEventWorker } from "../../lib/sqs-batch";
import { fanOut } from "../fanout";
import { deliveryBase, tablesOf } from "../integrations-deps";

const log = createLogger({ worker: "webhook-fanout" });

export const handler = sqsEventWorker(log, (event) =>
  fanOut(
    {
      ...deliveryBase(),
      tables: { ...tablesOf.deliveries(), integrations: tablesOf.integrations() },
      siteUrl: tablesOf.siteUrl(),
    },
    event,
  ),
);
