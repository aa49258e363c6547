// biome-ignore-all lint/suspicious/noExplicitAny: the synthesized CloudFormation template is untyped JSON.
/**
 * The WAF token at the edge (docs/decisions/0134-waf-token-at-the-edge.md), on the synthesized
 * CloudFront web ACL: its rules are read as CloudFormation has them and evaluated as AWS WAF does
 * (rules by priority; Count and a Challenge with a valid token go on, inserting their headers;
 * Block and a Challenge without one end it) against the requests that matter, and the local
 * front door's stand-in (infra/local/waf-standin.ts) must give every one of them the same verdict.
 */
import { App, Stack } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { describe, expect, it } from "vitest";
import { TOKEN_STATE_HEADER, WAF_TOKEN_HEADER } from "../../events/waf-token";
import { API_FORWARDED_HEADERS } from "../../infra/constructs/site/site";
import { Waf } from "../../infra/constructs/waf";
import { WafStandIn } from "../../infra/local/waf-standin";
import type { StageConfig } from "../../infra/stages";
import { TOKEN_IMMUNITY_SECONDS } from "../../infra/waf-token";
import { testStage } from "./stage-fixtures";

function aclOf(stage: StageConfig): any {
  const stack = new Stack(new App(), "WafToken", { env: { account: stage.account, region: "us-east-1" } });
  new Waf(stack, "Waf", { stage });
  const acls = Object.values(Template.fromStack(stack).findResources("AWS::WAFv2::WebACL"));
  expect(acls).toHaveLength(1);
  return (acls[0] as any).Properties;
}

interface Request {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
}

function transform(value: string, transformations: readonly any[]): string {
  let out = value;
  for (const { Type } of [...transformations].sort((a, b) => a.Priority - b.Priority)) {
    if (Type === "URL_DECODE") {
      try {
        out = decodeURIComponent(out);
      } catch {}
    } else if (Type === "NORMALIZE_PATH") {
      const parts: string[] = [];
      for (const part of out.split("/")) {
        if (part === "" || part === ".") continue;
        if (part === "..") parts.pop();
        else parts.push(part);
      }
      out = `/${parts.join("/")}${out.endsWith("/") && parts.length ? "/" : ""}`;
    } else if (Type === "LOWERCASE") out = out.toLowerCase();
    else if (Type !== "NONE") throw new Error(`transformation not evaluated here: ${Type}`);
  }
  return out;
}

/** The values a field gives a request (a header's absence gives none). */
function fieldValues(field: any, request: Request): string[] {
  if (field.UriPath) return [request.path];
  if (field.Method) return [request.method];
  if (field.Body) return ["{}"];
  if (field.SingleHeader) {
    const name = String(field.SingleHeader.Name).toLowerCase();
    return Object.entries(request.headers).flatMap(([key, value]) =>
      key.toLowerCase() === name ? [value] : [],
    );
  }
  if (field.Headers) {
    expect(field.Headers.MatchScope).toBe("KEY");
    return Object.keys(request.headers);
  }
  throw new Error(`field not evaluated here: ${JSON.stringify(field)}`);
}

function matches(statement: any, request: Request): boolean {
  if (statement.AndStatement) return statement.AndStatement.Statements.every((s: any) => matches(s, request));
  if (statement.OrStatement) return statement.OrStatement.Statements.some((s: any) => matches(s, request));
  if (statement.NotStatement) return !matches(statement.NotStatement.Statement, request);
  // Rate limits are not reached and managed groups see a browser's ordinary request here.
  if (statement.RateBasedStatement || statement.ManagedRuleGroupStatement) return false;
  if (statement.SizeConstraintStatement) {
    const size = statement.SizeConstraintStatement;
    expect(size.ComparisonOperator).toBe("GT");
    return fieldValues(size.FieldToMatch, request).some((value) => value.length > size.Size);
  }
  if (statement.RegexMatchStatement) {
    const regex = statement.RegexMatchStatement;
    const pattern = new RegExp(regex.RegexString);
    return fieldValues(regex.FieldToMatch, request).some((v) =>
      pattern.test(transform(v, regex.TextTransformations)),
    );
  }
  const byte = statement.ByteMatchStatement;
  if (!byte) throw new Error(`statement not evaluated here: ${JSON.stringify(statement)}`);
  return fieldValues(byte.FieldToMatch, request).some((raw) => {
    const value = transform(raw, byte.TextTransformations);
    if (byte.PositionalConstraint === "EXACTLY") return value === byte.SearchString;
    if (byte.PositionalConstraint === "STARTS_WITH") return value.startsWith(byte.SearchString);
    throw new Error(`constraint not evaluated here: ${byte.PositionalConstraint}`);
  });
}

type Verdict = { status: number } | { status: "through"; inserted: Record<string, string> };

/** AWS WAF's evaluation of the web ACL; `validToken` stands in for WAF's own token check. */
function evaluate(acl: any, request: Request, validToken: (token: string) => boolean): Verdict {
  const inserted: Record<string, string> = {};
  const insert = (handling: any) => {
    for (const { Name, Value } of handling?.InsertHeaders ?? []) inserted[`x-amzn-waf-${Name}`] = Value;
  };
  for (const rule of [...acl.Rules].sort((a: any, b: any) => a.Priority - b.Priority)) {
    if (!matches(rule.Statement, request)) continue;
    const action = rule.Action ?? {};
    if (action.Block) return { status: action.Block.CustomResponse?.ResponseCode ?? 403 };
    if (action.Allow) {
      insert(action.Allow.CustomRequestHandling);
      return { status: "through", inserted };
    }
    if (action.Count) insert(action.Count.CustomRequestHandling);
    if (action.Challenge) {
      const token = fieldValues({ SingleHeader: { Name: WAF_TOKEN_HEADER } }, request)[0] ?? "";
      if (!validToken(token)) return { status: 202 };
      insert(action.Challenge.CustomRequestHandling);
    }
  }
  return { status: "through", inserted };
}

/** The local stand-in's verdict, in the same terms. */
function standInVerdict(waf: WafStandIn, request: Request): Verdict {
  const verdict = waf.judge(request.method, request.path, request.headers);
  if (verdict.kind !== "pass") return { status: verdict.status };
  return { status: "through", inserted: verdict.state ? { [TOKEN_STATE_HEADER]: verdict.state } : {} };
}

const waf = new WafStandIn(() => Date.parse("2026-11-29T10:00:00Z"));
const GOOD = waf.issue();
const forged = `${GOOD.split(".")[0]}.${"A".repeat(43)}`;
const expired = new WafStandIn(() => Date.parse("2026-11-29T09:00:00Z"), Buffer.alloc(32)).issue();
const post = (path: string, headers: Record<string, string> = {}): Request => ({
  method: "POST",
  path,
  headers,
});

const CASES: [string, Request, Verdict][] = [
  [
    "a signup without a token goes on, marked absent",
    post("/api/signup"),
    { status: "through", inserted: { [TOKEN_STATE_HEADER]: "absent" } },
  ],
  [
    "a contact message with the page's token goes on, marked valid",
    post("/api/contact", { [WAF_TOKEN_HEADER]: GOOD }),
    { status: "through", inserted: { [TOKEN_STATE_HEADER]: "valid" } },
  ],
  ["a forged token is challenged", post("/api/signup", { [WAF_TOKEN_HEADER]: forged }), { status: 202 }],
  [
    "garbage in the token header is challenged",
    post("/api/signup", { [WAF_TOKEN_HEADER]: "x" }),
    { status: 202 },
  ],
  [
    "an encoded, cased path with a slash is judged all the same",
    post("/API/%73ignup/", { [WAF_TOKEN_HEADER]: forged }),
    { status: 202 },
  ],
  [
    "a client-sent state header is refused",
    post("/api/signup", { [TOKEN_STATE_HEADER]: "valid", [WAF_TOKEN_HEADER]: GOOD }),
    { status: 403 },
  ],
  [
    "any client-sent x-amzn-waf- header is refused on the API",
    post("/api/auth/login", { "X-Amzn-Waf-Anything": "1" }),
    { status: 403 },
  ],
  ["sign-in is no form post: no state", post("/api/auth/login"), { status: "through", inserted: {} }],
  [
    "a GET of the form path is no form post",
    { method: "GET", path: "/api/signup", headers: {} },
    { status: "through", inserted: {} },
  ],
];

describe.each(["dev", "prod"] as const)("the %s web ACL's token rules", (name) => {
  const stage = testStage(name);
  const acl = aclOf(stage);
  const rule = (ruleName: string) => acl.Rules.find((r: any) => r.Name === ruleName);

  it.each(CASES)("%s (and the local stand-in agrees)", (_, request, expected) => {
    const check = (token: string) => waf.check(token);
    expect(evaluate(acl, request, check)).toEqual(expected);
    expect(standInVerdict(waf, request)).toEqual(expected);
  });

  it("an expired token is challenged at the edge and by the stand-in", () => {
    const request = post("/api/signup", { [WAF_TOKEN_HEADER]: expired });
    expect(evaluate(acl, request, (token) => waf.check(token))).toEqual({ status: 202 });
    expect(standInVerdict(waf, request)).toEqual({ status: 202 });
  });

  it("refuses client-sent x-amzn-waf- headers first, before any rule inserts one", () => {
    const first = [...acl.Rules].sort((a: any, b: any) => a.Priority - b.Priority)[0];
    expect(first.Name).toBe("ClientWafHeaders");
    const field = JSON.stringify(first.Statement);
    expect(field).toContain('"OversizeHandling":"MATCH"');
    expect(first.Action.Block.CustomResponse.ResponseCode).toBe(403);
    expect(
      acl.CustomResponseBodies[first.Action.Block.CustomResponse.CustomResponseBodyKey].Content,
    ).toContain("Forbidden");
  });

  it("limits token-less form posts per address strictly, before marking them absent", () => {
    const limit = rule("FormTokenAbsentRateLimit");
    const absent = rule("FormTokenAbsent");
    expect(limit.Statement.RateBasedStatement.Limit).toBe(stage.wafToken.absentRateLimitPer5Minutes);
    expect(limit.Statement.RateBasedStatement.AggregateKeyType).toBe("IP");
    expect(limit.Statement.RateBasedStatement.ScopeDownStatement).toEqual(absent.Statement);
    expect(limit.Action.Block.CustomResponse.ResponseCode).toBe(429);
    expect(limit.Priority).toBeLessThan(absent.Priority);
    expect(stage.wafToken.absentRateLimitPer5Minutes).toBeLessThan(stage.edgeRateLimitPer5Minutes);
  });

  it("challenges a sent token with the immunity time the stand-in's tokens live", () => {
    const challenge = rule("FormTokenChallenge");
    expect(challenge.ChallengeConfig.ImmunityTimeProperty.ImmunityTime).toBe(TOKEN_IMMUNITY_SECONDS);
    expect(challenge.Action.Challenge.CustomRequestHandling.InsertHeaders).toEqual([
      { Name: "token-state", Value: "valid" },
    ]);
  });

  it(`Bot Control's common level on the form posts: ${stage.wafToken.botControl ? "on" : "off"}, as the stage says`, () => {
    const bot = rule("Aws-AWSManagedRulesBotControlRuleSet");
    if (!stage.wafToken.botControl) {
      expect(bot).toBeUndefined();
      return;
    }
    const group = bot.Statement.ManagedRuleGroupStatement;
    expect(group.ManagedRuleGroupConfigs).toEqual([
      { AWSManagedRulesBotControlRuleSet: { InspectionLevel: "COMMON" } },
    ]);
    expect(group.ScopeDownStatement).toEqual(rule("FormTokenChallenge").Statement.AndStatement.Statements[0]);
  });
});

it("CloudFront passes the state header WAF inserts on to the API", () => {
  expect(API_FORWARDED_HEADERS).toContain(TOKEN_STATE_HEADER);
});
