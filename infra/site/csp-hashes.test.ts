import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../security-headers";
import {
  CSP_HASHES_FILE,
  cspHash,
  hasStyleAttribute,
  inlineProblems,
  inlineScripts,
  inlineStyles,
  parseCspHashes,
  verifiedCspHashes,
} from "./csp-hashes";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function site(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "repdesk-csp-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const CSS = 'body{margin:0}.a::before{content:"é"}';
const page = (css: string, extra = "") =>
  `<!doctype html><head><style>${css}</style></head><body${extra}><p>x</p></body>`;

describe("cspHash", () => {
  it("is the base64 sha256 of the UTF-8 text, as browsers compute it", () => {
    expect(cspHash("")).toBe("sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
    expect(cspHash("é")).not.toBe(cspHash("e"));
  });
});

describe("inlineStyles and hasStyleAttribute", () => {
  it("finds each <style> text exactly, up to where the parser ends it", () => {
    expect(inlineStyles(`<style>a{}</style><STYLE media="all">b{}</STYLE >`)).toEqual(["a{}", "b{}"]);
  });

  it("finds a style attribute in any start tag, not text that mentions one", () => {
    expect(hasStyleAttribute(`<div style="color:red">`)).toBe(true);
    expect(hasStyleAttribute(`<p class="x"\n  style='a'>`)).toBe(true);
    expect(hasStyleAttribute(`<p>write style="…" in prose</p>`)).toBe(false);
    expect(hasStyleAttribute(`<script type="application/ld+json">{"a":"<b style=1>"}</script>`)).toBe(false);
    expect(hasStyleAttribute(`<style>a[style="x"]{}</style>`)).toBe(false);
  });
});

describe("inlineScripts", () => {
  it("finds the scripts the browser runs, not data blocks or scripts loaded from a file", () => {
    const html = [
      `<script>a()</script>`,
      `<SCRIPT type="module">b()</SCRIPT >`,
      `<script type='text/javascript'>c()</script>`,
      `<script type="application/ld+json">{"x":1}</script>`,
      `<script type="module" src="/assets/entry.js"></script>`,
      `<script src=/x.js>ignored</script>`,
    ].join("");
    expect(inlineScripts(html)).toEqual(["a()", "b()", "c()"]);
  });
});

describe("parseCspHashes", () => {
  it("refuses anything but sha256 hash sources (no way to smuggle 'unsafe-inline' into style-src)", () => {
    expect(() => parseCspHashes(`{"styleSrc":["'unsafe-inline'"]}`)).toThrow(/hash sources/);
    expect(() => parseCspHashes(`{"styleSrc":["sha256-${"A".repeat(43)}=' 'unsafe-inline"]}`)).toThrow();
    expect(() => parseCspHashes(`{"styleSrc":"sha256-x"}`)).toThrow();
    expect(parseCspHashes(JSON.stringify({ styleSrc: [cspHash(CSS), cspHash(CSS)] })).styleSrc).toEqual([
      cspHash(CSS),
    ]);
  });

  it("reads script hashes with the same rules, and none when the field is absent", () => {
    expect(parseCspHashes(JSON.stringify({ styleSrc: [] })).scriptSrc).toEqual([]);
    expect(parseCspHashes(JSON.stringify({ styleSrc: [], scriptSrc: [cspHash("a()")] })).scriptSrc).toEqual([
      cspHash("a()"),
    ]);
    expect(() => parseCspHashes(`{"styleSrc":[],"scriptSrc":["'unsafe-inline'"]}`)).toThrow(/scriptSrc/);
  });

  it("contentSecurityPolicy puts script hashes into script-src, never anything else", () => {
    expect(() => contentSecurityPolicy({ scriptHashes: ["'unsafe-inline'"] })).toThrow();
    const policy = contentSecurityPolicy({ scriptHashes: [cspHash("a()")], styleHashes: [cspHash(CSS)] });
    expect(policy).toContain(`script-src 'self' '${cspHash("a()")}';`);
    expect(policy).toContain(`style-src 'self' '${cspHash(CSS)}';`);
    expect(policy).not.toContain("unsafe");
  });

  it("contentSecurityPolicy refuses a malformed hash too, and quotes good ones into style-src only", () => {
    expect(() => contentSecurityPolicy({ styleHashes: ["sha256-abc' 'unsafe-inline"] })).toThrow();
    const policy = contentSecurityPolicy({ styleHashes: [cspHash(CSS)] });
    expect(policy).toContain(`style-src 'self' '${cspHash(CSS)}';`);
    expect(policy).not.toContain("unsafe");
    expect(policy.match(/sha256-/g)).toHaveLength(1);
  });
});

describe("inlineProblems / verifiedCspHashes", () => {
  it("passes a site whose every <style> is listed", () => {
    const dir = site({
      "index.html": page(CSS),
      "pricing.html": page(CSS),
      [CSP_HASHES_FILE]: JSON.stringify({ styleSrc: [cspHash(CSS)] }),
    });
    expect(inlineProblems(dir)).toEqual([]);
    expect(verifiedCspHashes(dir).styleSrc).toEqual([cspHash(CSS)]);
  });

  it("names a page whose <style> differs from the listed one by a byte, and one with a style attribute", () => {
    const dir = site({
      "index.html": page(CSS),
      "platform/x.html": page(`${CSS} `),
      "404.html": page(CSS, ` style="display:none"`),
      [CSP_HASHES_FILE]: JSON.stringify({ styleSrc: [cspHash(CSS)] }),
    });
    const problems = inlineProblems(dir);
    expect(problems).toHaveLength(2);
    expect(problems.join("\n")).toMatch(/platform\/x\.html: inline <style> sha256-/);
    expect(problems.join("\n")).toMatch(/404\.html: a style="…" attribute/);
    expect(() => verifiedCspHashes(dir)).toThrow(/would block/);
  });

  it("names a page whose inline script is not listed, and passes it once it is", () => {
    const probe = "(function(){})()";
    const withScript = `<!doctype html><head><script>${probe}</script><style>${CSS}</style></head><body></body>`;
    const unlisted = site({
      "index.html": withScript,
      [CSP_HASHES_FILE]: JSON.stringify({ styleSrc: [cspHash(CSS)] }),
    });
    expect(inlineProblems(unlisted)).toEqual([
      `index.html: inline <script> ${cspHash(probe)} is not in ${CSP_HASHES_FILE}`,
    ]);
    const listed = site({
      "index.html": withScript,
      [CSP_HASHES_FILE]: JSON.stringify({ styleSrc: [cspHash(CSS)], scriptSrc: [cspHash(probe)] }),
    });
    expect(verifiedCspHashes(listed)).toEqual({ styleSrc: [cspHash(CSS)], scriptSrc: [cspHash(probe)] });
  });

  it("refuses inline styles when the hash file is missing, accepts a site without any", () => {
    expect(() => verifiedCspHashes(site({ "index.html": page(CSS) }))).toThrow(/not in csp-hashes\.json/);
    expect(verifiedCspHashes(site({ "index.html": "<!doctype html><p>x</p>" })).styleSrc).toEqual([]);
  });
});
