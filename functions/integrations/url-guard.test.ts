import { describe, expect, it } from "vitest";
import { INTEGRATIONS_MESSAGES } from "../../events/webhooks";
import { checkUrlForm, isPublicUnicast, type Resolver, resolveEndpoint } from "./url-guard";

/** A resolver from a table: what the attacker's DNS would answer. */
function resolverOf(table: Record<string, string[]>): Resolver {
  return async (hostname) => {
    const answers = table[hostname];
    if (!answers) throw new Error(`ENOTFOUND ${hostname}`);
    return answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

const deployed = {
  allowLoopback: false,
  resolver: resolverOf({
    "hooks.example.com": ["93.184.216.34"],
    "rebind.example.com": ["10.0.0.7"],
    "mixed.example.com": ["93.184.216.34", "192.168.1.1"],
    "v6.example.com": ["2606:4700::6810:84e5"],
    "metadata.example.com": ["fd00:ec2::254"],
    "localhost.": ["127.0.0.1"],
    localhost: ["127.0.0.1", "::1"],
    "hooks.slack.com": ["34.203.0.1"],
  }),
};

describe("resolveEndpoint, as deployed (no loopback)", () => {
  it.each([
    "https://127.0.0.1/hook",
    "https://10.0.0.1/hook",
    "https://169.254.169.254/latest/meta-data/",
    "https://[::1]/hook",
    "https://[fd00:ec2::254]/",
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:a9fe:a9fe]/",
    "https://100.64.0.1/",
    "https://172.16.5.4/",
    "https://192.168.0.1/",
    "https://0.0.0.0/",
    "https://[64:ff9b::a00:1]/",
    "https://2130706433/",
    "https://0177.0.0.1/",
    "https://0x7f000001/",
    "https://127.1/",
    "https://rebind.example.com/hook",
    "https://mixed.example.com/hook",
    "https://metadata.example.com/hook",
    "https://localhost./hook",
    "https://localhost/hook",
  ])("refuses %s as not public", async (url) => {
    const result = await resolveEndpoint(url, "webhook", deployed);
    expect(result).toMatchObject({ ok: false, reason: INTEGRATIONS_MESSAGES.urlNotPublic });
  });

  it.each([
    ["http://hooks.example.com/hook", INTEGRATIONS_MESSAGES.urlNotHttps],
    ["http://localhost:3000/__local/webhooks/a", INTEGRATIONS_MESSAGES.urlNotHttps],
    ["ftp://hooks.example.com/", INTEGRATIONS_MESSAGES.urlNotHttps],
    ["https://user:pw@hooks.example.com/", INTEGRATIONS_MESSAGES.urlCredentials],
    ["not a url", INTEGRATIONS_MESSAGES.urlInvalid],
    ["https://unknown.example.com/", INTEGRATIONS_MESSAGES.urlInvalid],
  ])("refuses %s", async (url, reason) => {
    expect(await resolveEndpoint(url, "webhook", deployed)).toMatchObject({ ok: false, reason });
  });

  it("accepts a public name and hands back the checked address to connect to", async () => {
    const result = await resolveEndpoint("https://hooks.example.com/in?x=1", "webhook", deployed);
    expect(result).toMatchObject({ ok: true, target: { address: "93.184.216.34", family: 4 } });
    const v6 = await resolveEndpoint("https://v6.example.com/", "webhook", deployed);
    expect(v6).toMatchObject({ ok: true, target: { address: "2606:4700::6810:84e5", family: 6 } });
  });

  it("holds a Slack endpoint to hooks.slack.com/services/", async () => {
    expect(
      await resolveEndpoint("https://hooks.slack.com/services/T1/B2/x", "slack", deployed),
    ).toMatchObject({
      ok: true,
    });
    expect(await resolveEndpoint("https://hooks.example.com/services/x", "slack", deployed)).toMatchObject({
      ok: false,
      reason: INTEGRATIONS_MESSAGES.slackUrl,
    });
  });
});

describe("the local runtime (loopback allowed)", () => {
  const local = { ...deployed, allowLoopback: true };

  it("allows http and https to this machine only", async () => {
    expect(await resolveEndpoint("http://localhost:3000/__local/webhooks/a", "webhook", local)).toMatchObject(
      {
        ok: true,
        target: { address: "127.0.0.1" },
      },
    );
    expect(checkUrlForm("http://hooks.example.com/", "webhook", local)).toMatchObject({ ok: false });
    expect(await resolveEndpoint("https://10.0.0.1/", "webhook", local)).toMatchObject({ ok: false });
    expect(await resolveEndpoint("https://169.254.169.254/", "webhook", local)).toMatchObject({ ok: false });
  });
});

describe("isPublicUnicast", () => {
  it("takes public unicast only", () => {
    expect(isPublicUnicast("8.8.8.8")).toBe(true);
    expect(isPublicUnicast("2001:4860:4860::8888")).toBe(true);
    for (const address of [
      "127.0.0.1",
      "::1",
      "fe80::1",
      "::ffff:8.8.8.8",
      "224.0.0.1",
      "255.255.255.255",
      "nope",
    ])
      expect(isPublicUnicast(address), address).toBe(false);
  });
});
