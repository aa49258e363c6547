import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assertSiteBuiltFor, siteMismatches } from "./site-build";
import { stageSettings } from "./stages";

/** A site's few files that name its origin, as infra/site/build.ts writes them. */
function fakeSite(origin: string, tagManagerId?: string): string {
  const dir = mkdtempSync(join(tmpdir(), "repdesk-site-check-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(
    join(dir, "index.html"),
    `<head><link rel="canonical" href="${origin}/" data-page-head></head>`,
  );
  writeFileSync(join(dir, "robots.txt"), `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);
  writeFileSync(
    join(dir, "sitemap.xml"),
    `<urlset><url><loc>${origin}/</loc></url><url><loc>${origin}/pricing</loc></url></urlset>`,
  );
  writeFileSync(
    join(dir, "assets", "index-abc.js"),
    `const c={siteUrl:"${origin}"${tagManagerId ? `,tagManagerId:"${tagManagerId}"` : ""}};`,
  );
  return dir;
}

describe("the site a stage deploys", () => {
  const prod = stageSettings("prod");
  const dev = stageSettings("dev");

  it("accepts a site built for the stage", () => {
    expect(siteMismatches(fakeSite(prod.siteUrl, prod.tagManagerId), prod)).toEqual([]);
    expect(siteMismatches(fakeSite(dev.siteUrl), dev)).toEqual([]);
  });

  it("refuses the local build (localhost canonical, sitemap and robots.txt, no tag manager)", () => {
    const problems = siteMismatches(fakeSite("http://localhost:3000"), prod);
    expect(problems.join("\n")).toMatch(/canonical is http:\/\/localhost:3000\//);
    expect(problems.join("\n")).toMatch(/robots\.txt/);
    expect(problems.join("\n")).toMatch(/sitemap\.xml lists 2 URLs outside/);
    expect(problems.join("\n")).toMatch(/tag manager containers in the scripts: none; stage "prod" has GTM-/);
    expect(() => assertSiteBuiltFor(fakeSite("http://localhost:3000"), prod)).toThrow(
      /not built for stage "prod"/,
    );
  });

  it("refuses another stage's build and a missing build", () => {
    expect(siteMismatches(fakeSite(prod.siteUrl, prod.tagManagerId), dev).length).toBeGreaterThan(0);
    expect(siteMismatches(fakeSite(dev.siteUrl, "GTM-OTHER1"), dev).join()).toMatch(/GTM-OTHER1/);
    expect(siteMismatches(join(tmpdir(), "repdesk-no-such-site"), dev).join()).toMatch(/not built/);
  });
});
