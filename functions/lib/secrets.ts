/**
 * Secrets Manager values read by the functions (the session signing key),
 * through Powertools for AWS Lambda's Parameters utility: each value is cached in the Lambda
 * instance for 15 minutes, so a rotation is picked up, and a failed read is not cached — the next
 * request tries again (docs/decisions/0048).
 */
import { getSecret } from "@aws-lambda-powertools/parameters/secrets";

export const SECRET_MAX_AGE_SECONDS = 15 * 60;

export type SecretReader = (secretArn: string) => Promise<string>;

/** The secret's string value; a binary or empty secret is an error. */
export const readSecretString: SecretReader = async (secretArn) => {
  const value = await getSecret(secretArn, { maxAge: SECRET_MAX_AGE_SECONDS });
  if (typeof value !== "string" || value === "") throw new Error("The secret has no string value");
  return value;
};
