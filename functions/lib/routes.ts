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
  readonly parameterNames: readonly string[];
  /** Lower sorts first: literal paths beat parameters, which beat greedy parameters. */
  readonly rank: number;
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
  let rank = 0;
  const segments = path
    .split("/")
    .slice(1)
    .map((segment) => {
      const parameter = PARAMETER.exec(segment);
      if (!parameter) return escapeRegExp(segment);
      parameterNames.push(parameter[1] as string);
      const greedy = parameter[2] === "+";
      rank += greedy ? 1000 : 1;
      return greedy ? "(.+)" : "([^/]+)";
    });
  return {
    routeKey: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
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
    this.routes = definitions.map(compile).sort((a, b) => a.rank - b.rank);
  }

  /** The most specific route for this method and (still percent-encoded) path. */
  match(method: string, path: string): RouteMatch<T> {
    const upper = method.toUpperCase();
    const allow = new Set<string>();
    for (const route of this.routes) {
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

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
