import { BlockList, isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Addresses that say nothing about where a visitor is: private, loopback, link-local, carrier-grade
 * NAT, documentation, multicast and reserved ranges (RFC 6890 and friends).
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** "::ffff:1.2.3.4" -> "1.2.3.4"; anything else as given. */
export function unmapIpv4(ip: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return match?.[1] ?? ip;
}

/** A syntactically valid address outside every non-public range. */
export function isPublicAddress(ip: string | undefined): boolean {
  if (!ip) return false;
  const address = unmapIpv4(ip.trim());
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Longest subject kept for something that is not an address (a limit key must stay small). */
const MAX_SUBJECT_LENGTH = 64;

/**
 * Who a per-address limit counts: an IPv4 address as it is, an IPv6 address by its /64. One
 * subscriber line or cloud host gets a whole /64 (RFC 6177), so counting single IPv6 addresses
 * would hand an attacker 2^64 fresh subjects. Parsing with ipaddr.js rather than by hand: it
 * expands "::", zero-padding and embedded IPv4 forms correctly.
 */
export function clientNetwork(ip: string): string {
  const address = unmapIpv4(ip.trim());
  if (isIP(address) !== 6) return address.slice(0, MAX_SUBJECT_LENGTH);
  const parts = ipaddr.IPv6.parse(address).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(":")}::/64`;
}
