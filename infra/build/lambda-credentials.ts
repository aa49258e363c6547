/**
 * Stands in for `@aws-sdk/credential-provider-node` inside the Lambda bundles (see trims.ts).
 * Lambda always hands a function its role's credentials in AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN, so of the default chain (environment, SSO, ini
 * files, credential process, web identity, container/instance metadata) only the first link can
 * ever answer there; the others weigh about 80 KB minified and are left out.
 */
import { fromEnv } from "@aws-sdk/credential-provider-env";
import type { AwsCredentialIdentity } from "@aws-sdk/types";

export const defaultProvider = (init: Parameters<typeof fromEnv>[0] = {}) => fromEnv(init);

export const credentialsWillNeedRefresh = (credentials?: AwsCredentialIdentity): boolean =>
  credentials?.expiration !== undefined;

export const credentialsTreatedAsExpired = (credentials?: AwsCredentialIdentity): boolean =>
  credentials?.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;
