import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readSecretString, SECRET_MAX_AGE_SECONDS } from "./secrets";

// Secrets Manager has no local stand-in: the mock answers, and counts, the reads.
const secrets = mockClient(SecretsManagerClient);
let arnIndex = 0;
/** A fresh ARN per test: the cache is per Lambda instance (module), keyed by name. */
const freshArn = () => `arn:aws:secretsmanager:us-east-1:123456789012:secret:test-${++arnIndex}`;

beforeEach(() => {
  secrets.reset();
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-23T12:00:00Z") });
});
afterEach(() => vi.useRealTimers());

describe("readSecretString", () => {
  it("reads once, then serves the cached value until 15 minutes have passed", async () => {
    const arn = freshArn();
    secrets.on(GetSecretValueCommand, { SecretId: arn }).resolvesOnce({ SecretString: "v1" }).resolves({
      SecretString: "v2",
    });
    expect(await readSecretString(arn)).toBe("v1");
    vi.setSystemTime(Date.now() + (SECRET_MAX_AGE_SECONDS - 1) * 1000);
    expect(await readSecretString(arn)).toBe("v1");
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2_000);
    expect(await readSecretString(arn)).toBe("v2");
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it("does not cache a failed read: the next call tries again", async () => {
    const arn = freshArn();
    secrets
      .on(GetSecretValueCommand, { SecretId: arn })
      .rejectsOnce(new Error("ThrottlingException"))
      .resolves({ SecretString: "v1" });
    await expect(readSecretString(arn)).rejects.toThrow();
    expect(await readSecretString(arn)).toBe("v1");
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it("refuses a secret without a string value", async () => {
    const arn = freshArn();
    secrets.on(GetSecretValueCommand, { SecretId: arn }).resolves({ SecretBinary: new Uint8Array([1, 2]) });
    await expect(readSecretString(arn)).rejects.toThrow("no string value");
  });
});
