/** The CloudFront Function's code with the route table of web/src/public-paths.ts filled in. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PUBLIC_PATHS } from "../../../web/src/public-paths";

export const URL_REWRITE_SOURCE = fileURLToPath(new URL("./url-rewrite.function.js", import.meta.url));
const PLACEHOLDER = "/*__PUBLIC_PATHS__*/ []";

export function urlRewriteCode(paths: readonly string[] = PUBLIC_PATHS): string {
  const source = readFileSync(URL_REWRITE_SOURCE, "utf8");
  if (!source.includes(PLACEHOLDER))
    throw new Error(`${URL_REWRITE_SOURCE} lost its route-table placeholder`);
  return source.replace(PLACEHOLDER, JSON.stringify(paths.filter((path) => path !== "/")));
}
