/**
 * The deployable stages as the tests synthesize them: infra/stages.ts's entries with their
 * placeholders (the example account, all-zero certificate and secret version ids, which
 * checkStage refuses) replaced by fixture values, one account per stage. Everything else is the
 * stage's own, so what the tests check is what a filled-in stage deploys.
 */
import { checkStage, type StageConfig, stageSettings } from "../../infra/stages";

export const TEST_ACCOUNTS = { dev: "111111111111", prod: "222222222222" } as const;
export type TestStageName = keyof typeof TEST_ACCOUNTS;

/** Secrets Manager version ids the fixtures use (any UUID that is not all zeros). */
const TEST_VERSIONS: Record<TestStageName, string> = {
  dev: "d1d1d1d1-0000-4000-8000-0000000000d1",
  prod: "a1a1a1a1-0000-4000-8000-0000000000a1",
};

/** The stage with fixture values where infra/stages.ts holds placeholders, checked as a deploy checks it. */
export function testStage(name: TestStageName): StageConfig {
  const stage = stageSettings(name);
  const account = TEST_ACCOUNTS[name];
  const certificateId = stage.certificateArn?.split("/").pop()?.replace(/^0{8}/, "ce7ce7ce");
  const verify = stage.originVerify;
  return checkStage({
    ...stage,
    account,
    certificateArn: `arn:aws:acm:us-east-1:${account}:certificate/${certificateId}`,
    ...(verify
      ? { originVerify: { ...verify, sent: TEST_VERSIONS[name], accepted: [TEST_VERSIONS[name]] } }
      : {}),
  });
}
