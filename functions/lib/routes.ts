/**
 * The route table of functions/registry.ts as API Gateway's REST API matches it (a literal path
 * segment before a `{parameter}`): the local runtime dispatches requests with it, so it answers
 * exactly the routes the registry declares, as the deployed API does (infra/constructs/api.ts).
 * Routes are "METHOD /path", where `{name}` matches one path segment and `{name+}` the rest of the
 * path (API Gateway's greedy parameter).
 */
export interface RouteDefinition<T> {
  /** "POST /api/signup", "DELETE /api/admin/signups/{id}", "ANY /api/{proxy+}". */
  readonly routeKey: string;
  readonly target: T;
}

interface CompiledRoute<T> {
  readonly routeKey: string;
  readonly method: string;
  readonly pattern: RegExp;
  /** The route's path template: API Gateway's resource. */
  readonly resource: string;
  readonly parameterNames: readonly string[];
  /**
   * Per segment, 0 literal, 1 parameter, 2 greedy: compared segment by segment, lower first, as
   * API Gateway prefers a literal segment to a parameter at each level.
   */
  readonly rank: readonly number[];
  readonly target: T;
}

export type RouteMatch<T> =
  | {
      readonly kind: "found";
      readonly routeKey: string;
      readonly target: T;
      readonly pathParameters: Record<string, string>;
    }
  | { readonly kind: "methodNotAllowed"; readonly allow: readonly string[] }
  | { readonly kind: "notFound" };

const PARAMETER = /^\{([A-Za-z0-9_]+)(\+?)\}$/;

function compile<T>({ routeKey, target }: RouteDefinition<T>): CompiledRoute<T> {
  const [method, path, ...rest] = routeKey.trim().split(/\s+/);
  if (!method || !path?.startsWith("/") || rest.length > 0) throw new Error(`Malformed route "${routeKey}"`);
  const parameterNames: string[] = [];
  const rank: number[] = [];
  const segments = path
    .split("/")
    .slice(1)
    .map((segment) => {
      const parameter = PARAMETER.exec(segment);
      if (!parameter) {
        rank.push(0);
        return escapeRegExp(segment);
      }
      parameterNames.push(parameter[1] as string);
      const greedy = parameter[2] === "+";
      rank.push(greedy ? 2 : 1);
      return greedy ? "(.+)" : "([^/]+)";
    });
  return {
    routeKey: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    resource: path,
    pattern: new RegExp(`^/${segments.join("/")}$`),
    parameterNames,
    rank,
    target,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export class RouteTable<T> {
  private readonly routes: readonly CompiledRoute<T>[];

  constructor(definitions: readonly RouteDefinition<T>[]) {
    this.routes = definitions.map(compile).sort((a, b) => compareRanks(a.rank, b.rank));
  }

  /**
   * As API Gateway's REST API matches: first the most specific resource (path template) that
   * matches the (still percent-encoded) path, then the method among that resource's routes only;
   * another method of that resource is 405 with its methods, even when a less specific resource
   * would take it.
   */
  match(method: string, path: string): RouteMatch<T> {
    const upper = method.toUpperCase();
    const allow = new Set<string>();
    const resource = this.routes.find((route) => route.pattern.test(path))?.resource;
    for (const route of this.routes) {
      if (route.resource !== resource) continue;
      const found = route.pattern.exec(path);
      if (!found) continue;
      if (route.method !== upper && route.method !== "ANY") {
        allow.add(route.method);
        continue;
      }
      const pathParameters: Record<string, string> = {};
      route.parameterNames.forEach((name, index) => {
        pathParameters[name] = safeDecode(found[index + 1] as string);
      });
      return { kind: "found", routeKey: route.routeKey, target: route.target, pathParameters };
    }
    if (allow.size > 0) return { kind: "methodNotAllowed", allow: [...allow].sort() };
    return { kind: "notFound" };
  }
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const difference = (a[i] as number) - (b[i] as number);
    if (difference !== 0) return difference;
  }
  return 0;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
