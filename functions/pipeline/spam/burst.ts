/**
 * Many submissions from one network: each judged submission counts one in its network's window,
 * with the ephemeral table's counter of functions/lib/rate-limit.ts (its own scope, a longer
 * window than the per-minute limit in front of the forms). A failing count is no signal: the
 * judge never fails a submission.
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

export async function networkBurstSignal(
  deps: BurstDeps | undefined,
  network: string | undefined,
): Promise<Finding | undefined> {
  if (!deps || !network) return undefined;
  let hits: number;
  try {
    ({ hits } = await hitRateLimit(deps, {
      scope: BURST_SCOPE,
      subject: network.slice(0, 100),
      // The counter only counts here; the verdict, not the rule, decides.
      limit: Number.MAX_SAFE_INTEGER,
      windowMs: LIMITS_OF_SIGNALS.burstWindowMs,
    }));
  } catch {
    return undefined;
  }
  if (hits < LIMITS_OF_SIGNALS.burstSome) return undefined;
  const weight = hits >= LIMITS_OF_SIGNALS.burstMany ? WEIGHTS.networkBurst.many : WEIGHTS.networkBurst.some;
  const minutes = LIMITS_OF_SIGNALS.burstWindowMs / 60_000;
  return finding("network-burst", weight, `${hits} submissions from ${network} within ${minutes} minutes`);
}
