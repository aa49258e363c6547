/** The preflight's pure rules: ACM's name matching, dynamic reference parsing, placeholders, flags. */
import { describe, expect, it } from "vitest";
import { parsePreflightArgs } from "./cli";
import { covers, isPlaceholderArn } from "./questions/certificates";
import { parseSecretReference } from "./questions/secrets";
import { identitiesFor } from "./questions/ses";

describe("ACM's name matching", () => {
  it.each([
    ["www.example.com", "www.example.com", true],
    ["WWW.Example.com", "www.example.com", true],
    ["*.example.com", "www.example.com", true],
    ["*.example.com", "example.com", false],
    ["*.example.com", "a.b.example.com", false],
    ["*.repdesk.example.com", "dev.repdesk.example.com", true],
    ["example.com", "www.example.com", false],
  ] as const)("%s covers %s: %s", (name, host, expected) => {
    expect(covers(name, host)).toBe(expected);
  });
});

describe("a Secrets Manager dynamic reference", () => {
  it("by name, pinned to a version", () => {
    expect(
      parseSecretReference("repdesk-dev/origin-verify:SecretString:::3f1c2a9e-6b1d-4c7e-9a55-0d2b8c4e7f10"),
    ).toEqual({
      secretId: "repdesk-dev/origin-verify",
      versionId: "3f1c2a9e-6b1d-4c7e-9a55-0d2b8c4e7f10",
    });
  });

  it("by ARN, with a JSON key and a staging label", () => {
    const arn = "arn:aws:secretsmanager:us-east-1:111122223333:secret:repdesk/dev/session-key-AbCdEf";
    expect(parseSecretReference(`${arn}:SecretString:password:AWSPREVIOUS`)).toEqual({
      secretId: arn,
      versionStage: "AWSPREVIOUS",
    });
    expect(parseSecretReference(arn)).toEqual({ secretId: arn });
  });
});

describe("placeholder certificate ARNs", () => {
  it.each([
    ["arn:aws:acm:us-east-1:123456789012:certificate/5d6e0a3b-9c1f-4b2e-8d47-1a9c3e5f7b20", true],
    ["arn:aws:acm:us-east-1:111122223333:certificate/00000000-0000-0000-0000-000000000001", true],
    ["arn:aws:acm:us-east-1:111122223333:certificate/5d6e0a3b-9c1f-4b2e-8d47-1a9c3e5f7b20", false],
  ] as const)("%s: %s", (arn, expected) => {
    expect(isPlaceholderArn(arn)).toBe(expected);
  });
});

describe("SES identities that let an address send", () => {
  it("the address, then its domain and each parent domain", () => {
    expect(identitiesFor("hello@dev.repdesk.example.com")).toEqual([
      "hello@dev.repdesk.example.com",
      "dev.repdesk.example.com",
      "repdesk.example.com",
      "example.com",
    ]);
  });
});

describe("the command line", () => {
  it("needs --stage, takes --app", () => {
    expect(parsePreflightArgs(["--stage", "dev", "--app", "cdk.out"])).toEqual({
      stage: "dev",
      app: "cdk.out",
    });
    expect(parsePreflightArgs(["--stage", "prod"])).toEqual({ stage: "prod" });
    expect(() => parsePreflightArgs([])).toThrow("Usage: npm run preflight -- --stage <name>");
  });
});
