/**
 * Whether a domain can receive mail, asked of DNS with a hard time limit. The judge never waits
 * past the limit: the lookup races a timer, and node's resolver is cancelled when the time is up
 * (c-ares, not getaddrinfo, so no pool thread stays held; docs/decisions/0110-dns-time-limit.md).
 * Authoritative answers are kept per container; a timeout or a failing server is not.
 */
import { Resolver } from "node:dns/promises";

/**
 * "mail": an MX, or an address that takes mail in its place (RFC 5321 §5.1);
 * "no-domain": NXDOMAIN; "no-mail": the domain exists with neither, or a null MX (RFC 7505);
 * "unknown": no answer in time, a failing server, anything else.
 */
export type MailAnswer = "mail" | "no-domain" | "no-mail" | "unknown";

/** Looks a domain up; must give up by itself around `timeoutMs` (the judge stops waiting then anyway). */
export type ResolveMx = (domain: string, timeoutMs: number) => Promise<MailAnswer>;

/** Names that can be asked at all: ASCII labels (IDNs arrive as typed; punycode is not worth a lookup). */
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;
const CACHE_LIMIT = 5_000;
const caches = new WeakMap<ResolveMx, Map<string, MailAnswer>>();

function cacheOf(resolveMx: ResolveMx): Map<string, MailAnswer> {
  let cache = caches.get(resolveMx);
  if (!cache) {
    cache = new Map();
    caches.set(resolveMx, cache);
  }
  return cache;
}

/** The answer within `timeoutMs`, "unknown" past it; definite answers are cached per resolver. */
export async function mailAnswer(
  resolveMx: ResolveMx,
  domain: string,
  timeoutMs: number,
): Promise<MailAnswer> {
  if (!HOSTNAME.test(domain)) return "unknown";
  const cache = cacheOf(resolveMx);
  const cached = cache.get(domain);
  if (cached) return cached;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<MailAnswer>((resolve) => {
    timer = setTimeout(() => resolve("unknown"), timeoutMs);
  });
  const asked = resolveMx(domain, timeoutMs).catch((): MailAnswer => "unknown");
  const answer = await Promise.race([asked, limit]);
  clearTimeout(timer);
  if (answer !== "unknown") {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(domain, answer);
  }
  return answer;
}

function codeOf(error: unknown): string {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
}

/** The answer of one query: the records, or the error code it ended with. */
async function settle<T>(query: Promise<T>): Promise<T | string> {
  try {
    return await query;
  } catch (error) {
    return codeOf(error);
  }
}

const NONE = new Set(["ENODATA", "ENOTFOUND"]);

/**
 * Over DNS with node's resolver: one try, each query waiting at most `timeoutMs`, the channel
 * cancelled when the time is up so nothing outlives the limit. `servers`: the process's own
 * (from /etc/resolv.conf, as in Lambda) unless given (the bench points one at a silent socket).
 */
export function dnsMailExchanger(servers?: readonly string[]): ResolveMx {
  return (domain, timeoutMs) => askDns(domain, timeoutMs, servers);
}

async function askDns(
  domain: string,
  timeoutMs: number,
  servers: readonly string[] | undefined,
): Promise<MailAnswer> {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (servers) resolver.setServers([...servers]);
  const timer = setTimeout(() => resolver.cancel(), timeoutMs);
  try {
    const mx = await settle(resolver.resolveMx(domain));
    if (Array.isArray(mx)) {
      const nullMx = mx.length === 1 && (mx[0]?.exchange === "" || mx[0]?.exchange === ".");
      return mx.length === 0 || nullMx ? "no-mail" : "mail";
    }
    if (mx === "ENOTFOUND") return "no-domain";
    if (mx !== "ENODATA") return "unknown";
    const [v4, v6] = await Promise.all([
      settle(resolver.resolve4(domain)),
      settle(resolver.resolve6(domain)),
    ]);
    if ((Array.isArray(v4) && v4.length > 0) || (Array.isArray(v6) && v6.length > 0)) return "mail";
    return typeof v4 === "string" && NONE.has(v4) && typeof v6 === "string" && NONE.has(v6)
      ? "no-mail"
      : "unknown";
  } finally {
    clearTimeout(timer);
  }
}
