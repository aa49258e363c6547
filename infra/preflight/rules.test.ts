/**
 * The preflight's pure rules: ACM's name matching, dynamic reference parsing, placeholders, flags,
 * a web ACL rule from CloudFormation's shape to the API's.
 */
import { Rule$ } from "@aws-sdk/client-wafv2";
import { describe, expect, it } from "vitest";
import { shapeProblems } from "./api-shape";
import { parsePreflightArgs } from "./cli";
import { covers, isPlaceholderArn } from "./questions/certificates";
import { parseSecretReference } from "./questions/secrets";
import { identitiesFor } from "./questions/ses";
import { deriveWafCapacityQuestions } from "./questions/waf-capacity";

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

describe("a web ACL rule, from CloudFormation's shape to WAF's API", () => {
  const visibilityConfig = { CloudWatchMetricsEnabled: true, MetricName: "m", SampledRequestsEnabled: false };
  const ipSetArn =
    "arn:aws:wafv2:us-east-1:111122223333:regional/ipset/office/3f1c2a9e-6b1d-4c7e-9a55-0d2b8c4e7f10";
  const cloudFormationRule = {
    Name: "Office",
    Priority: 0,
    Action: { Allow: {} },
    VisibilityConfig: visibilityConfig,
    Statement: {
      OrStatement: {
        Statements: [
          { IPSetReferenceStatement: { Arn: ipSetArn } },
          {
            ByteMatchStatement: {
              FieldToMatch: { SingleHeader: { Name: "x-office" } },
              PositionalConstraint: "EXACTLY",
              SearchStringBase64: Buffer.from("yes").toString("base64"),
              TextTransformations: [{ Priority: 0, Type: "NONE" }],
            },
          },
        ],
      },
    },
  };
  const templates = [
    {
      path: "RepDesk-dev",
      template: {
        Resources: {
          Acl: {
            Type: "AWS::WAFv2::WebACL",
            Properties: { Name: "acl", Scope: "REGIONAL", Rules: [cloudFormationRule] },
          },
        },
      },
    },
  ];

  it("the reference statements' Arn becomes ARN, SearchStringBase64 the SearchString's bytes", () => {
    const [rule] = deriveWafCapacityQuestions(templates, "us-east-1")[0]?.rules ?? [];
    const [ipSet, header] = rule?.Statement?.OrStatement?.Statements ?? [];
    expect(ipSet).toEqual({ IPSetReferenceStatement: { ARN: ipSetArn } });
    expect(new TextDecoder().decode(header?.ByteMatchStatement?.SearchString)).toBe("yes");
    expect(shapeProblems(rule, Rule$)).toEqual([]);
  });

  it("the API's shape refuses CloudFormation's as it is", () => {
    expect(shapeProblems(cloudFormationRule, Rule$)).toEqual([
      "$.Statement.OrStatement.Statements[0].IPSetReferenceStatement.Arn: no member of IPSetReferenceStatement",
      "$.Statement.OrStatement.Statements[0].IPSetReferenceStatement.ARN: required by IPSetReferenceStatement, missing",
      "$.Statement.OrStatement.Statements[1].ByteMatchStatement.SearchStringBase64: no member of ByteMatchStatement",
      "$.Statement.OrStatement.Statements[1].ByteMatchStatement.SearchString: required by ByteMatchStatement, missing",
    ]);
    const { VisibilityConfig: _, ...withoutVisibility } = cloudFormationRule;
    expect(shapeProblems({ ...withoutVisibility, Priority: "0" }, Rule$)).toContain(
      "$.Priority: not a number",
    );
  });
});
