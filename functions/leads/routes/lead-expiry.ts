/**
 * The lead tables' streams (TTL deletions only, by the event source mapping's filter and again in
 * functions/leads/expiry.ts): each expired record leaves its counters and response figures. The
 * local runtime's TTL sweep (infra/local/ttl-sweep.ts) calls this same handler.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from "aws-lambda";
import { systemClock } from "../../lib/clock";
import { createDocumentClient } from "../../lib/dynamo";
import { once } from "../../lib/env";
import { tableName } from "../../model/tables";
import { applyExpiryStream, type ExpiryDeps } from "../expiry";

const depsFromEnvironment = once<ExpiryDeps>(() => ({
  db: createDocumentClient({ requestTimeoutMs: 5_000 }),
  tables: { signup: tableName("signups"), contact: tableName("contacts") },
  clock: systemClock,
}));

export function createExpiryHandler(getDeps: () => ExpiryDeps = depsFromEnvironment) {
  return (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => applyExpiryStream(event, getDeps());
}

export const handler = createExpiryHandler();
