/**
 * SQS worker: one attempt of each delivery job (functions/integrations/deliver.ts). The jobs of a
 * batch run side by side: each may wait up to 10 seconds for its receiver, and the batch must end
 * well within the worker's time limit.
 */
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { createLogger } from "../../lib/log";
import { sqsEventWorker } from "../../lib/sqs-batch";
import { type AttemptDeps, attemptDelivery } from "../deliver";
import { postToReceiver } from "../http-post";
import { deliveryBase, guardOptions, secretBox, tablesOf } from "../integrations-deps";

const log = createLogger({ worker: "webhook-deliver" });

function deps(): AttemptDeps {
  return {
    ...deliveryBase(),
    tables: { ...tablesOf.deliveries(), integrations: tablesOf.integrations() },
    box: secretBox(),
    guard: guardOptions(),
    post: postToReceiver,
  };
}

const one = sqsEventWorker(log, async (event) => {
  if (event.type !== "webhook.delivery") return "not-a-delivery";
  return attemptDelivery(deps(), event.data);
});

export async function handler(batch: SQSEvent): Promise<SQSBatchResponse> {
  const answers = await Promise.all((batch.Records ?? []).map((record) => one({ Records: [record] })));
  return { batchItemFailures: answers.flatMap((answer) => answer.batchItemFailures) };
}
