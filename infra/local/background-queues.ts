/**
 * The registry's queues whose work no staff member waits for: the prospects' acknowledgements and
 * the geo-IP enrichment. Locally every worker shares one process, so under load these run one
 * batch at a time while the staff lane or the webhooks have messages waiting
 * (infra/local/queue.ts, docs/decisions/0104-local-pipeline-scheduling.md). In AWS each worker
 * has its own Lambda concurrency and nothing yields.
 */
export const BACKGROUND_QUEUES: readonly string[] = ["acknowledgement", "enrichment"];
