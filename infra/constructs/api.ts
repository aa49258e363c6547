/**
 * The API: one Lambda function per entry of HTTP_FUNCTIONS, each with a function URL that only
 * this stage's CloudFront distribution may invoke (AuthType AWS_IAM; CloudFront signs every request
 * with Origin Access Control, infra/constructs/site/site.ts). There is no public endpoint to call
 * around CloudFront and its WAF: a direct call is refused by Lambda's IAM check before any code
 * runs (docs/decisions/0055-api-through-function-urls-and-oac.md).
 *
 * Routes stay in the registry: CloudFront maps each route's path to its function's URL
 * (`routes` below), and the function matches method and path itself (functions/lib/function-url.ts).
 */

import { FunctionUrlAuthType, type IFunctionUrl } from "aws-cdk-lib/aws-lambda";
import { Construct } from "constructs";
import { HTTP_FUNCTIONS } from "../../functions/registry";
import { createRegistryFunction, type FunctionContext, type RegistryFunction } from "./function";
import { pascal } from "./messaging";

/** Routes an attacker would hammer: WAF rate-limits them per client (infra/constructs/waf.ts). */
export const SENSITIVE_ROUTES = [
  "POST /api/signup",
  "POST /api/contact",
  "POST /api/auth/login",
  "POST /api/auth/passkey/options",
  "POST /api/auth/passkey/verify",
  "POST /api/auth/invitation/check",
  "POST /api/auth/invitation/accept",
  "POST /api/auth/password/forgot",
  "POST /api/auth/password/check",
  "POST /api/auth/password/reset",
] as const;

/** CloudFront's default quota of cache behaviours per distribution (one per route path + default; CloudFront Developer Guide, Quotas). */
export const MAX_CACHE_BEHAVIORS = 75;

export interface ApiRoute {
  /** CloudFront path pattern: the route's path with each `{parameter}` as `*`. */
  readonly pathPattern: string;
  readonly functionName: string;
  readonly url: IFunctionUrl;
}

/** "DELETE /api/admin/signups/{id}" -> "/api/admin/signups/*". */
export function pathPatternOf(route: string): string {
  const [method, path, ...rest] = route.trim().split(/\s+/);
  if (!method || !path?.startsWith("/") || rest.length > 0) throw new Error(`Malformed route "${route}"`);
  return path.replace(/\{[A-Za-z0-9_]+\+?\}/g, "*");
}

/**
 * The path patterns of every registry route, most specific first (CloudFront takes the first
 * behaviour that matches, and its `*` also matches `/`): literal paths first, then by fewer
 * wildcards, then longer patterns first (the notes path of an id before the id itself). Two functions on one
 * path cannot be told apart by CloudFront (it does not route by method): that stops the synth.
 */
export function routePatterns(
  functions: readonly { name: string; routes: readonly string[] }[],
): { pathPattern: string; functionName: string }[] {
  const owner = new Map<string, string>();
  for (const fn of functions) {
    for (const route of fn.routes) {
      const pattern = pathPatternOf(route);
      const existing = owner.get(pattern);
      if (existing && existing !== fn.name) {
        throw new Error(
          `Routes of "${existing}" and "${fn.name}" share the path ${pattern}: CloudFront routes by path only, so one function must serve both methods (functions/registry.ts).`,
        );
      }
      owner.set(pattern, fn.name);
    }
  }
  const wildcards = (pattern: string) => (pattern.match(/\*/g) ?? []).length;
  const ordered = [...owner.entries()]
    .map(([pathPattern, functionName]) => ({ pathPattern, functionName }))
    .sort(
      (a, b) =>
        wildcards(a.pathPattern) - wildcards(b.pathPattern) || b.pathPattern.length - a.pathPattern.length,
    );
  if (ordered.length + 1 > MAX_CACHE_BEHAVIORS) {
    throw new Error(
      `${ordered.length} API paths + the site need ${ordered.length + 1} CloudFront cache behaviours; the default quota is ${MAX_CACHE_BEHAVIORS}. Ask AWS for more first (docs/DEPLOY.md), then raise MAX_CACHE_BEHAVIORS.`,
    );
  }
  return ordered;
}

export interface ApiProps {
  readonly context: FunctionContext;
}

export class Api extends Construct {
  readonly functions = new Map<string, RegistryFunction>();
  /** Every route path, most specific first, with the URL of the function that serves it. */
  readonly routes: readonly ApiRoute[];

  constructor(scope: Construct, id: string, { context }: ApiProps) {
    super(scope, id);
    const urls = new Map<string, IFunctionUrl>();
    for (const definition of HTTP_FUNCTIONS) {
      const fnId = `${pascal(definition.name)}Function`;
      const created = createRegistryFunction(this, fnId, definition, "http", context);
      // AWS_IAM: only a signed request of a principal with lambda:InvokeFunctionUrl gets in; the
      // site's OAC origin grants exactly that to this stage's distribution and nobody else.
      urls.set(definition.name, created.fn.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM }));
      this.functions.set(definition.name, created);
    }
    this.routes = routePatterns(HTTP_FUNCTIONS).map(({ pathPattern, functionName }) => ({
      pathPattern,
      functionName,
      url: urls.get(functionName) as IFunctionUrl,
    }));
  }
}
