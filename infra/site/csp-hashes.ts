/**
 * The inline stylesheet of the prerendered pages and the Content-Security-Policy hashes that allow
 * it (docs/decisions/0089-inline-css-csp-hash.md). The build writes the hashes of every distinct
 * inline <style> into CSP_HASHES_FILE beside the pages; the CDK stack and the local runtime read
 * that file and add each hash to `style-src`, and both refuse a site whose pages carry a <style>
 * the file does not list or a style attribute (which a strict style-src blocks without
 * 'unsafe-hashes'). Plain Node, no CDK and no Vite: infra/site/build.ts, infra/constructs/site/
 * and infra/local/ all use it.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** In the build output; not deployed (infra/constructs/site/site.ts), the CSP header says the same. */
export const CSP_HASHES_FILE = "csp-hashes.json";

export interface CspHashes {
  /** CSP hash sources without quotes, e.g. "sha256-…=". */
  readonly styleSrc: readonly string[];
}

const HASH_SOURCE = /^sha256-[A-Za-z0-9+/]{43}=$/;
/**
 * A <style> element's text. The HTML parser ends it at the first `</style`, whatever follows, so
 * the hash the browser computes is of exactly this text.
 */
const STYLE_ELEMENT = /<style\b[^>]*>([\s\S]*?)<\/style/gi;
/** A style attribute in a start tag (outside <style> and <script>, which the callers strip). */
const STYLE_ATTRIBUTE = /<[a-z][^>]*\sstyle\s*=/i;

/** The CSP hash source of an inline element's text, as the browser computes it (UTF-8 bytes). */
export function cspHash(text: string): string {
  return `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
}

/** The text of every <style> element of a page, in order. */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(STYLE_ELEMENT)].map((match) => match[1] ?? "");
}

/** Whether a start tag of the page outside <style>/<script> carries a style attribute. */
export function hasStyleAttribute(html: string): boolean {
  const markup = html
    .replace(/<style\b[^>]*>[\s\S]*?<\/style\s*>/gi, "")
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "");
  return STYLE_ATTRIBUTE.test(markup);
}

export function parseCspHashes(json: string): CspHashes {
  const parsed = JSON.parse(json) as { styleSrc?: unknown };
  const styleSrc = parsed.styleSrc;
  if (
    !Array.isArray(styleSrc) ||
    !styleSrc.every((hash) => typeof hash === "string" && HASH_SOURCE.test(hash))
  )
    throw new Error(`${CSP_HASHES_FILE}: styleSrc must be a list of "sha256-<base64>" hash sources`);
  return { styleSrc: [...new Set(styleSrc as string[])].sort() };
}

/** The site's hashes; none when the file is missing (a site with no inline style needs none). */
export function readCspHashes(siteDir: string): CspHashes {
  const file = join(siteDir, CSP_HASHES_FILE);
  return existsSync(file) ? parseCspHashes(readFileSync(file, "utf8")) : { styleSrc: [] };
}

function htmlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(path);
    return entry.isFile() && entry.name.endsWith(".html") ? [path] : [];
  });
}

/**
 * Every way a page of the site in `siteDir` would break under a style-src of 'self' plus `hashes`:
 * a <style> whose hash is not listed, a style attribute. Empty when every page renders as built.
 */
export function inlineStyleProblems(siteDir: string, hashes: CspHashes = readCspHashes(siteDir)): string[] {
  const allowed = new Set(hashes.styleSrc);
  const problems: string[] = [];
  for (const file of htmlFiles(siteDir)) {
    const html = readFileSync(file, "utf8");
    const name = relative(siteDir, file);
    for (const style of inlineStyles(html)) {
      const hash = cspHash(style);
      if (!allowed.has(hash)) problems.push(`${name}: inline <style> ${hash} is not in ${CSP_HASHES_FILE}`);
    }
    if (hasStyleAttribute(html)) problems.push(`${name}: a style="…" attribute (blocked by style-src)`);
  }
  return problems;
}

/** The hashes of `siteDir`, after checking that they allow every inline style of its pages. */
export function verifiedCspHashes(siteDir: string): CspHashes {
  const hashes = readCspHashes(siteDir);
  const problems = inlineStyleProblems(siteDir, hashes);
  if (problems.length > 0) {
    throw new Error(
      `The site in ${siteDir} has inline styles its Content-Security-Policy would block (rebuild it: npm run build:web):\n  ${problems.join("\n  ")}`,
    );
  }
  return hashes;
}
