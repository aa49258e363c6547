/**
 * Only CloudFront may call the API: CloudFront adds a secret header to every `/api/*` request it
 * forwards, and a request that reaches API Gateway's own endpoint without it is refused.
 *
 * The secret lives in Secrets Manager (ORIGIN_VERIFY_SECRET_ARN), read through functions/lib/secrets.ts
 * (cached 15 minutes, so a rotated value is picked up). Without that variable (the local runtime
 * plays CloudFront itself) every request passes.
 *
 * Every HTTP function runs the check as the first step of its middleware stack (`httpApi()` in
 * functions/http/middleware/api.ts), so a new route is guarded without its author doing anything,
 * and the handler the tests call is the handler that ships.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { once } from "./env";
import { readSecretString, type SecretReader } from "./secrets";

export const ORIGIN_VERIFY_HEADER = "x-origin-verify";
export const ORIGIN_VERIFY_SECRET_ARN_ENV = "ORIGIN_VERIFY_SECRET_ARN";

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** Decides whether a request came through CloudFront (the secret is cached by `readSecret`). */
export function createOriginCheck(
  secretArn: string | undefined,
  readSecret: SecretReader = readSecretString,
) {
  return async function isFromCloudFront(event: Pick<APIGatewayProxyEventV2, "headers">): Promise<boolean> {
    if (!secretArn) return true;
    const sent = event.headers?.[ORIGIN_VERIFY_HEADER];
    if (!sent) return false;
    // Hashing both sides gives equal lengths, which timingSafeEqual needs.
    return timingSafeEqual(digest(sent), digest(await readSecret(secretArn)));
  };
}

export type OriginCheck = ReturnType<typeof createOriginCheck>;

/** The check of this Lambda instance, created on first use (after the environment is set). */
export const defaultOriginCheck = once(() => createOriginCheck(process.env[ORIGIN_VERIFY_SECRET_ARN_ENV]));
