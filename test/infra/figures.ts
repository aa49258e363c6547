/**
 * The figures docs/DEPLOY.md gives for each stage, computed from its synthesized templates so the
 * document cannot drift from what deploys: resources per stack (CloudFormation's limit is 500),
 * alarms, and the fixed monthly cost of a stage that serves no request (us-east-1 list prices:
 * what a resource costs by existing, whatever its traffic).
 */
import type { TemplateJson } from "./synth";

/** Monthly prices of resources that cost by existing (us-east-1, on-demand list prices). */
export const IDLE_PRICES = {
  webAcl: 5,
  webAclRule: 1,
  alarm: 0.1,
  dashboard: 3,
  kmsKey: 1,
  secret: 0.4,
} as const;

/** Secrets a stage has that its template does not create: the origin secret (docs/DEPLOY.md). */
export const SECRETS_CREATED_BY_HAND = 1;

export interface StageFigures {
  readonly stackResources: number;
  readonly nestedResources: number;
  readonly alarms: number;
  /** Dollars a month, to the cent. */
  readonly idleCost: number;
}

function ofType(json: TemplateJson, type: string) {
  return Object.values(json.Resources).filter((resource) => resource.Type === type);
}

export function stageFigures(stack: TemplateJson, nested: TemplateJson): StageFigures {
  const both = [stack, nested];
  const count = (type: string) => both.reduce((sum, json) => sum + ofType(json, type).length, 0);
  const rules = both
    .flatMap((json) => ofType(json, "AWS::WAFv2::WebACL"))
    .reduce((sum, acl) => sum + ((acl.Properties?.Rules as unknown[] | undefined)?.length ?? 0), 0);
  const cents =
    100 * IDLE_PRICES.webAcl * count("AWS::WAFv2::WebACL") +
    100 * IDLE_PRICES.webAclRule * rules +
    100 * IDLE_PRICES.alarm * count("AWS::CloudWatch::Alarm") +
    100 * IDLE_PRICES.dashboard * count("AWS::CloudWatch::Dashboard") +
    100 * IDLE_PRICES.kmsKey * count("AWS::KMS::Key") +
    100 * IDLE_PRICES.secret * (count("AWS::SecretsManager::Secret") + SECRETS_CREATED_BY_HAND);
  return {
    stackResources: Object.keys(stack.Resources).length,
    nestedResources: Object.keys(nested.Resources).length,
    alarms: count("AWS::CloudWatch::Alarm"),
    idleCost: Math.round(cents) / 100,
  };
}

/** The row of docs/DEPLOY.md's figures table for a stage. */
export function figuresRow(stage: string, figures: StageFigures): string {
  return `| ${stage} | ${figures.stackResources} | ${figures.nestedResources} | ${figures.alarms} | $${figures.idleCost.toFixed(2)} |`;
}
