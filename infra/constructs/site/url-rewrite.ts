/**
 * The CloudFront Function's code with the route table of web/src/public-paths.ts filled in, and the
 * same code loaded in Node, so that the local runtime (infra/local/static-site.ts) maps URLs with
 * exactly what CloudFront runs. Also the cache settings the deployment gives the site's files.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PUBLIC_PATHS } from "../../../web/src/public-paths";

export const URL_REWRITE_SOURCE = fileURLToPath(new URL("./url-rewrite.function.js", import.meta.url));
const PLACEHOLDER = "/*__PUBLIC_PATHS__*/ []";

/** Built files whose names carry a content hash (Vite's `assets/` folder). */
export const HASHED_ASSETS = "assets/*";
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
export const REVALIDATE_CACHE = "no-cache";

export function urlRewriteCode(paths: readonly string[] = PUBLIC_PATHS): string {
  const source = readFileSync(URL_REWRITE_SOURCE, "utf8");
  if (!source.includes(PLACEHOLDER))
    throw new Error(`${URL_REWRITE_SOURCE} lost its route-table placeholder`);
  return source.replace(PLACEHOLDER, JSON.stringify(paths.filter((path) => path !== "/")));
}

/** CloudFront's shape of a query string: each name once, repeated values in `multiValue`. */
export type CloudFrontQuery = Record<string, { value: string; multiValue?: { value: string }[] }>;

export interface CloudFrontRequest {
  uri: string;
  querystring: CloudFrontQuery;
  headers: Record<string, { value: string }>;
}

export interface CloudFrontResponse {
  statusCode: number;
  statusDescription?: string;
  headers?: Record<string, { value: string }>;
}

export type UrlRewriteHandler = (event: {
  context: { eventType: "viewer-request" | "viewer-response" };
  request: CloudFrontRequest;
  response?: CloudFrontResponse;
}) => CloudFrontRequest | CloudFrontResponse;

/** The function's `handler`, evaluated from the code CloudFront receives. */
export function loadUrlRewrite(paths: readonly string[] = PUBLIC_PATHS): UrlRewriteHandler {
  return new Function(`${urlRewriteCode(paths)}\nreturn handler;`)() as UrlRewriteHandler;
}

/** A raw query string ("a=1&a=2&b") as CloudFront hands it to the function (values not decoded). */
export function cloudFrontQuery(rawQuery: string): CloudFrontQuery {
  const query: CloudFrontQuery = {};
  for (const part of rawQuery.split("&")) {
    if (part === "") continue;
    const equals = part.indexOf("=");
    const name = equals === -1 ? part : part.slice(0, equals);
    const value = equals === -1 ? "" : part.slice(equals + 1);
    const entry = query[name];
    if (!entry) query[name] = { value };
    else entry.multiValue = [...(entry.multiValue ?? [{ value: entry.value }]), { value }];
  }
  return query;
}
