/**
 * Many submissions from one network: each judged submission counts one in its network's window,
 * with the ephemeral table's counter of functions/lib/rate-limit.ts (its own scope, a longer
 * window than the per-minute limit in front of the forms). A failing count is no signal, and
 * neither is one slower than LIMITS_OF_SIGNALS.burstTimeoutMs: the judge never fails a submission,
 * and a slow or hanging table never holds its answer (the submission's own write has its own
 * time limits).
 */
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { Clock } from "../../lib/clock";
import { hitRateLimit } from "../../lib/rate-limit";
import { type Finding, finding, LIMITS_OF_SIGNALS, WEIGHTS } from "./weights";

export const BURST_SCOPE = "spam-network";

export interface BurstDeps {
  readonly db: DynamoDBDocumentClient;
  readonly ephemeralTable: string;
  readonly clock: Clock;
}

/** The count, or undefined when it failed or took longer than `timeoutMs`. */
async function countWithin(deps: BurstDeps, network: string, timeoutMs: number): Promise<number | undefined> {
  const counted = hitRateLimit(deps, {
    scope: BURST_SCOPE,
    subject: network.slice(0, 100),
    // The counter only counts here; the verdict, not the rule, decides.
    limit: Number.MAX_SAFE_INTEGER,
    windowMs: LIMITS_OF_SIGNALS.burstWindowMs,
  }).then(
    ({ hits }) => hits,
    () => undefined,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  try {
    return await Promise.race([counted, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function networkBurstSignal(
  deps: BurstDeps | undefined,
  network: string | undefined,
  timeoutMs: number = LIMITS_OF_SIGNALS.burstTimeoutMs,
): Promise<Finding | undefined> {
  if (!deps || !network) return undefined;
  const hits = await countWithin(deps, network, timeoutMs);
  if (hits === undefined) return undefined;
  if (hits < LIMITS_OF_SIGNALS.burstSome) return undefined;
  const weight = hits >= LIMITS_OF_SIGNALS.burstMany ? WEIGHTS.networkBurst.many : WEIGHTS.networkBurst.some;
  const minutes = LIMITS_OF_SIGNALS.burstWindowMs / 60_000;
  return finding("network-burst", weight, `${hits} submissions from ${network} within ${minutes} minutes`);
}
