/**
 * Only CloudFront may call the API: CloudFront adds a secret header to every `/api/*` request it
 * forwards, and a request that reaches API Gateway's own endpoint without it is refused.
 *
 * The secret lives in Secrets Manager (ORIGIN_VERIFY_SECRET_ARN) and is read once per cold start
 * (refreshed after a while, so that a rotated value is picked up). Without that variable (the local
 * runtime plays CloudFront itself) every request passes.
 *
 * Every HTTP function runs the check as the first step of its middleware stack (`httpApi()` in
 * functions/http/middleware/api.ts), so a new route is guarded without its author doing anything,
 * and the handler the tests call is the handler that ships.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { once } from "./env";

export const ORIGIN_VERIFY_HEADER = "x-origin-verify";
export const ORIGIN_VERIFY_SECRET_ARN_ENV = "ORIGIN_VERIFY_SECRET_ARN";
const REFRESH_AFTER_MS = 15 * 60 * 1000;

export type SecretReader = (secretArn: string) => Promise<string>;

let client: SecretsManagerClient | undefined;
const readFromSecretsManager: SecretReader = async (secretArn) => {
  client ??= new SecretsManagerClient({});
  const answer = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
  if (!answer.SecretString) throw new Error("origin verify secret has no string value");
  return answer.SecretString;
};

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** Decides whether a request came through CloudFront; caches the secret between invocations. */
export function createOriginCheck(
  secretArn: string | undefined,
  readSecret: SecretReader = readFromSecretsManager,
  now: () => number = Date.now,
) {
  let cached: { value: Promise<Buffer>; at: number } | undefined;
  const expected = (): Promise<Buffer> => {
    if (!secretArn) throw new Error("no secret configured");
    if (!cached || now() - cached.at > REFRESH_AFTER_MS) {
      const value = readSecret(secretArn).then(digest);
      // A failed read is retried on the next request instead of being cached.
      value.catch(() => {
        cached = undefined;
      });
      cached = { value, at: now() };
    }
    return cached.value;
  };
  return async function isFromCloudFront(event: Pick<APIGatewayProxyEventV2, "headers">): Promise<boolean> {
    if (!secretArn) return true;
    const sent = event.headers?.[ORIGIN_VERIFY_HEADER];
    if (!sent) return false;
    // Hashing both sides gives equal lengths, which timingSafeEqual needs.
    return timingSafeEqual(digest(sent), await expected());
  };
}

export type OriginCheck = ReturnType<typeof createOriginCheck>;

/** The check of this Lambda instance, created on first use (after the environment is set). */
export const defaultOriginCheck = once(() => createOriginCheck(process.env[ORIGIN_VERIFY_SECRET_ARN_ENV]));
