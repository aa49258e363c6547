/**
 * No door into our network (docs/decisions/0093-webhook-ssrf.md): an endpoint's URL is checked when
 * it is saved and again before every delivery, after DNS resolution, and the delivery connects to
 * the very address that was checked (./http-post.ts), so a name that resolves to a public address
 * at the check and to a private one a moment later (DNS rebinding) gains nothing.
 *
 * Refused: anything but https (http only for this machine in the local runtime), user names and
 * passwords in the URL, and every address outside public unicast — private, loopback, link-local
 * (the metadata service 169.254.169.254), carrier-grade NAT, unique-local (fd00:ec2::254),
 * multicast, reserved, and every IPv6 range that carries an IPv4 address (EMBEDDED_IPV4, below).
 * The URL parser canonicalises the decimal, octal and hex forms of IPv4 (https://2130706433/ is
 * 127.0.0.1) before the check.
 *
 * Resolving has a time limit of its own (docs/decisions/0110-dns-time-limit.md): a name whose
 * servers never answer is refused when saved, and makes a failed attempt at delivery, after
 * `DNS_TIMEOUT_MS` — never a request or a batch held until its Lambda's timeout.
 */
import dns from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { type EndpointKind, INTEGRATIONS_MESSAGES } from "../../events/webhooks";
import { isPublicAddress } from "../lib/ip-address";

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/**
 * Every address a host name resolves to (DNS by default; tests inject their own). `signal` aborts
 * when the time for resolving is up: a resolver should stop asking then.
 */
export type Resolver = (hostname: string, signal: AbortSignal) => Promise<readonly ResolvedAddress[]>;

/** How long resolving an endpoint's name may take, at save and before each delivery attempt. */
export const DNS_TIMEOUT_MS = 5_000;
/** One DNS query's first wait for an answer; c-ares doubles it for the second try. */
const DNS_QUERY_TIMEOUT_MS = 1_000;
const DNS_QUERY_TRIES = 2;

/** The DNS answers that mean "no such address": the name or its records of that family do not exist. */
const NO_ADDRESS_CODES = new Set(["ENODATA", "ENOTFOUND"]);

/**
 * A and AAAA over DNS (c-ares), from the servers the process is configured with: no thread of
 * libuv's small pool is held by a slow name, as getaddrinfo (`dns.lookup`) would hold one beyond
 * any time limit of ours — the pool the AWS SDK's own lookups and file reads share. Each call has
 * its own channel, cancelled when `signal` aborts. IPv4 addresses come first.
 */
export const systemResolver: Resolver = async (hostname, signal) => {
  const resolver = new dns.Resolver({ timeout: DNS_QUERY_TIMEOUT_MS, tries: DNS_QUERY_TRIES });
  // The process's servers (the system's; the local runtime's fault switch may change them). Called
  // on the module: the named export of node:dns/promises does not follow setServers.
  resolver.setServers(dns.getServers());
  const cancel = () => resolver.cancel();
  signal.addEventListener("abort", cancel, { once: true });
  try {
    const answers = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
    const addresses: ResolvedAddress[] = [];
    const failures: unknown[] = [];
    answers.forEach((answer, index) => {
      if (answer.status === "fulfilled")
        addresses.push(...answer.value.map((address) => ({ address, family: index === 0 ? 4 : 6 }) as const));
      else if (!NO_ADDRESS_CODES.has((answer.reason as { code?: string })?.code ?? ""))
        failures.push(answer.reason);
    });
    if (addresses.length === 0 && failures.length > 0) throw failures[0];
    return addresses;
  } finally {
    signal.removeEventListener("abort", cancel);
  }
};

export interface GuardOptions {
  /** Local runtime only: http://localhost and loopback addresses are allowed. */
  readonly allowLoopback: boolean;
  readonly resolver?: Resolver;
  /** The time limit for resolving (DNS_TIMEOUT_MS unless a test or a delivery's budget says less). */
  readonly resolveTimeoutMs?: number;
}

export type UrlRefusal = (typeof INTEGRATIONS_MESSAGES)[
  | "urlNotHttps"
  | "urlInvalid"
  | "urlUnresolved"
  | "urlNotPublic"
  | "urlCredentials"
  | "slackUrl"];

export type UrlCheck =
  | { readonly ok: true; readonly url: URL }
  | { readonly ok: false; readonly reason: UrlRefusal };

/**
 * "localhost" and the names under it are this machine whatever DNS would say (RFC 6761 6.3): they
 * never go to DNS, and are refused as deployed like 127.0.0.1.
 */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

function isLoopbackAddress(address: string): boolean {
  try {
    return ipaddr.parse(address).range() === "loopback";
  } catch {
    return false;
  }
}

/**
 * The IPv6 ranges that carry an IPv4 address, each refused whole, whatever the IPv4 address inside
 * (docs/decisions/0093-webhook-ssrf.md). A stack or a gateway on the way would take each to its
 * embedded IPv4 address, which the IPv4 check never sees; and none is how a public endpoint is
 * reached (a name that wants IPv4 publishes an A record), so judging the embedded address instead
 * would only add a second way to name the same host:
 * - `::/96` IPv4-compatible (deprecated by RFC 4291; `::7f00:1` is 127.0.0.1 to some stacks). It is
 *   in neither ipaddr.js's special ranges nor the visitor-address list (functions/lib/ip-address.ts),
 *   so it must be named here.
 * - `::ffff:0:0/96` IPv4-mapped: the IPv4 address itself, on a dual-stack socket.
 * - `::ffff:0:0:0/96` IPv4-translated (RFC 6145).
 * - `64:ff9b::/96` and `64:ff9b:1::/48` NAT64 (RFC 6052, RFC 8215): a NAT64 gateway connects to the
 *   embedded address, a private one included.
 * - `2002::/16` 6to4 (RFC 3056, its relays deprecated by RFC 7526): the relay goes to bits 16-47.
 * - `2001::/32` Teredo (RFC 4380): the server and the client's address (inverted) are inside.
 */
export const EMBEDDED_IPV4: readonly (readonly [string, number])[] = [
  ["::", 96],
  ["::ffff:0:0", 96],
  ["::ffff:0:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["2002::", 16],
  ["2001::", 32],
];

const EMBEDDED_IPV4_RANGES: [ipaddr.IPv6, number][] = EMBEDDED_IPV4.map(([network, prefix]) => [
  ipaddr.IPv6.parse(network),
  prefix,
]);

/** Whether an IPv6 address is in a range that carries an IPv4 address (EMBEDDED_IPV4). */
function carriesIpv4(address: ipaddr.IPv6): boolean {
  return EMBEDDED_IPV4_RANGES.some((range) => address.match(range));
}

/**
 * Public unicast only: ipaddr.js names most special ranges, the visitor-address list the rest, and
 * no IPv6 address that carries an IPv4 one (EMBEDDED_IPV4) passes.
 */
export function isPublicUnicast(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!isIP(bare)) return false;
  try {
    const parsed = ipaddr.parse(bare);
    if (parsed.range() !== "unicast") return false;
    if (parsed.kind() === "ipv6" && carriesIpv4(parsed as ipaddr.IPv6)) return false;
  } catch {
    return false;
  }
  return isPublicAddress(bare);
}

/** An address a delivery may connect to. */
export function isAllowedAddress(address: string, options: GuardOptions): boolean {
  return isPublicUnicast(address) || (options.allowLoopback && isLoopbackAddress(address));
}

/** The URL's form, without DNS: scheme, credentials, a literal address, Slack's host for Slack. */
export function checkUrlForm(raw: string, kind: EndpointKind, options: GuardOptions): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: INTEGRATIONS_MESSAGES.urlInvalid };
  }
  const hostname = url.hostname.toLowerCase();
  const local =
    options.allowLoopback &&
    (isLocalhostName(hostname) || isLoopbackAddress(hostname.replace(/^\[|\]$/g, "")));
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local))
    return { ok: false, reason: INTEGRATIONS_MESSAGES.urlNotHttps };
  if (url.username || url.password) return { ok: false, reason: INTEGRATIONS_MESSAGES.urlCredentials };
  if (!hostname) return { ok: false, reason: INTEGRATIONS_MESSAGES.urlInvalid };
  const literal = hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) && !isAllowedAddress(literal, options))
    return { ok: false, reason: INTEGRATIONS_MESSAGES.urlNotPublic };
  if (isLocalhostName(hostname) && !options.allowLoopback)
    return { ok: false, reason: INTEGRATIONS_MESSAGES.urlNotPublic };
  if (
    kind === "slack" &&
    !local &&
    (hostname !== "hooks.slack.com" || !url.pathname.startsWith("/services/"))
  )
    return { ok: false, reason: INTEGRATIONS_MESSAGES.slackUrl };
  return { ok: true, url };
}

const LOCALHOST: ResolvedAddress = { address: "127.0.0.1", family: 4 };

export type Resolution =
  | { readonly ok: true; readonly url: URL; readonly target: ResolvedAddress }
  | { readonly ok: false; readonly reason: UrlRefusal; readonly detail?: string };

/** The resolver's answer, or "timeout" once `timeoutMs` has passed (the resolver is then aborted). */
async function resolveWithin(
  resolver: Resolver,
  hostname: string,
  timeoutMs: number,
): Promise<readonly ResolvedAddress[] | "timeout"> {
  const controller = new AbortController();
  const lookup = resolver(hostname, controller.signal);
  // Whatever it does after the time is up is nobody's concern, a rejection included.
  lookup.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), Math.max(0, timeoutMs));
  });
  try {
    const answer = await Promise.race([lookup, timeout]);
    if (answer === "timeout") controller.abort();
    return answer;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The form check, then DNS within its time limit: every address the name resolves to must be
 * allowed (one private answer among public ones refuses the name), and the first is the one to
 * connect to.
 */
export async function resolveEndpoint(
  raw: string,
  kind: EndpointKind,
  options: GuardOptions,
): Promise<Resolution> {
  const form = checkUrlForm(raw, kind, options);
  if (!form.ok) return form;
  const literal = form.url.hostname.replace(/^\[|\]$/g, "");
  const family = isIP(literal);
  if (family) return { ok: true, url: form.url, target: { address: literal, family: family === 6 ? 6 : 4 } };
  // Allowed only in the local runtime (checkUrlForm refused it otherwise): this machine, no DNS.
  if (isLocalhostName(form.url.hostname)) return { ok: true, url: form.url, target: LOCALHOST };
  const timeoutMs = options.resolveTimeoutMs ?? DNS_TIMEOUT_MS;
  let addresses: readonly ResolvedAddress[] | "timeout";
  try {
    addresses = await resolveWithin(options.resolver ?? systemResolver, form.url.hostname, timeoutMs);
  } catch (error) {
    return {
      ok: false,
      reason: INTEGRATIONS_MESSAGES.urlUnresolved,
      detail: `DNS: ${String((error as Error).message ?? error).slice(0, 200)}`,
    };
  }
  if (addresses === "timeout")
    return {
      ok: false,
      reason: INTEGRATIONS_MESSAGES.urlUnresolved,
      detail: `DNS: no answer within ${timeoutMs} ms`,
    };
  const first = addresses[0];
  if (!first) return { ok: false, reason: INTEGRATIONS_MESSAGES.urlUnresolved, detail: "DNS: no address" };
  const refused = addresses.find((entry) => !isAllowedAddress(entry.address, options));
  if (refused)
    return {
      ok: false,
      reason: INTEGRATIONS_MESSAGES.urlNotPublic,
      detail: `resolves to ${refused.address}`,
    };
  return { ok: true, url: form.url, target: first };
}
