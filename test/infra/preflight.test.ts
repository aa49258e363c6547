/**
 * The preflight over the real synthesized templates of the dev and prod stages (each synthesized
 * once for the file), with an account that answers every question as a healthy one: the questions
 * derived from the templates are the ones a first deploy depends on, and every check passes once
 * the stage's placeholders are replaced by what the runbook creates (docs/DEPLOY.md, "Preflight").
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Rule$ } from "@aws-sdk/client-wafv2";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { shapeProblems } from "../../infra/preflight/api-shape";
import { readAssembly, type StageAssembly } from "../../infra/preflight/assembly";
import { type AccountMocks, healthyAccount, restore, testClients } from "../../infra/preflight/fixture";
import { runPreflight } from "../../infra/preflight/preflight";
import { stackNameOf } from "../../infra/stack";
import type { StageConfig } from "../../infra/stages";
import { testStage } from "./stage-fixtures";
import { synthesizeStage } from "./synth";

const ACCOUNT = "111122223333";
/** The certificate a stage's operator requests (docs/DEPLOY.md, "Adding a stage", step 1). */
const issuedCertificateOf = (stage: StageConfig) =>
  `arn:aws:acm:us-east-1:${ACCOUNT}:certificate/${stage.name === "prod" ? "7e2b9d41-3c5a-4f86-b0d2-9a1e6c8f4b37" : "5d6e0a3b-9c1f-4b2e-8d47-1a9c3e5f7b20"}`;

interface Synthesized {
  readonly stage: StageConfig;
  readonly assembly: StageAssembly;
}

/**
 * The assembly's manifests and templates copied with the repository's placeholder certificate ARN
 * replaced by the stage's issued one: what the synth gives once infra/stages.ts holds it.
 */
function withIssuedCertificate({ stage, assembly }: Synthesized): StageAssembly {
  const dir = mkdtempSync(join(tmpdir(), `repdesk-preflight-${stage.name}-`));
  for (const file of readdirSync(assembly.dir).filter((name) => name.endsWith(".json"))) {
    const text = readFileSync(join(assembly.dir, file), "utf8");
    writeFileSync(join(dir, file), text.replaceAll(stage.certificateArn ?? "", issuedCertificateOf(stage)));
  }
  return readAssembly(dir, assembly.stackName);
}

/** The account the stage deploys to, answering as a healthy one. */
function healthyAccountOf(stage: StageConfig): AccountMocks {
  const verify = stage.originVerify;
  const versions = Object.fromEntries((verify?.accepted ?? []).map((id) => [id, [`repdesk-pinned-${id}`]]));
  if (verify) versions[verify.sent] = ["AWSCURRENT", `repdesk-pinned-${verify.sent}`];
  return healthyAccount({
    account: ACCOUNT,
    secrets: verify ? { [verify.secretName]: versions } : {},
    certificates: { [issuedCertificateOf(stage)]: [stage.domainName ?? ""] },
    identities: { [stage.senderAddress.split("@")[1] ?? ""]: true },
  });
}

let mocks: AccountMocks | undefined;

afterEach(() => {
  if (mocks) restore(mocks);
  mocks = undefined;
});

/** A stage's synthesis takes minutes on a loaded machine: well past the default hook limit. */
const SYNTH_TIMEOUT_MS = 900_000;

describe.each(["dev", "prod"] as const)("the preflight of the synthesized %s stage", (name) => {
  let synthesized: Synthesized | undefined;
  const of = () => synthesized as Synthesized;
  beforeAll(async () => {
    const { outdir } = await synthesizeStage(name);
    const stage = testStage(name);
    synthesized = { stage, assembly: readAssembly(outdir, stackNameOf(stage)) };
  }, SYNTH_TIMEOUT_MS);

  it("asks about the origin secret's versions, the API stage's logging role, the certificate, SES, the bootstrap, the account and concurrency", async () => {
    const { stage, assembly } = of();
    mocks = healthyAccountOf(stage);
    const { questions } = await runPreflight(assembly, {
      clients: testClients(),
      stage: { ...stage, account: ACCOUNT },
    });
    const kinds = questions.map((question) => question.kind);
    for (const kind of [
      "account",
      "bootstrap",
      "api-logging-role",
      "ses-identity",
      "ses-account",
      "concurrency",
    ]) {
      expect(kinds).toContain(kind);
    }
    const secretVersions = questions.flatMap((q) =>
      q.kind === "secret" ? [`${q.secretId} ${q.versionId}`] : [],
    );
    expect(secretVersions.sort()).toEqual(
      [...new Set(stage.originVerify?.accepted)]
        .map((id) => `${stage.originVerify?.secretName} ${id}`)
        .sort(),
    );
    expect(questions).toContainEqual(
      expect.objectContaining({
        kind: "certificate",
        arn: stage.certificateArn,
        region: "us-east-1",
        domains: [stage.domainName],
      }),
    );
    expect(questions).toContainEqual(
      expect.objectContaining({
        kind: "api-logging-role",
        stages: [expect.stringMatching(/^RepDesk-\w+\/ApiRest.*\/RestApiDeploymentStage/)],
      }),
    );
    expect(questions).toContainEqual(
      expect.objectContaining({
        kind: "ses-identity",
        sender: stage.senderAddress,
        createdByStack: stage.senderAddress.split("@")[1],
      }),
    );
    expect(questions).toContainEqual(
      expect.objectContaining({ kind: "bootstrap", parameter: "/cdk-bootstrap/hnb659fds/version" }),
    );
  });

  it("asks WAF the capacity of both web ACLs with every synthesized rule, each in the API's shape", async () => {
    const { stage, assembly } = of();
    mocks = healthyAccountOf(stage);
    const { questions } = await runPreflight(assembly, {
      clients: testClients(),
      stage: { ...stage, account: ACCOUNT },
    });
    const waf = questions.flatMap((q) => (q.kind === "waf-capacity" ? [q] : []));
    expect(waf.map((q) => [q.webAcl, q.scope, q.region]).sort()).toEqual([
      [`repdesk-${name}`, "CLOUDFRONT", "us-east-1"],
      [`repdesk-${name}-api`, "REGIONAL", "us-east-1"],
    ]);
    for (const question of waf) {
      // Nothing of the stack's rules waits for a deploy-time ARN: every rule is sent whole.
      expect(question.unsent).toEqual([]);
      expect(question.templateRules).toBeGreaterThan(0);
      expect(question.rules).toHaveLength(question.templateRules);
      for (const rule of question.rules)
        expect(shapeProblems(rule, Rule$), `${question.webAcl} ${rule.Name}`).toEqual([]);
    }
  });

  it("refuses the repository's entry as it is: no account, a placeholder certificate", async () => {
    const { stage, assembly } = of();
    mocks = healthyAccountOf(stage);
    const { checks } = await runPreflight(assembly, { clients: testClients(), stage });
    expect(checks.filter((check) => check.outcome === "FAIL").map((check) => check.subject)).toEqual([
      `account and region of stage ${name}`,
      `certificate ${stage.certificateArn}`,
    ]);
  });

  it("passes every check in a healthy account once the stage names its account and certificate", async () => {
    const entry = of();
    mocks = healthyAccountOf(entry.stage);
    const { checks } = await runPreflight(withIssuedCertificate(entry), {
      clients: testClients(),
      stage: { ...entry.stage, account: ACCOUNT },
      credentialsRegion: "us-east-1",
    });
    expect(checks.filter((check) => check.outcome !== "ok")).toEqual([]);
    expect(checks.length).toBeGreaterThanOrEqual(9);
  });
});
