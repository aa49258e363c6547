/** Settings for the runtime in the outbound integrations' tests (docs/decisions/0092-webhook-retries.md). */
import { FIRST_ADMIN_ENV } from "../integration/auth-support";
import { type RuntimeProcess, startRuntime } from "./runtime";

/**
 * First retry 50 ms, longest 200 ms, give up after 15 s, lease 1.5 s; the sweeper five times a
 * second: a whole retry schedule in seconds instead of a day. The give-up period is far longer than
 * six attempts take even on a loaded machine (each attempt waits for a sweep and a queue hop), so
 * "fails five times, then delivered" never turns into "failed" by the clock.
 */
export const FAST_WEBHOOK_SCHEDULE = {
  WEBHOOK_RETRY_SCHEDULE: "50,200,15000,1500",
  WEBHOOK_SWEEP_SECONDS: "0.2",
} as const;

/**
 * The runtime of the webhook tests (test/integration/webhooks*.test.ts): the first admin
 * (FIRST_ADMIN), client addresses from CloudFront-Viewer-Address, no site build, the fast retry
 * schedule; `env` adds to or overrides these.
 */
export function startWebhookRuntime(env: Record<string, string> = {}): Promise<RuntimeProcess> {
  return startRuntime({
    env: {
      ...FIRST_ADMIN_ENV,
      TRUST_VIEWER_ADDRESS: "1",
      WEB_DIST_DIR: "/nonexistent-dist",
      ...FAST_WEBHOOK_SCHEDULE,
      ...env,
    },
  });
}
