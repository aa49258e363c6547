/** Settings for the runtime in the outbound integrations' tests (docs/decisions/0092-webhook-retries.md). */

/**
 * First retry 50 ms, longest 200 ms, give up after 2.5 s, lease 1.5 s; the sweeper five times a
 * second: a whole retry schedule in seconds instead of a day.
 */
export const FAST_WEBHOOK_SCHEDULE = {
  WEBHOOK_RETRY_SCHEDULE: "50,200,2500,1500",
  WEBHOOK_SWEEP_SECONDS: "0.2",
} as const;
