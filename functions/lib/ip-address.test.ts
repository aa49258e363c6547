import { describe, expect, it } from "vitest";
import { clientNetwork, isPublicAddress, unmapIpv4 } from "./ip-address";

describe("isPublicAddress", () => {
  it.each(["8.8.8.8", "81.2.69.142", "2001:4860:4860::8888", "::ffff:8.8.8.8"])("%s is public", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "127.0.0.1",
    "169.254.1.1",
    "100.64.0.1",
    "100.127.255.254",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fd00::1",
    "2001:db8::1",
    "::ffff:10.0.0.1",
    "not an ip",
    "",
    undefined,
  ])("%s is not public", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it("unmaps IPv4-mapped IPv6 addresses", () => {
    expect(unmapIpv4("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(unmapIpv4("2001:db8::1")).toBe("2001:db8::1");
  });
});

describe("clientNetwork (what per-address limits count)", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    // One /64 is one subscriber: every address in it is one subject.
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:0:0:0:9", "2001:db8:1:2::/64"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("%s -> %s", (ip, subject) => {
    expect(clientNetwork(ip)).toBe(subject);
  });

  it("keeps anything that is not an address as given (bounded)", () => {
    expect(clientNetwork("unknown")).toBe("unknown");
    expect(clientNetwork("x".repeat(500))).toHaveLength(64);
  });
});
