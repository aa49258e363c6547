/**
 * Where a lead came from, over real HTTP against the local runtime
 * (docs/decisions/0141-lead-source-capture.md, 0142-lead-channel-rules.md): one submission per
 * channel rule, bad values dropped while the lead is accepted, a body too large as a whole refused,
 * a returning prospect's later source on its lead's timeline, the list's channel filter, a Sources
 * report row's leads (channel, source, campaign, period) in the list and its CSV, and a hostile value
 * in the Command Center's details as text.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../events/limits";
import { launchChromium } from "../e2e/site-support";
import type { RuntimeProcess } from "../support/runtime";
import { call, FIRST_ADMIN, signIn, startStaffRuntime } from "./auth-support";

let runtime: RuntimeProcess;
let cookie: string;
let sent = 0;

beforeAll(async () => {
  runtime = await startStaffRuntime();
  cookie = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
});
afterAll(async () => {
  await runtime?.stop();
});

function unique(name: string): string {
  sent += 1;
  return `${name}.${Date.now()}.${sent}@example.com`;
}

/** The stored lead of an answer's id, as the Command Center reads it. */
async function leadOf(id: unknown): Promise<{ source?: Record<string, unknown> }> {
  const lead = await call(runtime, "GET", `/api/admin/signups/${id}`, { cookie });
  return (lead.json?.signup ?? {}) as { source?: Record<string, unknown> };
}

/** A signup with `source`, from an address of its own (the per-address limit is not under test). */
async function signup(source: unknown, email = unique("src")) {
  const answer = await call(runtime, "POST", "/api/signup", {
    body: { firstName: "Sol", lastName: "Source", email, teamSize: "solo", productLines: "single", source },
    ip: `198.51.100.${sent % 250}`,
  });
  return answer;
}

async function storedSource(source: unknown): Promise<Record<string, unknown>> {
  const answer = await signup(source);
  expect(answer.status, answer.text).toBe(201);
  return (await leadOf(answer.json?.id)).source ?? {};
}

describe("a channel for every lead, by GA4's rules", () => {
  it.each([
    ["paid search by a Google Ads click id", { landingPath: "/", gclid: "Cj0KCQiA-x_1" }, "paid-search"],
    [
      "paid search by medium cpc from a search engine",
      { utmSource: "google", utmMedium: "cpc" },
      "paid-search",
    ],
    [
      "organic search by a search engine's referrer",
      { referrerOrigin: "https://www.bing.com" },
      "organic-search",
    ],
    [
      "organic social by a social site's referrer",
      { referrerOrigin: "https://www.linkedin.com" },
      "organic-social",
    ],
    ["paid social", { utmSource: "facebook", utmMedium: "paid_social" }, "paid-social"],
    ["email by its medium", { utmSource: "newsletter", utmMedium: "email", utmCampaign: "fall" }, "email"],
    ["referral by another site's referrer", { referrerOrigin: "https://blog.example.org" }, "referral"],
    ["direct without source or referrer", { landingPath: "/signup" }, "direct"],
    ["direct without any source sent", undefined, "direct"],
  ])("%s", async (_name, source, channel) => {
    expect(await storedSource(source)).toEqual({ ...(source ?? {}), channel });
  });

  it("ignores a channel the browser claims", async () => {
    expect(await storedSource({ landingPath: "/", channel: "paid-search" })).toEqual({
      landingPath: "/",
      channel: "direct",
    });
  });
});

describe("bad source values: dropped, the lead accepted", () => {
  it("drops each hostile or oversized value, never truncating it, and keeps the rest", async () => {
    expect(
      await storedSource({
        landingPath: "javascript:alert(1)",
        referrerOrigin: "https://www.google.com/search?q=private+words",
        utmSource: "newsletter",
        utmMedium: "e\u0000mail",
        utmCampaign: "x".repeat(201),
        utmTerm: { $gt: "" },
        gclid: "<img src=x onerror=alert(1)>",
        fbclid: "f".repeat(513),
      }),
    ).toEqual({ utmSource: "newsletter", channel: "unassigned" });
  });

  it("drops a source that is not an object whole", async () => {
    expect(await storedSource("https://evil.example/")).toEqual({ channel: "direct" });
    expect(await storedSource([1, 2])).toEqual({ channel: "direct" });
  });

  it("refuses a body too large as a whole (the API's limit), storing nothing", async () => {
    const email = unique("huge");
    const answer = await signup({ utmCampaign: "x".repeat(LIMITS.bodyBytes) }, email);
    expect(answer.status).toBe(413);
    const found = await call(runtime, "GET", `/api/admin/signups?q=${encodeURIComponent(email)}&limit=5`, {
      cookie,
    });
    expect(found.json?.signups).toEqual([]);
  });
});

describe("the list's channel filter", () => {
  it("lists only the leads of the channel asked for, and refuses an unknown one", async () => {
    const email = unique("filter");
    await signup({ utmSource: "partnerstack", utmMedium: "affiliate" }, email);
    const list = await call(runtime, "GET", "/api/admin/signups?channel=affiliates&limit=100", { cookie });
    const leads = list.json?.signups as { email: string; source: { channel: string } }[];
    expect(leads.map((lead) => lead.email)).toContain(email);
    expect(new Set(leads.map((lead) => lead.source.channel))).toEqual(new Set(["affiliates"]));
    expect(list.json?.matched).toBe(leads.length);
    const searched = await call(runtime, "GET", `/api/admin/signups?channel=email&q=${email}`, { cookie });
    expect(searched.json?.signups).toEqual([]);
    const unknown = await call(runtime, "GET", "/api/admin/signups?channel=carrier-pigeon", { cookie });
    expect(unknown.status).toBe(400);
  });
});

describe("a Sources report row's leads (docs/decisions/0143-channel-filter.md)", () => {
  it("lists exactly a row's channel, source and campaign over a period, in the list and its CSV", async () => {
    const campaign = `fall-${Date.now()}`;
    const emails = [unique("row"), unique("row"), unique("row")];
    // The report's source is utm_source in lower case: "Newsletter" and "newsletter" are one row.
    await signup({ utmSource: "Newsletter", utmMedium: "email", utmCampaign: campaign }, emails[0]);
    await signup({ utmSource: "newsletter", utmMedium: "email", utmCampaign: `${campaign}-b` }, emails[1]);
    await signup({ utmSource: "digest", utmMedium: "email", utmCampaign: campaign }, emails[2]);
    const listed = async (query: string) => {
      const list = await call(runtime, "GET", `/api/admin/signups?limit=100&${query}`, { cookie });
      expect(list.status, list.text).toBe(200);
      const mine = ((list.json?.signups ?? []) as { email: string }[]).map((lead) => lead.email);
      return mine.filter((email) => emails.includes(email)).sort();
    };
    const row = `channel=email&source=newsletter&campaign=${campaign}`;
    expect(await listed(row)).toEqual([emails[0]]);
    expect(await listed("channel=email&source=newsletter")).toEqual([emails[0], emails[1]].sort());
    expect(await listed(`channel=paid-search&source=newsletter&campaign=${campaign}`)).toEqual([]);
    // A period: team days, both ends included; one long past holds none of them, one from then all.
    expect(await listed(`${row}&from=2001-01-01&to=2001-12-31`)).toEqual([]);
    expect(await listed(`${row}&from=2001-01-01`)).toEqual([emails[0]]);
    expect(await listed("channel=email&to=2001-12-31")).toEqual([]);
    const csv = await call(runtime, "GET", `/api/admin/signups/export.csv?${row}&from=2001-01-01`, {
      cookie,
    });
    expect(csv.status).toBe(200);
    expect(emails.filter((email) => csv.text.includes(email))).toEqual([emails[0]]);
  });

  it("refuses a source without its channel, a campaign without its source and a period backwards", async () => {
    for (const query of [
      "source=newsletter",
      "channel=email&campaign=fall",
      "from=2026-11-30&to=2026-11-01",
      "from=2026-02-30",
      `channel=email&source=${"x".repeat(101)}`,
    ]) {
      const answer = await call(runtime, "GET", `/api/admin/signups?${query}`, { cookie });
      expect(answer.status, query).toBe(400);
    }
  });
});

describe("a returning prospect", () => {
  it("keeps the first lead's source; the later submission's is on the lead's timeline", async () => {
    const email = unique("again");
    const first = await signup({ utmSource: "newsletter", utmMedium: "email" }, email);
    const again = await signup({ referrerOrigin: "https://www.google.com", landingPath: "/signup" }, email);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect((await leadOf(first.json?.id)).source).toEqual({
      utmSource: "newsletter",
      utmMedium: "email",
      channel: "email",
    });
    const timeline = await call(runtime, "GET", `/api/admin/signups/${first.json?.id}/timeline`, { cookie });
    const entries = (timeline.json?.timeline ?? []) as { type: string; otherId?: string; source?: unknown }[];
    const linked = entries.find((entry) => entry.type === "linked");
    expect(linked).toMatchObject({
      otherId: again.json?.id,
      source: { referrerOrigin: "https://www.google.com", landingPath: "/signup", channel: "organic-search" },
    });
  });
});

describe("the Command Center", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows a hostile UTM value in the lead's details as text, never markup", async () => {
    const hostile = '<img src=x onerror="window.__pwned=1"><b>fall</b>';
    const answer = await signup({ utmSource: "newsletter", utmMedium: "email", utmCampaign: hostile });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${runtime.url}/commandcenter/login`);
      await page.getByLabel("Username").fill(FIRST_ADMIN.username);
      await page.getByLabel("Password").fill(FIRST_ADMIN.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${runtime.url}/commandcenter`);
      await page.goto(`${runtime.url}/commandcenter/signups#lead=${answer.json?.id}`);
      const dialog = page.getByRole("dialog");
      await dialog.getByText(hostile, { exact: true }).waitFor();
      await dialog.getByText("Email", { exact: true }).first().waitFor();
      expect(await dialog.locator("img, b").count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    } finally {
      await context.close();
    }
  });
});
