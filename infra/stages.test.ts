import { describe, expect, it } from "vitest";
import { testStage } from "../test/infra/stage-fixtures";
import {
  checkSenderIdentities,
  checkStage,
  checkStageAccounts,
  loadStage,
  PLACEHOLDER_ACCOUNT,
  stageNames,
  stageSettings,
} from "./stages";

const loadStageForTest = (name: "dev" | "prod") => testStage(name);

describe("stage settings", () => {
  it("every known stage reads as its schema says, and the fixtures of the deployable ones pass every check", () => {
    for (const name of stageNames()) expect(stageSettings(name).name).toBe(name);
    for (const name of ["dev", "prod"] as const) expect(testStage(name).name).toBe(name);
  });

  describe("placeholders and accounts (a deploy never reaches the wrong account)", () => {
    it("refuses to deploy a stage that still holds the repository's placeholders, naming each", () => {
      for (const name of ["dev", "prod"]) {
        expect(() => loadStage(name)).toThrow(/still has placeholders/);
        expect(() => loadStage(name)).toThrow(/123456789012 is the AWS documentation's example account/);
        expect(() => loadStage(name)).toThrow(/originVerify \(all-zero placeholder version ids/);
      }
    });

    it("requires an account of every deployed stage, and its certificate from that account", () => {
      const { account: _account, ...withoutAccount } = loadStageForTest("prod");
      expect(() => checkStage(withoutAccount)).toThrow(/account \(the AWS account the stage deploys to\)/);
      const prod = loadStageForTest("prod");
      const foreign = prod.certificateArn?.replace(prod.account ?? "", "333333333333");
      expect(() => checkStage({ ...prod, certificateArn: foreign })).toThrow(
        /certificate of account 333333333333, not of the stage's/,
      );
      expect(() => checkStage({ ...prod, account: PLACEHOLDER_ACCOUNT })).toThrow(/example account/);
      const zero = {
        ...prod.originVerify,
        sent: "00000000-0000-4000-8000-0000000000a1",
        accepted: ["00000000-0000-4000-8000-0000000000a1"],
      };
      expect(() => checkStage({ ...prod, originVerify: zero as typeof prod.originVerify })).toThrow(
        /all-zero/,
      );
    });

    it("keeps production in an account of its own", () => {
      const prod = loadStageForTest("prod");
      const dev = loadStageForTest("dev");
      expect(() => checkStageAccounts([prod, dev])).not.toThrow();
      expect(() => checkStageAccounts([prod, { ...dev, account: prod.account }])).toThrow(
        /"prod" and "dev" are both in account 222222222222: a production stage needs an account of its own/,
      );
    });
  });

  it("refuses a deployed stage without its own domain (CloudFront would serve *.cloudfront.net, not siteUrl)", () => {
    const { domainName: _domain, certificateArn: _certificate, ...dev } = loadStageForTest("dev");
    expect(() => checkStage(dev)).toThrow(/has no domainName/);
  });

  it("refuses a siteUrl other than https://<domainName>", () => {
    const prod = loadStageForTest("prod");
    expect(() => checkStage({ ...prod, siteUrl: "https://repdesk.example.com" })).toThrow(
      /must be https:\/\/www/,
    );
    expect(() => checkStage({ ...prod, siteUrl: "http://www.repdesk.example.com" })).toThrow(/must be https/);
    expect(checkStage({ ...prod, siteUrl: "https://www.repdesk.example.com/" }).name).toBe("prod");
  });

  it("refuses a certificate outside us-east-1 and a domain without a certificate", () => {
    const prod = loadStageForTest("prod");
    const elsewhere = prod.certificateArn?.replace("us-east-1", "eu-west-1");
    expect(() => checkStage({ ...prod, certificateArn: elsewhere })).toThrow(/us-east-1/);
    expect(() => checkStage({ ...prod, certificateArn: undefined })).toThrow(/go together/);
  });

  it("lets the local stage run on localhost", () => {
    expect(loadStage("local").siteUrl).toBe("http://localhost:3000");
  });

  describe("one SES identity per account and sender domain", () => {
    const dev = () => ({ ...loadStageForTest("dev"), account: undefined });
    const prod = () => ({ ...loadStageForTest("prod"), account: undefined });
    const sameSender = () => ({ ...dev(), senderAddress: "alerts@repdesk.example.com" });

    it("refuses two stages that would both create the same sender domain's identity", () => {
      expect(() => checkSenderIdentities([prod(), sameSender()])).toThrow(
        /Stages "prod" and "dev" would both create the SES identity repdesk.example.com in the same account.*createsSenderIdentity: false/,
      );
      const account = "111111111111";
      expect(() =>
        checkSenderIdentities([
          { ...prod(), account },
          { ...sameSender(), account },
        ]),
      ).toThrow(/in account 111111111111/);
      // Domains compare without case.
      expect(() =>
        checkSenderIdentities([prod(), { ...dev(), senderAddress: "hello@RepDesk.Example.com" }]),
      ).toThrow(/would both create/);
    });

    it("accepts them when one uses the other's identity, or when they are in different accounts", () => {
      expect(() =>
        checkSenderIdentities([prod(), { ...sameSender(), createsSenderIdentity: false }]),
      ).not.toThrow();
      expect(() =>
        checkSenderIdentities([
          { ...prod(), account: "111111111111" },
          { ...sameSender(), account: "222222222222" },
        ]),
      ).not.toThrow();
      // The local stage never deploys, so it shares prod's sender freely.
      expect(() => checkSenderIdentities([prod(), loadStage("local")])).not.toThrow();
    });
  });
});
