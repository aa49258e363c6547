/**
 * No door into our network (docs/decisions/0093-webhook-ssrf.md): an endpoint's URL is checked when
 * it is saved and again before every delivery, after DNS resolution, and the delivery connects to
 * the very address that was checked (./http-post.ts), so a name that resolves to a public address
 * at the check and to a private one a moment later (DNS rebinding) gains nothing.
 *
 * Refused: anything but https (http only for this machine in the local runtime), user names and
 * passwords in the URL, and every address outside public unicast — private, loopback, link-local
 * (the metadata service 169.254.169.254), carrier-grade NAT, unique-local (fd00:ec2::254),
 * IPv4-mapped and translated IPv6, multicast, reserved. The URL parser canonicalises the decimal,
 * octal and hex forms of IPv4 (https://2130706433/ is 127.0.0.1) before the check.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { type EndpointKind, INTEGRATIONS_MESSAGES } from "../../events/webhooks";
import { isPublicAddress } from "../lib/ip-address";

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Every address a host name resolves to (node's resolver by default; tests inject their own). */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

export interface GuardOptions {
  /** Local runtime only: http://localhost and loopback addresses are allowed. */
  readonly allowLoopback: boolean;
  readonly resolver?: Resolver;
}

export type UrlRefusal = (typeof INTEGRATIONS_MESSAGES)[
  | "urlNotHttps"
  | "urlInvalid"
  | "urlNotPublic"
  | "urlCredentials"
  | "slackUrl"];

export type UrlCheck =
  | { readonly ok: true; readonly url: URL }
  | { readonly ok: false; readonly reason: UrlRefusal };

const LOOPBACK_NAMES = new Set(["localhost", "localhost."]);

function isLoopbackAddress(address: string): boolean {
  try {
    return ipaddr.parse(address).range() === "loopback";
  } catch {
    return false;
  }
}

/** Public unicast only: ipaddr.js names every special range; a mapped IPv4 address is refused too. */
export function isPublicUnicast(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!isIP(bare)) return false;
  try {
    const parsed = ipaddr.parse(bare);
    if (parsed.range() !== "unicast") return false;
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
    (LOOPBACK_NAMES.has(hostname) || isLoopbackAddress(hostname.replace(/^\[|\]$/g, "")));
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local))
    return { ok: false, reason: INTEGRATIONS_MESSAGES.urlNotHttps };
  if (url.username || url.password) return { ok: false, reason: INTEGRATIONS_MESSAGES.urlCredentials };
  if (!hostname) return { ok: false, reason: INTEGRATIONS_MESSAGES.urlInvalid };
  const literal = hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) && !isAllowedAddress(literal, options))
    return { ok: false, reason: INTEGRATIONS_MESSAGES.urlNotPublic };
  if (
    kind === "slack" &&
    !local &&
    (hostname !== "hooks.slack.com" || !url.pathname.startsWith("/services/"))
  )
    return { ok: false, reason: INTEGRATIONS_MESSAGES.slackUrl };
  return { ok: true, url };
}

export type Resolution =
  | { readonly ok: true; readonly url: URL; readonly target: ResolvedAddress }
  | { readonly ok: false; readonly reason: UrlRefusal; readonly detail?: string };

/**
 * The form check, then DNS: every address the name resolves to must be allowed (one private
 * answer among public ones refuses the name), and the first is the one to connect to.
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
  let addresses: readonly ResolvedAddress[];
  try {
    addresses = await (options.resolver ?? systemResolver)(form.url.hostname);
  } catch (error) {
    return {
      ok: false,
      reason: INTEGRATIONS_MESSAGES.urlInvalid,
      detail: `DNS: ${String((error as Error).message ?? error)}`,
    };
  }
  const first = addresses[0];
  if (!first) return { ok: false, reason: INTEGRATIONS_MESSAGES.urlInvalid, detail: "DNS: no address" };
  const refused = addresses.find((entry) => !isAllowedAddress(entry.address, options));
  if (refused)
    return {
      ok: false,
      reason: INTEGRATIONS_MESSAGES.urlNotPublic,
      detail: `resolves to ${refused.address}`,
    };
  return { ok: true, url: form.url, target: first };
}
