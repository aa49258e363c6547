/** SQS worker: geo-IP country onto each new signup (functions/pipeline/enrichment.ts). */

import { createDocumentClient } from "../../lib/dynamo";
import { once } from "../../lib/env";
import { lookupCountry } from "../../lib/geoip";
import { createLogger } from "../../lib/log";
import { sqsEventWorker } from "../../lib/sqs-batch";
import { tableName } from "../../model/tables";
import { type EnrichmentDeps, enrichSignup } from "../enrichment";

const log = createLogger({ worker: "enrich" });

const depsFromEnvironment = once<EnrichmentDeps>(() => ({
  db: createDocumentClient({ requestTimeoutMs: 5_000 }),
  signupsTable: tableName("signups"),
  outboxTable: tableName("outbox"),
  lookupCountry,
}));

export function createEnrichHandler(getDeps: () => EnrichmentDeps = depsFromEnvironment) {
  return sqsEventWorker(log, (event) => enrichSignup(getDeps(), event));
}

export const handler = createEnrichHandler();
