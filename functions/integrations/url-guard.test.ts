import { afterEach, describe, expect, it, vi } from "vitest";
import { INTEGRATIONS_MESSAGES } from "../../events/webhooks";
import {
  checkUrlForm,
  DNS_TIMEOUT_MS,
  isPublicUnicast,
  type ResolvedAddress,
  type Resolver,
  resolveEndpoint,
} from "./url-guard";

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
    // What a hostile DNS could claim for a name under localhost: never asked.
    "evil.localhost": ["93.184.216.34"],
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
    "https://evil.localhost/hook",
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
    ["https://unknown.example.com/", INTEGRATIONS_MESSAGES.urlUnresolved],
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

describe("resolving within its time limit", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A resolver the test answers by hand, recording whether it was told to stop. */
  function controlledResolver() {
    const calls: { hostname: string; signal: AbortSignal; answer: (addresses: string[]) => void }[] = [];
    const resolver: Resolver = (hostname, signal) =>
      new Promise<readonly ResolvedAddress[]>((resolve) => {
        calls.push({
          hostname,
          signal,
          answer: (addresses) => resolve(addresses.map((address) => ({ address, family: 4 }))),
        });
      });
    return { resolver, calls };
  }

  it("refuses a name whose resolver never answers once the limit has passed, and stops it", async () => {
    vi.useFakeTimers();
    const { resolver, calls } = controlledResolver();
    let settled = false;
    const pending = resolveEndpoint("https://hang.example.com/hook", "webhook", {
      allowLoopback: false,
      resolver,
    });
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(DNS_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    expect(calls[0]?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({
      ok: false,
      reason: INTEGRATIONS_MESSAGES.urlUnresolved,
      detail: `DNS: no answer within ${DNS_TIMEOUT_MS} ms`,
    });
    expect(calls[0]?.signal.aborted).toBe(true);
    // An answer after the limit changes nothing.
    calls[0]?.answer(["93.184.216.34"]);
    await vi.advanceTimersByTimeAsync(0);
    expect(await pending).toMatchObject({ ok: false });
  });

  it("takes a slow answer that comes within the limit", async () => {
    vi.useFakeTimers();
    const { resolver, calls } = controlledResolver();
    const pending = resolveEndpoint("https://slow.example.com/hook", "webhook", {
      allowLoopback: false,
      resolver,
    });
    await vi.advanceTimersByTimeAsync(DNS_TIMEOUT_MS - 1);
    calls[0]?.answer(["93.184.216.34"]);
    expect(await pending).toMatchObject({ ok: true, target: { address: "93.184.216.34" } });
    expect(calls[0]?.signal.aborted).toBe(false);
    // Its timer is gone: nothing is left to fire.
    expect(vi.getTimerCount()).toBe(0);
  });

  it("holds a shorter limit when given one, and a failing resolver is a clear refusal", async () => {
    vi.useFakeTimers();
    const { resolver } = controlledResolver();
    const pending = resolveEndpoint("https://hang.example.com/", "webhook", {
      allowLoopback: false,
      resolver,
      resolveTimeoutMs: 250,
    });
    await vi.advanceTimersByTimeAsync(250);
    expect(await pending).toMatchObject({ detail: "DNS: no answer within 250 ms" });
    const failing: Resolver = async () => {
      throw Object.assign(new Error("queryA ESERVFAIL broken.example.com"), { code: "ESERVFAIL" });
    };
    expect(
      await resolveEndpoint("https://broken.example.com/", "webhook", {
        allowLoopback: false,
        resolver: failing,
      }),
    ).toEqual({
      ok: false,
      reason: INTEGRATIONS_MESSAGES.urlUnresolved,
      detail: "DNS: queryA ESERVFAIL broken.example.com",
    });
  });

  it("never asks DNS about localhost names in the local runtime", async () => {
    const { resolver, calls } = controlledResolver();
    const local = { allowLoopback: true, resolver };
    expect(await resolveEndpoint("http://localhost:3000/x", "webhook", local)).toMatchObject({
      ok: true,
      target: { address: "127.0.0.1", family: 4 },
    });
    expect(await resolveEndpoint("http://hooks.localhost:3000/x", "webhook", local)).toMatchObject({
      ok: true,
    });
    expect(calls).toHaveLength(0);
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

describe("IPv6 addresses that carry an IPv4 address (EMBEDDED_IPV4)", () => {
  const embedded = [
    // IPv4-compatible (::/96): in no special list of ipaddr.js.
    "::127.0.0.1",
    "::1.2.3.4",
    "::7f00:1",
    "::a9fe:a9fe",
    "::8.8.8.8",
    // IPv4-mapped and IPv4-translated.
    "::ffff:127.0.0.1",
    "::ffff:8.8.8.8",
    "::ffff:0:a00:1",
    // NAT64, well-known and local-use.
    "64:ff9b::10.0.0.1",
    "64:ff9b::8.8.8.8",
    "64:ff9b:1::a00:1",
    "64:ff9b:1:ffff::808:808",
    // 6to4 (2002:<IPv4>::/48) and Teredo.
    "2002:7f00:1::1",
    "2002:808:808::1",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
  ];

  it.each(embedded)("refuses the literal [%s]", (address) => {
    expect(checkUrlForm(`https://[${address}]/hook`, "webhook", deployed)).toEqual({
      ok: false,
      reason: INTEGRATIONS_MESSAGES.urlNotPublic,
    });
    expect(isPublicUnicast(address), address).toBe(false);
  });

  it.each(embedded)("refuses a name whose AAAA record is %s", async (address) => {
    const options = { allowLoopback: false, resolver: resolverOf({ "aaaa.example.com": [address] }) };
    expect(await resolveEndpoint("https://aaaa.example.com/hook", "webhook", options)).toMatchObject({
      ok: false,
      reason: INTEGRATIONS_MESSAGES.urlNotPublic,
    });
  });

  it("refuses them in the local runtime too, where loopback is allowed", () => {
    for (const address of ["::127.0.0.1", "::ffff:127.0.0.1", "64:ff9b::7f00:1"])
      expect(checkUrlForm(`http://[${address}]:3000/`, "webhook", { allowLoopback: true }).ok, address).toBe(
        false,
      );
  });

  it("still takes native public IPv6 next to those ranges", () => {
    for (const address of ["2001:4860:4860::8888", "2606:4700::6810:84e5", "2003::1", "64:ff9c::1"])
      expect(isPublicUnicast(address), address).toBe(true);
  });
});
