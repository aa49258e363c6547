/**
 * The inline stylesheet and script of the prerendered pages and the Content-Security-Policy hashes
 * that allow them (docs/decisions/0089-inline-css-csp-hash.md, 0109-consent-banner-in-the-html.md).
 * The build writes the hashes of every distinct inline <style> and inline script into
 * CSP_HASHES_FILE beside the pages; the CDK stack and the local runtime read that file and add each
 * hash to `style-src` or `script-src`, and both refuse a site whose pages carry an inline style or
 * script the file does not list, or a style attribute (which a strict style-src blocks without
 * 'unsafe-hashes'). Plain Node, no CDK and no Vite: infra/site/build.ts, infra/constructs/site/
 * and infra/local/ all use it.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** In the build output; not deployed (infra/constructs/site/site.ts), the CSP header says the same. */
export const CSP_HASHES_FILE = "csp-hashes.json";

export interface CspHashes {
  /** CSP hash sources without quotes, e.g. "sha256-…=", of the inline <style> elements. */
  readonly styleSrc: readonly string[];
  /** The same for the inline scripts (the consent probe, when the stage has a tag manager). */
  readonly scriptSrc: readonly string[];
}

export const NO_HASHES: CspHashes = { styleSrc: [], scriptSrc: [] };

const HASH_SOURCE = /^sha256-[A-Za-z0-9+/]{43}=$/;
/**
 * A <style> element's text. The HTML parser ends it at the first `</style`, whatever follows, so
 * the hash the browser computes is of exactly this text.
 */
const STYLE_ELEMENT = /<style\b[^>]*>([\s\S]*?)<\/style/gi;
/**
 * A <script> element: its attributes and text, up to where the parser ends it. Only the ones
 * without src that the browser runs count (inlineScripts): a JSON-LD block is data, outside the CSP.
 */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script/gi;
const RUN_TYPES = new Set(["", "text/javascript", "application/javascript", "module"]);
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

/** The text of every inline script of a page the browser would run, in order. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(SCRIPT_ELEMENT)]
    .filter(([, attributes = ""]) => {
      if (/\ssrc\s*=/i.test(attributes)) return false;
      const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? "";
      return RUN_TYPES.has(type.toLowerCase());
    })
    .map((match) => match[2] ?? "");
}

/** Whether a start tag of the page outside <style>/<script> carries a style attribute. */
export function hasStyleAttribute(html: string): boolean {
  const markup = html
    .replace(/<style\b[^>]*>[\s\S]*?<\/style\s*>/gi, "")
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "");
  return STYLE_ATTRIBUTE.test(markup);
}

function hashList(parsed: Record<string, unknown>, field: keyof CspHashes): string[] {
  const list = parsed[field] ?? [];
  if (!Array.isArray(list) || !list.every((hash) => typeof hash === "string" && HASH_SOURCE.test(hash)))
    throw new Error(`${CSP_HASHES_FILE}: ${field} must be a list of "sha256-<base64>" hash sources`);
  return [...new Set(list as string[])].sort();
}

export function parseCspHashes(json: string): CspHashes {
  const parsed = JSON.parse(json) as Record<string, unknown>;
  if (!Array.isArray(parsed.styleSrc))
    throw new Error(`${CSP_HASHES_FILE}: styleSrc must be a list of "sha256-<base64>" hash sources`);
  return { styleSrc: hashList(parsed, "styleSrc"), scriptSrc: hashList(parsed, "scriptSrc") };
}

/** The site's hashes; none when the file is missing (a site with nothing inline needs none). */
export function readCspHashes(siteDir: string): CspHashes {
  const file = join(siteDir, CSP_HASHES_FILE);
  return existsSync(file) ? parseCspHashes(readFileSync(file, "utf8")) : NO_HASHES;
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
 * Every way a page of the site in `siteDir` would break under a style-src and script-src of 'self'
 * plus `hashes`: a <style> or inline script whose hash is not listed, a style attribute. Empty
 * when every page renders as built.
 */
export function inlineProblems(siteDir: string, hashes: CspHashes = readCspHashes(siteDir)): string[] {
  const allowedStyles = new Set(hashes.styleSrc);
  const allowedScripts = new Set(hashes.scriptSrc);
  const problems: string[] = [];
  for (const file of htmlFiles(siteDir)) {
    const html = readFileSync(file, "utf8");
    const name = relative(siteDir, file);
    for (const style of inlineStyles(html)) {
      const hash = cspHash(style);
      if (!allowedStyles.has(hash))
        problems.push(`${name}: inline <style> ${hash} is not in ${CSP_HASHES_FILE}`);
    }
    for (const script of inlineScripts(html)) {
      const hash = cspHash(script);
      if (!allowedScripts.has(hash))
        problems.push(`${name}: inline <script> ${hash} is not in ${CSP_HASHES_FILE}`);
    }
    if (hasStyleAttribute(html)) problems.push(`${name}: a style="…" attribute (blocked by style-src)`);
  }
  return problems;
}

/** The hashes of `siteDir`, after checking that they allow every inline style of its pages. */
export function verifiedCspHashes(siteDir: string): CspHashes {
  const hashes = readCspHashes(siteDir);
  const problems = inlineProblems(siteDir, hashes);
  if (problems.length > 0) {
    throw new Error(
      `The site in ${siteDir} has inline styles or scripts its Content-Security-Policy would block (rebuild it: npm run build:web):\n  ${problems.join("\n  ")}`,
    );
  }
  return hashes;
}
