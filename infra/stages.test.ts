import { describe, expect, it } from "vitest";
import { checkSenderIdentities, checkStage, loadStage, stageNames } from "./stages";

describe("stage settings", () => {
  it("every known stage passes its checks", () => {
    for (const name of stageNames()) expect(loadStage(name).name).toBe(name);
  });

  it("refuses a deployed stage without its own domain (CloudFront would serve *.cloudfront.net, not siteUrl)", () => {
    const { domainName: _domain, certificateArn: _certificate, ...dev } = loadStage("dev");
    expect(() => checkStage(dev)).toThrow(/has no domainName/);
  });

  it("refuses a siteUrl other than https://<domainName>", () => {
    const prod = loadStage("prod");
    expect(() => checkStage({ ...prod, siteUrl: "https://repdesk.example.com" })).toThrow(
      /must be https:\/\/www/,
    );
    expect(() => checkStage({ ...prod, siteUrl: "http://www.repdesk.example.com" })).toThrow(/must be https/);
    expect(checkStage({ ...prod, siteUrl: "https://www.repdesk.example.com/" }).name).toBe("prod");
  });

  it("refuses a certificate outside us-east-1 and a domain without a certificate", () => {
    const prod = loadStage("prod");
    const elsewhere = prod.certificateArn?.replace("us-east-1", "eu-west-1");
    expect(() => checkStage({ ...prod, certificateArn: elsewhere })).toThrow(/us-east-1/);
    expect(() => checkStage({ ...prod, certificateArn: undefined })).toThrow(/go together/);
  });

  it("lets the local stage run on localhost", () => {
    expect(loadStage("local").siteUrl).toBe("http://localhost:3000");
  });

  describe("one SES identity per account and sender domain", () => {
    const dev = () => loadStage("dev");
    const prod = () => loadStage("prod");
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
