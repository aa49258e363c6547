/**
 * `npm run smoke -- <site URL>`: checks a deployed stage from outside, as a visitor and a staff
 * member would, through the product's own pages and API only. Safe against production: the one
 * signup it makes is marked as a test (last name "Smoke-Test", notes "repdesk smoke <id>") and is
 * deleted again through the Command Center API before it ends, even when a check fails.
 *
 * Environment: SMOKE_USERNAME / SMOKE_PASSWORD (a staff account; SMOKE_TOTP_SECRET on stages with
 * MFA), SMOKE_EMAIL (the prospect address of the test signup; default SES's mailbox simulator
 * success@simulator.amazonses.com, which accepts the acknowledgement without a real inbox or a
 * bounce, in the sandbox too), SMOKE_CANONICAL (the expected canonical origin;
 * default the URL given), SMOKE_DIRECT_URL (the API's own address, stack output ApiDirectUrl: its
 * web ACL must refuse a call that did not come through CloudFront with 403), SMOKE_TIMEOUT_MS (how long to wait for the enrichment; default 60000).
 */
import { randomUUID } from "node:crypto";
import { totpCode } from "../../functions/staff/totp";
import { isMainModule } from "../main-module";

/** SES's mailbox simulator address that always accepts (Amazon SES Developer Guide, "Using the mailbox simulator"). */
export const SES_SIMULATOR_SUCCESS = "success@simulator.amazonses.com";

export interface SmokeOptions {
  readonly url: string;
  readonly username?: string;
  readonly password?: string;
  readonly totpSecret?: string;
  readonly email?: string;
  readonly canonical?: string;
  readonly directUrl?: string;
  readonly timeoutMs?: number;
  readonly log?: (line: string) => void;
}

export interface SmokeCheck {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

export async function runSmoke(options: SmokeOptions): Promise<SmokeCheck[]> {
  const base = options.url.replace(/\/+$/, "");
  const origin = new URL(base).origin;
  const checks: SmokeCheck[] = [];
  const log = options.log ?? (() => {});
  const record = (name: string, ok: boolean, detail: string) => {
    checks.push({ name, ok, detail });
    log(`${ok ? "ok  " : "FAIL"} ${name}: ${detail}`);
    return ok;
  };
  /** A request as the site's own scripts send it: same Origin, JSON. */
  const call = async (method: string, path: string, body?: unknown, cookie?: string) => {
    const text = body === undefined ? "" : JSON.stringify(body);
    return fetch(`${base}${path}`, {
      method,
      redirect: "manual",
      headers: {
        accept: "application/json",
        origin,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : text,
    });
  };

  // Pages: status, canonical, the headers CloudFront adds.
  const canonical = (options.canonical ?? base).replace(/\/+$/, "");
  for (const path of ["/", "/pricing", "/signup"]) {
    const page = await fetch(`${base}${path}`, { redirect: "manual" });
    const html = await page.text();
    const found = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
    const expected = `${canonical}${path === "/" ? "/" : path}`;
    record(
      `page ${path}`,
      page.status === 200 && found === expected,
      `status ${page.status}, canonical ${found}`,
    );
    const missing = ["content-security-policy", "strict-transport-security", "x-content-type-options"].filter(
      (name) => !page.headers.get(name),
    );
    record(
      `headers ${path}`,
      missing.length === 0,
      missing.length ? `missing ${missing.join(", ")}` : "security headers present",
    );
  }
  const login = await fetch(`${base}/commandcenter/login`, { redirect: "manual" });
  record(
    "Command Center login screen",
    login.status === 200 && (await login.text()).includes('<div id="root"'),
    `status ${login.status}`,
  );

  if (options.directUrl) {
    const direct = await fetch(`${options.directUrl.replace(/\/+$/, "")}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    record(
      "API refuses a direct call",
      direct.status === 403,
      `status ${direct.status} from ${new URL(options.directUrl).host}`,
    );
  }

  if (!options.username || !options.password) {
    record("signup round trip", false, "skipped: set SMOKE_USERNAME and SMOKE_PASSWORD");
    return checks;
  }
  const email = options.email ?? SES_SIMULATOR_SUCCESS;

  // Sign in before submitting anything: a smoke that cannot sign in must not leave a test signup
  // behind that only a person could delete. With a second factor the code goes with the first
  // attempt, so no failed attempt is counted against the account.
  const answer = await call("POST", "/api/auth/login", {
    username: options.username,
    password: options.password,
    ...(options.totpSecret ? { code: totpCode(options.totpSecret, new Date()) } : {}),
  });
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const loginDetail =
    answer.status === 401 && !options.totpSecret
      ? "status 401: the stage may require a second factor (set SMOKE_TOTP_SECRET)"
      : `status ${answer.status}`;
  if (!record("staff login", answer.status === 200 && cookie.length > 0, loginDetail)) return checks;

  try {
    const marker = `repdesk smoke ${randomUUID()}`;
    const created = await call("POST", "/api/signup", {
      firstName: "RepDesk",
      lastName: "Smoke-Test",
      email,
      teamSize: "solo",
      productLines: "single",
      notes: marker,
      submissionId: randomUUID(),
    });
    const createdBody = (await created.json().catch(() => ({}))) as { id?: string };
    if (
      !record(
        "signup accepted",
        created.status === 201 && Boolean(createdBody.id),
        `status ${created.status}`,
      )
    )
      return checks;
    const id = createdBody.id as string;
    try {
      const stored = await waitForEnrichedAndNotified(call, cookie, email, id, options.timeoutMs ?? 60_000);
      record("signup stored", stored?.notes === marker, stored ? `id ${id}` : "not listed");
      record(
        "signup enriched",
        Boolean(stored?.ipAddress),
        stored?.ipAddress
          ? `country ${String(stored.country ?? "none (private address)")}`
          : "no ipAddress within the timeout",
      );
      record(
        "signup e-mailed",
        Boolean(stored?.notifiedAt),
        stored?.notifiedAt
          ? `staff alert and acknowledgement sent at ${String(stored.notifiedAt)}`
          : "no notifiedAt within the timeout: see the notify worker's logs and the notification queue",
      );
    } finally {
      const removed = await call("DELETE", `/api/admin/signups/${encodeURIComponent(id)}`, undefined, cookie);
      record(
        "test signup deleted",
        removed.status === 204 || removed.status === 200,
        `status ${removed.status}`,
      );
    }
  } finally {
    await call("POST", "/api/auth/logout", undefined, cookie);
  }
  return checks;
}

type Call = (method: string, path: string, body?: unknown, cookie?: string) => Promise<Response>;

/** The test signup as the Command Center lists it, once enriched and e-mailed (or at the deadline). */
async function waitForEnrichedAndNotified(
  call: Call,
  cookie: string,
  email: string,
  id: string,
  timeoutMs: number,
): Promise<Record<string, unknown> | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await call(
      "GET",
      `/api/admin/signups?q=${encodeURIComponent(email)}&limit=100`,
      undefined,
      cookie,
    );
    const body = (await list.json().catch(() => ({}))) as { signups?: Record<string, unknown>[] };
    const stored = body.signups?.find((signup) => signup.id === id);
    // Enriched = the geo-IP worker has written the visitor's address (country too when public);
    // notified = the notify worker has sent the staff alert and the acknowledgement.
    if ((stored?.ipAddress && stored?.notifiedAt) || Date.now() > deadline) return stored;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function main(): Promise<void> {
  const url = process.argv.slice(2).find((arg) => !arg.startsWith("-"));
  if (!url) throw new Error("usage: npm run smoke -- <site URL>");
  const env = process.env;
  const checks = await runSmoke({
    url,
    username: env.SMOKE_USERNAME,
    password: env.SMOKE_PASSWORD,
    totpSecret: env.SMOKE_TOTP_SECRET,
    email: env.SMOKE_EMAIL,
    canonical: env.SMOKE_CANONICAL,
    directUrl: env.SMOKE_DIRECT_URL,
    timeoutMs: env.SMOKE_TIMEOUT_MS ? Number(env.SMOKE_TIMEOUT_MS) : undefined,
    log: (line) => console.log(line),
  });
  const failed = checks.filter((check) => !check.ok);
  console.log(
    failed.length === 0
      ? `smoke: ${checks.length} checks passed`
      : `smoke: ${failed.length} of ${checks.length} checks failed`,
  );
  if (failed.length > 0) process.exitCode = 1;
}

if (isMainModule(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
