/**
 * Every web ACL of the templates must fit the WAF capacity (WCU) a web ACL may have: 5,000 at most,
 * or CloudFormation's create or update fails; above 1,500, the ACL costs more per request. WAF
 * counts capacity itself (shared text transformations are charged once), so the preflight asks it
 * with CheckCapacity: the ACL's Scope and Rules as synthesized, turned into the API's shape, in
 * us-east-1 for a CLOUDFRONT ACL and in the stack's region for a REGIONAL one (AWS WAF Developer
 * Guide, "Web ACL capacity units (WCUs) in AWS WAF").
 *
 * CloudFormation's rule shape is the API's but for three things: a ByteMatchStatement's
 * SearchString is text there (or SearchStringBase64) and bytes here, and the reference statements
 * name their set or group `Arn` there and `ARN` here. A `{{resolve:…}}` text (the origin secret in
 * infra/constructs/api-waf.ts) is sent as written: a string match costs by its positional
 * constraint, not by the string. A reference whose ARN exists only after deploy (`Fn::GetAtt` of an
 * IP set, a regex pattern set or a rule group of the template) cannot be sent: CheckCapacity answers
 * WAFNonexistentItemException for a resource that does not exist. Such a statement is taken out of what is sent and counted instead with
 * AWS's documented figure for its type, and the check says so; a rule with any other deploy-time
 * value is not sent and not counted, a warning.
 */
import {
  CheckCapacityCommand,
  type Rule,
  type Scope,
  type Statement,
  type WAFV2Client,
} from "@aws-sdk/client-wafv2";
import { type Check, fail, ok, unexpected, warning } from "../check";
import type { StackTemplate, TemplateResource } from "../template";
import { isRecord } from "../template";

/** What a web ACL may use at most (AWS What's New, April 2023, "AWS WAF increases web ACL capacity units limits"). */
export const WEB_ACL_MAXIMUM_WCU = 5000;
/** What the web ACL's base price includes (the same announcement; AWS WAF pricing). */
export const BASE_PRICE_WCU = 1500;
/** Above BASE_PRICE_WCU, per million requests, for each further 500 WCU (AWS WAF pricing). */
export const EXTRA_PRICE_PER_500_WCU = "$0.20";
/** CloudFront-scope web ACLs, like CloudFront's certificates, live in us-east-1 only. */
export const CLOUDFRONT_WAF_REGION = "us-east-1";

/** A statement taken out of what is sent, with the WCU it was counted at (none if unknown). */
export interface UnsentStatement {
  /** "<rule name>: <statement type> of <what the template gives for its ARN>". */
  readonly what: string;
  readonly wcu?: number;
}

export interface WafCapacityQuestion {
  readonly kind: "waf-capacity";
  /** The ACL's Name, or its place in the templates. */
  readonly webAcl: string;
  readonly where: string;
  readonly scope: Scope;
  /** Where CheckCapacity is asked: us-east-1 for CLOUDFRONT, the stack's region for REGIONAL. */
  readonly region: string;
  /** The rules in the API's shape, as sent (without the statements of `unsent`). */
  readonly rules: readonly Rule[];
  /** How many rules the template gives the ACL. */
  readonly templateRules: number;
  readonly unsent: readonly UnsentStatement[];
  /** `{{resolve:…}}` texts sent in place of the values CloudFormation resolves at deploy. */
  readonly dynamicReferences: number;
}

const REFERENCE_STATEMENTS = [
  "IPSetReferenceStatement",
  "RegexPatternSetReferenceStatement",
  "RuleGroupReferenceStatement",
] as const;
type ReferenceStatement = (typeof REFERENCE_STATEMENTS)[number];

/** `{ Ref: … }`, `{ "Fn::GetAtt": … }` and the like: a value CloudFormation knows only at deploy. */
function isIntrinsic(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === "Ref" || (keys[0] ?? "").startsWith("Fn::"));
}

function describeIntrinsic(value: Record<string, unknown>): string {
  const [name, argument] = Object.entries(value)[0] ?? ["?", undefined];
  if (name === "Fn::GetAtt" && Array.isArray(argument)) return `Fn::GetAtt ${argument.join(".")}`;
  if (name === "Ref") return `Ref ${String(argument)}`;
  return name;
}

class DeployTimeValue extends Error {
  constructor(readonly path: string) {
    super(`${path} is known only at deploy`);
  }
}

/** A value as the API takes it: CloudFormation's JSON, refusing any intrinsic. */
function plain(value: unknown, path: string): unknown {
  if (isIntrinsic(value)) throw new DeployTimeValue(path);
  if (Array.isArray(value)) return value.map((item, index) => plain(item, `${path}[${index}]`));
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, plain(child, `${path}.${key}`)]),
  );
}

/** What converting one rule found besides the rule: what was not sent, what stands in for a value. */
interface Conversion {
  readonly template: Record<string, TemplateResource>;
  readonly rule: string;
  readonly unsent: UnsentStatement[];
  dynamicReferences: number;
}

/** Texts that hold a `{{resolve:…}}` reference, anywhere in a value. */
function countDynamicReferences(value: unknown): number {
  if (typeof value === "string") return value.includes("{{resolve:") ? 1 : 0;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + countDynamicReferences(item), 0);
  return isRecord(value)
    ? Object.values(value).reduce((sum: number, child) => sum + countDynamicReferences(child), 0)
    : 0;
}

function transformationCount(statement: Record<string, unknown>): number {
  const transformations = Array.isArray(statement.TextTransformations) ? statement.TextTransformations : [];
  return transformations.filter((t) => isRecord(t) && t.Type !== "NONE").length;
}

/**
 * AWS's documented WCU of a reference statement (AWS WAF Developer Guide, "IP set match rule
 * statement": 1, 4 more for a forwarded IP at position ANY; "Regex pattern set match rule
 * statement": 25, doubled for the JSON body, 10 more for all query parameters, 10 per text
 * transformation; "Web ACL capacity units (WCUs) in AWS WAF": a rule group's capacity is the one
 * it was created with, the template's `Capacity`).
 */
function documentedWcu(
  type: ReferenceStatement,
  statement: Record<string, unknown>,
  arn: Record<string, unknown>,
  template: Record<string, TemplateResource>,
): number | undefined {
  if (type === "IPSetReferenceStatement") {
    const forwarded = statement.IPSetForwardedIPConfig;
    return 1 + (isRecord(forwarded) && forwarded.Position === "ANY" ? 4 : 0);
  }
  if (type === "RegexPatternSetReferenceStatement") {
    const field = isRecord(statement.FieldToMatch) ? statement.FieldToMatch : {};
    const base = "JsonBody" in field ? 50 : 25;
    return base + ("AllQueryArguments" in field ? 10 : 0) + 10 * transformationCount(statement);
  }
  const getAtt = arn["Fn::GetAtt"];
  const group = Array.isArray(getAtt) ? template[String(getAtt[0])] : undefined;
  const capacity = group?.Type === "AWS::WAFv2::RuleGroup" ? group.Properties?.Capacity : undefined;
  return typeof capacity === "number" ? capacity : undefined;
}

/**
 * A statement in the API's shape, or undefined where nothing of it can be sent: a reference to a set
 * that exists only after deploy, or a logical statement left with nothing to combine.
 */
function convertStatement(value: unknown, path: string, conversion: Conversion): Statement | undefined {
  if (!isRecord(value)) return plain(value, path) as Statement;
  const converted: Record<string, unknown> = {};
  for (const [type, body] of Object.entries(value)) {
    const at = `${path}.${type}`;
    if (!isRecord(body)) {
      converted[type] = plain(body, at);
      continue;
    }
    if ((REFERENCE_STATEMENTS as readonly string[]).includes(type)) {
      const { Arn, ...rest } = body;
      if (isIntrinsic(Arn)) {
        const wcu = documentedWcu(type as ReferenceStatement, body, Arn, conversion.template);
        conversion.unsent.push({
          what: `${conversion.rule}: ${type} of ${describeIntrinsic(Arn)}`,
          ...(wcu === undefined ? {} : { wcu }),
        });
        return undefined;
      }
      converted[type] = { ARN: Arn, ...(plain(rest, at) as object) };
    } else if (type === "AndStatement" || type === "OrStatement") {
      const statements = (Array.isArray(body.Statements) ? body.Statements : [])
        .map((child, index) => convertStatement(child, `${at}.Statements[${index}]`, conversion))
        .filter((child): child is Statement => child !== undefined);
      // A logical statement costs nothing of its own: what is left of it is what it costs.
      if (statements.length === 0) return undefined;
      if (statements.length === 1) return statements[0];
      converted[type] = { ...(plain({ ...body, Statements: [] }, at) as object), Statements: statements };
    } else if (type === "NotStatement") {
      const statement = convertStatement(body.Statement, `${at}.Statement`, conversion);
      if (!statement) return undefined;
      converted[type] = { Statement: statement };
    } else if (type === "RateBasedStatement" || type === "ManagedRuleGroupStatement") {
      const { ScopeDownStatement, ...rest } = body;
      const scopeDown =
        ScopeDownStatement === undefined
          ? undefined
          : convertStatement(ScopeDownStatement, `${at}.ScopeDownStatement`, conversion);
      converted[type] = {
        ...(plain(rest, at) as object),
        ...(scopeDown ? { ScopeDownStatement: scopeDown } : {}),
      };
    } else if (type === "ByteMatchStatement") {
      const { SearchString, SearchStringBase64, ...rest } = body;
      const bytes =
        typeof SearchString === "string"
          ? new TextEncoder().encode(SearchString)
          : typeof SearchStringBase64 === "string"
            ? Uint8Array.from(Buffer.from(SearchStringBase64, "base64"))
            : plain(SearchString ?? SearchStringBase64, `${at}.SearchString`);
      conversion.dynamicReferences += countDynamicReferences(SearchString);
      converted[type] = { ...(plain(rest, at) as object), SearchString: bytes };
    } else {
      conversion.dynamicReferences += countDynamicReferences(body);
      converted[type] = plain(body, at);
    }
  }
  return converted as Statement;
}

/** One rule in the API's shape (undefined when nothing of its statement can be sent), and what it found. */
function convertRule(
  value: unknown,
  index: number,
  template: Record<string, TemplateResource>,
): { rule?: Rule; unsent: UnsentStatement[]; dynamicReferences: number } {
  const rule = isRecord(value) ? value : {};
  const name = typeof rule.Name === "string" ? rule.Name : `Rules[${index}]`;
  const conversion: Conversion = { template, rule: name, unsent: [], dynamicReferences: 0 };
  try {
    const { Statement: statement, ...rest } = rule;
    const converted = convertStatement(statement, "Statement", conversion);
    return {
      ...(converted ? { rule: { ...(plain(rest, "Rule") as object), Statement: converted } as Rule } : {}),
      unsent: conversion.unsent,
      dynamicReferences: conversion.dynamicReferences,
    };
  } catch (error) {
    if (!(error instanceof DeployTimeValue)) throw error;
    return { unsent: [{ what: `${name}: ${error.path} is known only at deploy` }], dynamicReferences: 0 };
  }
}

export function deriveWafCapacityQuestions(
  templates: readonly StackTemplate[],
  stackRegion: string,
): WafCapacityQuestion[] {
  return templates.flatMap(({ path, template }) =>
    Object.entries(template.Resources ?? {}).flatMap(([logicalId, resource]) => {
      if (resource.Type !== "AWS::WAFv2::WebACL") return [];
      const properties = resource.Properties ?? {};
      const where = `${path}/${logicalId}`;
      const scope = properties.Scope === "CLOUDFRONT" ? "CLOUDFRONT" : "REGIONAL";
      const templateRules = Array.isArray(properties.Rules) ? properties.Rules : [];
      const converted = templateRules.map((rule, index) =>
        convertRule(rule, index, template.Resources ?? {}),
      );
      return [
        {
          kind: "waf-capacity" as const,
          webAcl: typeof properties.Name === "string" ? properties.Name : where,
          where,
          scope,
          region: scope === "CLOUDFRONT" ? CLOUDFRONT_WAF_REGION : stackRegion,
          rules: converted.flatMap(({ rule }) => (rule ? [rule] : [])),
          templateRules: templateRules.length,
          unsent: converted.flatMap(({ unsent }) => unsent),
          dynamicReferences: converted.reduce((sum, { dynamicReferences }) => sum + dynamicReferences, 0),
        },
      ];
    }),
  );
}

export function describeWafCapacityQuestion(question: WafCapacityQuestion): string {
  return `web ACL ${question.webAcl} (${question.scope}) capacity`;
}

const figure = (wcu: number) => wcu.toLocaleString("en-US");

/** What was sent and what was not, for the report. */
function howCounted(question: WafCapacityQuestion, asked: number): string {
  const { rules, templateRules, region } = question;
  const counted = question.unsent.filter((statement) => statement.wcu !== undefined);
  const notes = [
    rules.length === templateRules && !question.unsent.length
      ? `CheckCapacity in ${region}, ${templateRules === 1 ? "the 1 rule" : `all ${templateRules} rules`}`
      : `CheckCapacity in ${region} on ${rules.length} of ${templateRules} rules: ${figure(asked)}`,
  ];
  if (counted.length) {
    notes.push(
      `plus AWS's documented WCU of what was not sent, its ARN existing only after deploy: ${counted.map((s) => `${s.what} ${s.wcu}`).join(", ")}`,
    );
  }
  const references = question.dynamicReferences;
  if (references)
    notes.push(`${references} {{resolve:…}} ${references === 1 ? "text" : "texts"} sent as written`);
  return notes.join("; ");
}

export async function askWafCapacity(
  question: WafCapacityQuestion,
  wafv2: (region: string) => WAFV2Client,
): Promise<Check> {
  const subject = describeWafCapacityQuestion(question);
  let asked = 0;
  if (question.rules.length) {
    try {
      const { Capacity } = await wafv2(question.region).send(
        new CheckCapacityCommand({ Scope: question.scope, Rules: [...question.rules] }),
      );
      if (Capacity === undefined)
        return fail(subject, `CheckCapacity gave no Capacity: ask again (docs/DEPLOY.md, "Preflight").`);
      asked = Capacity;
    } catch (error) {
      return unexpected(subject, "wafv2:CheckCapacity", error);
    }
  }
  const total = asked + question.unsent.reduce((sum, statement) => sum + (statement.wcu ?? 0), 0);
  const how = howCounted(question, asked);
  if (total > WEB_ACL_MAXIMUM_WCU) {
    return fail(
      subject,
      `The rules need ${figure(total)} WCU (${how}), above the ${figure(WEB_ACL_MAXIMUM_WCU)} a web ACL may have, so the deploy would fail: make the ACL's rules fewer or cheaper in infra/constructs/ (docs/DEPLOY.md, "Preflight").`,
    );
  }
  const uncounted = question.unsent.filter((statement) => statement.wcu === undefined);
  if (uncounted.length) {
    return warning(
      subject,
      `At least ${figure(total)} WCU (${how}); not sent and not counted: ${uncounted.map((s) => s.what).join(", ")}.`,
    );
  }
  if (total > BASE_PRICE_WCU) {
    return warning(
      subject,
      `${figure(total)} WCU (${how}), above the ${figure(BASE_PRICE_WCU)} of the web ACL's base price: AWS WAF bills ${EXTRA_PRICE_PER_500_WCU} more per million requests for each 500 WCU beyond ${figure(BASE_PRICE_WCU)} (AWS WAF pricing).`,
    );
  }
  return ok(subject, `${figure(total)} of ${figure(WEB_ACL_MAXIMUM_WCU)} WCU (${how})`);
}
