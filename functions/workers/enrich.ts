/** SQS worker: geo-IP country onto each new signup (functions/domain/enrichment.ts). */
import { type EnrichmentDeps, enrichSignup } from "../domain/enrichment";
import { createDocumentClient } from "../lib/dynamo";
import { once, tableName } from "../lib/env";
import { lookupCountry } from "../lib/geoip";
import { createLogger } from "../lib/log";
import { sqsEventWorker } from "../lib/sqs-batch";

const log = createLogger({ worker: "enrich" });

const depsFromEnvironment = once<EnrichmentDeps>(() => ({
  db: createDocumentClient({ requestTimeoutMs: 5_000 }),
  signupsTable: tableName("signups"),
  lookupCountry,
}));

export function createEnrichHandler(getDeps: () => EnrichmentDeps = depsFromEnvironment) {
  return sqsEventWorker(log, (event) => enrichSignup(getDeps(), event));
}

export const handler = createEnrichHandler();
