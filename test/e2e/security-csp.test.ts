/**
 * The pages' Content-Security-Policy in Chromium, against the local runtime of a stage with a tag
 * manager container (the runtime sends what CloudFront sends: infra/security-headers.ts):
 * - the Command Center (/commandcenter/*) is served a policy of its own that names no Google host,
 *   while the public pages keep theirs;
 * - no page makes the browser report an eval violation: zod's compiled fast path probes
 *   `new Function` unless `jitless` is set before any schema is built (events/jitless.ts). Chromium
 *   reports that probe as an issue (DevTools' Issues panel), not on the console: the test listens to
 *   the CDP Audits domain, and to CSP violation events, while a person signs in and fills the forms.
 */
import type { CDPSession, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN } from "./commandcenter-support";
import { siteFixture, type WatchedPage, waitForHydration } from "./site-support";

/** The container site-consent.test.ts uses: the same build serves both. */
const CONTAINER = "GTM-CONSENT1";
const GOOGLE = /google|doubleclick/;

const site = siteFixture({
  env: { TAG_MANAGER_ID: CONTAINER, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
});

interface CspIssue {
  readonly violation: string;
  readonly url: string;
}

/** Every CSP issue Chromium reports for the page from now on (Audits.issueAdded). */
async function cspIssues(page: Page): Promise<{ issues: CspIssue[]; session: CDPSession }> {
  const session = await page.context().newCDPSession(page);
  const issues: CspIssue[] = [];
  session.on("Audits.issueAdded", ({ issue }) => {
    const details = issue.details.contentSecurityPolicyIssueDetails;
    if (issue.code !== "ContentSecurityPolicyIssue" || !details) return;
    issues.push({
      violation: details.contentSecurityPolicyViolationType,
      url: details.sourceCodeLocation?.url ?? details.blockedURL ?? "",
    });
  });
  await session.send("Audits.enable");
  return { issues, session };
}

/** Opens `path` watched for CSP issues; the page's response headers. */
async function visit(path: string, use: (watched: WatchedPage, issues: CspIssue[]) => Promise<void>) {
  const watched = await site.open();
  try {
    const { issues, session } = await cspIssues(watched.page);
    const response = await watched.page.goto(`${site.runtime.url}${path}`);
    await use(watched, issues);
    // Issues arrive asynchronously: a round trip through the session lets the last ones in.
    await session.send("Runtime.evaluate", { expression: "1" });
    return { headers: response?.headers() ?? {}, issues };
  } finally {
    await watched.close();
  }
}

const evalIssues = (issues: readonly CspIssue[]) => issues.filter((issue) => /eval/i.test(issue.violation));

describe("the Command Center's policy", () => {
  it("names no Google host on /commandcenter/*, while the public pages keep the tag manager's", async () => {
    const login = await visit("/commandcenter/login", async ({ page }) => {
      await page.getByLabel("Username").waitFor();
    });
    const policy = login.headers["content-security-policy"] ?? "";
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(GOOGLE);
    expect(policy).toContain("frame-ancestors 'none'");
    for (const path of ["/commandcenter", "/commandcenter/signups", "/commandcenter/no-such-page"]) {
      const answer = await fetch(`${site.runtime.url}${path}`, { redirect: "manual" });
      expect(answer.headers.get("content-security-policy") ?? "", path).not.toMatch(GOOGLE);
    }
    const home = await visit("/", async ({ page }) => waitForHydration(page));
    const publicPolicy = home.headers["content-security-policy"] ?? "";
    expect(publicPolicy).toMatch(/script-src [^;]*https:\/\/\*\.googletagmanager\.com/);
    expect(publicPolicy).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
  });
});

describe("no eval under the policy (zod is jitless)", () => {
  it("signing in on /commandcenter/login raises no CSP eval issue", async () => {
    const violations: string[] = [];
    const { issues } = await visit("/commandcenter/login", async ({ page, problems }) => {
      await page.getByLabel("Username").fill(ADMIN.username);
      await page.getByLabel("Password").fill("not the password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("alert").first().waitFor();
      await page.getByLabel("Password").fill(ADMIN.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((url) => !url.pathname.endsWith("/login"));
      await page.getByRole("navigation").first().waitFor();
      violations.push(...problems.filter((problem) => problem.includes("CSP")));
    });
    // Chromium's issue first: the probe zod catches shows there even where no console listens.
    expect(evalIssues(issues)).toEqual([]);
    expect(violations).toEqual([]);
  });

  it("checking and sending the signup form raises no CSP eval issue", async () => {
    const violations: string[] = [];
    const { issues } = await visit("/signup", async ({ page, problems }) => {
      await waitForHydration(page);
      await page.getByLabel("First name").fill("Avery");
      await page.getByLabel("Email").fill("not an address");
      await page.getByRole("button", { name: "Get Started" }).click();
      await page.getByText("Last name is required", { exact: true }).waitFor();
      violations.push(...problems.filter((problem) => problem.includes("CSP")));
    });
    // Chromium's issue first: the probe zod catches shows there even where no console listens.
    expect(evalIssues(issues)).toEqual([]);
    expect(violations).toEqual([]);
  });

  it("sending the contact form raises no CSP eval issue", async () => {
    const violations: string[] = [];
    const { issues } = await visit("/contact", async ({ page, problems }) => {
      await waitForHydration(page);
      await page.getByLabel("First name").fill("Jordan");
      await page.getByLabel("Last name").fill("Lee");
      await page.getByLabel("Email").fill(`csp.${Date.now()}@example.com`);
      await page.getByLabel("Message").fill("No eval, please.");
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByRole("heading", { name: "Thank you for contacting us!" }).waitFor();
      violations.push(...problems.filter((problem) => problem.includes("CSP")));
    });
    // Chromium's issue first: the probe zod catches shows there even where no console listens.
    expect(evalIssues(issues)).toEqual([]);
    expect(violations).toEqual([]);
  });
});
