import { HttpError, MESSAGES } from "./errors";
import type { ApiEvent } from "./event";
import { header } from "./headers";

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Names that always mean this machine: "localhost", "127.0.0.1", "[::1]" (URL.hostname forms). */
export function isLoopbackHostname(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/**
 * Cross-site request forgery guard for state-changing routes. Browsers mark a cross-site request
 * with `Sec-Fetch-Site: cross-site` and send `Origin` on every POST/PUT/PATCH/DELETE; a request
 * is accepted when its Origin (if any) is the site's public origin or the request's own host over
 * HTTPS (HTTP only on a loopback name).
 * Non-browser clients (no Origin, no Sec-Fetch-Site) pass: they carry no ambient credentials.
 * `siteUrl` is asked for only when there is an Origin to compare.
 */
export function assertSameOrigin(event: Pick<ApiEvent, "headers">, siteUrl: () => string | undefined): void {
  if (header(event, "sec-fetch-site")?.trim().toLowerCase() === "cross-site") {
    throw new HttpError(403, { error: MESSAGES.crossSite }, {}, "cross_site_fetch");
  }
  const origin = header(event, "origin")?.trim();
  if (origin === undefined || origin === "") return;
  const requestOrigin = originOf(origin);
  if (requestOrigin !== undefined) {
    if (requestOrigin === originOf(siteUrl())) return;
    const host = header(event, "host")?.trim().toLowerCase();
    const { host: originHost, hostname, protocol } = new URL(requestOrigin);
    // The request's own host, over HTTPS — or plain HTTP on a loopback name (the local runtime).
    // Without the scheme check, a page on http://<our host> (any network path can serve one)
    // counted as same-origin.
    const secure = protocol === "https:" || (protocol === "http:" && isLoopbackHostname(hostname));
    if (host && originHost === host && secure) return;
  }
  throw new HttpError(403, { error: MESSAGES.crossSite }, {}, "cross_origin");
}
