// biome-ignore-all lint/suspicious/noExplicitAny: the synthesized CloudFormation template is untyped JSON.
/**
 * The outbound integrations in both deployed stages (docs/decisions/0091-outbound-integrations.md): the KMS key and
 * who may use it, the two queues with their dead-letter queues and alarms, the sweeper's schedule,
 * and least privilege — the delivery function reaches only endpoints and deliveries, no lead or
 * staff table; no loopback setting reaches AWS.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { resourcesOf, type SynthesizedStage, synthesizeStage } from "./synth";

type Resource = { Type: string; Properties?: Record<string, any> };

const synthesized = new Map<string, SynthesizedStage>();
beforeAll(async () => {
  for (const name of ["dev", "prod"] as const) synthesized.set(name, await synthesizeStage(name));
}, 600_000);

describe.each(["dev", "prod"] as const)("stage %s", (stageName) => {
  const json = () => (synthesized.get(stageName) as SynthesizedStage).json;
  const ofType = (type: string) => resourcesOf(json(), type) as [string, Resource][];
  const fn = (name: string): Resource => {
    const found = ofType("AWS::Lambda::Function").find(
      ([, candidate]) => candidate.Properties?.FunctionName === `repdesk-${stageName}-${name}`,
    );
    if (!found) throw new Error(`no function ${name}`);
    return found[1];
  };
  const statements = (resource: Resource): any[] => {
    const roleId = resource.Properties?.Role["Fn::GetAtt"][0];
    return ofType("AWS::IAM::Policy")
      .filter(([, policy]) => (policy.Properties?.Roles ?? []).some((role: any) => role.Ref === roleId))
      .flatMap(([, policy]) => policy.Properties?.PolicyDocument.Statement as any[]);
  };
  const actionsOf = (statement: any): string[] =>
    Array.isArray(statement.Action) ? statement.Action : [statement.Action];
  const tableIdOf = (envVar: string) =>
    ofType("AWS::DynamoDB::Table").find(([id]) => id.includes(envVar))?.[0] ?? envVar;
  const text = (value: unknown) => JSON.stringify(value);

  it("creates the KMS key with rotation, usable only by the Integrations API and the delivery worker", () => {
    const keys = ofType("AWS::KMS::Key").filter(([id]) => id.includes("WebhookKey"));
    expect(keys).toHaveLength(1);
    const [keyId, key] = keys[0] as [string, Resource];
    expect(key.Properties?.EnableKeyRotation).toBe(true);
    const users = ofType("AWS::Lambda::Function")
      .filter(([, candidate]) => statements(candidate).some((st) => text(st.Resource).includes(keyId)))
      .map(([, candidate]) => candidate.Properties?.FunctionName)
      .sort();
    expect(users).toEqual([`repdesk-${stageName}-integrations`, `repdesk-${stageName}-webhook-deliver`]);
    for (const name of ["integrations", "webhook-deliver"]) {
      const kms = statements(fn(name)).filter((st) => text(st.Resource).includes(keyId));
      expect(kms.flatMap(actionsOf).sort()).toEqual(["kms:Decrypt", "kms:GenerateDataKey"]);
      expect(text(fn(name).Properties?.Environment)).toContain("WEBHOOK_KMS_KEY_ID");
    }
  });

  it("names the key alias/repdesk-<stage>-webhooks, for the admin command that seals Slack URLs", () => {
    const [keyId] = ofType("AWS::KMS::Key").find(([id]) => id.includes("WebhookKey")) as [string, Resource];
    const aliases = ofType("AWS::KMS::Alias").filter(([, alias]) =>
      text(alias.Properties?.TargetKeyId).includes(keyId),
    );
    expect(aliases.map(([, alias]) => alias.Properties?.AliasName)).toEqual([
      `alias/repdesk-${stageName}-webhooks`,
    ]);
  });

  it("lets the outbox relay read the endpoints (decision 0108) and nothing more of them", () => {
    const integrations = tableIdOf("IntegrationEndpoints");
    const relay = statements(fn("outbox-relay")).filter((st) =>
      text(st.Resource).includes(`"${integrations}"`),
    );
    expect(relay.length).toBeGreaterThan(0);
    for (const statement of relay)
      for (const action of actionsOf(statement))
        expect(action).toMatch(
          /^dynamodb:(BatchGetItem|ConditionCheckItem|DescribeTable|GetItem|GetRecords|GetShardIterator|Query|Scan)$/,
        );
  });

  it("has the webhook-events and webhooks queues, each with a dead-letter queue and its alarm", () => {
    const queues = ofType("AWS::SQS::Queue");
    for (const name of ["webhook-events", "webhooks"]) {
      const queue = queues.find(([, q]) => q.Properties?.QueueName === `repdesk-${stageName}-${name}`);
      const dlq = queues.find(([, q]) => q.Properties?.QueueName === `repdesk-${stageName}-${name}-dlq`);
      expect(queue, name).toBeDefined();
      expect(dlq, `${name}-dlq`).toBeDefined();
      const [dlqId] = dlq as [string, Resource];
      expect(text(queue?.[1].Properties?.RedrivePolicy)).toContain(dlqId);
      const alarmed = ofType("AWS::CloudWatch::Alarm").some(([, alarm]) =>
        text(alarm.Properties).includes(dlqId),
      );
      expect(alarmed, `${name}-dlq alarm`).toBe(true);
    }
  });

  it("runs the sweeper every minute", () => {
    const rules = ofType("AWS::Events::Rule").filter(([id]) => id.includes("WebhookSweep"));
    expect(rules.map(([, rule]) => rule.Properties?.ScheduleExpression)).toContain("rate(1 minute)");
  });

  it("lets the delivery function and the fan-out reach no lead or staff table", () => {
    const forbidden = ["Signups", "ContactMessages", "Users", "AuditLog", "Ephemeral", "Invitations"].map(
      tableIdOf,
    );
    for (const name of ["webhook-deliver", "webhook-fanout"]) {
      const dynamo = statements(fn(name)).filter((st) =>
        actionsOf(st).some((action) => action.startsWith("dynamodb:")),
      );
      expect(dynamo.length, name).toBeGreaterThan(0);
      for (const table of forbidden) expect(text(dynamo), `${name} -> ${table}`).not.toContain(`"${table}"`);
      expect(text(fn(name).Properties?.Environment)).not.toMatch(/SIGNUPS_TABLE|CONTACTS_TABLE|USERS_TABLE/);
    }
  });

  it("gives no function the local runtime's loopback switch or local key", () => {
    for (const [, candidate] of ofType("AWS::Lambda::Function")) {
      const environment = text(candidate.Properties?.Environment ?? {});
      expect(environment).not.toContain("WEBHOOK_ALLOW_LOOPBACK");
      expect(environment).not.toContain("WEBHOOK_SECRET_KEY");
      expect(environment).not.toContain("WEBHOOK_RETRY_SCHEDULE");
    }
  });
});
