/**
 * SQS worker: a domain event to one delivery per endpoint that takes it (functions/integrations/fanout.ts).
 * The endpoints are read once per batch, not once per event: the events of a batch are fanned out
 * to the endpoints as they were when the batch began.
 */
import type { SQSEvent } from "aws-lambda";
import { createLogger } from "../../lib/log";
import { sqsEventWorker } from "../../lib/sqs-batch";
import { fanOut, listOncePer } from "../fanout";
import { deliveryBase, tablesOf } from "../integrations-deps";

const log = createLogger({ worker: "webhook-fanout" });

export const handler = (batch: SQSEvent) => {
  const base = {
    ...deliveryBase(),
    tables: { ...tablesOf.deliveries(), integrations: tablesOf.integrations() },
    siteUrl: tablesOf.siteUrl(),
  };
  const deps = { ...base, endpoints: listOncePer(base) };
  return sqsEventWorker(log, (event) => fanOut(deps, event))(batch);
};
