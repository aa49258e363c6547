/**
 * Where a visitor came from, for the forms' `source` (events/lead-source.ts), within their consent
 * (docs/decisions/0141-lead-source-capture.md):
 *
 * - Always, and only, what is on the page at submit: its path, the UTM parameters and click ids of
 *   its URL, and the referring site's origin (never a full URL; a same-site referrer is none). In
 *   this single-page app the browser's referrer belongs to the page the visitor landed on: after
 *   a client-side route change the page's referrer is our own previous page, so none is sent.
 * - With analytics allowed (and no Global Privacy Control), the visit's first touch — the landing
 *   page, its referrer's origin, UTM, click ids and time — is also kept in localStorage for
 *   SOURCE_LIFETIME_DAYS and sent instead. A kept first touch is not replaced by a later visit's
 *   until it expires. Refusal, no choice, or GPC keep nothing, and withdrawing consent removes it.
 *
 * Plain functions that take what they read (the URL, the referrer, storage, the time), so they are
 * tested without a browser; ./sourceCapture.ts wires them to the page.
 */
import { SOURCE_LIMITS, type SourceTouch } from "../../../events/lead-source";
import type { ConsentStorage } from "./consent";

/** The URL parameters a touch reads, by the touch's key. */
const SOURCE_PARAMETERS = {
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
  utmTerm: "utm_term",
  utmContent: "utm_content",
  gclid: "gclid",
  msclkid: "msclkid",
  fbclid: "fbclid",
} as const satisfies Partial<Record<keyof SourceTouch, string>>;

/** The localStorage key of the kept first touch. */
export const SOURCE_STORAGE_KEY = "repdesk.source";
/** How long a kept first touch lasts. */
export const SOURCE_LIFETIME_DAYS = 30;
const LIFETIME_MS = SOURCE_LIFETIME_DAYS * 86_400_000;
const STORED_VERSION = 1;

/** The parts of a URL a touch reads. */
export interface PageUrl {
  readonly pathname: string;
  readonly search: string;
  readonly hostname: string;
}

/** The page the visitor landed on, as the browser showed it: its URL's parts, referrer and time. */
export interface Landing {
  readonly page: PageUrl;
  readonly referrer: string;
  readonly at: Date;
}

/** Whether two hosts are one site: the same host, or one under the other (www. aside). */
function sameSite(host: string, own: string): boolean {
  const base = own.replace(/^www\./, "");
  return host === own || host === base || host.endsWith(`.${base}`) || base.endsWith(`.${host}`);
}

/** The referrer's origin when it is another site's http(s) page; else undefined. */
export function externalOrigin(referrer: string, ownHost: string): string | undefined {
  if (!referrer) return undefined;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (sameSite(url.hostname, ownHost)) return undefined;
  return url.origin.length <= SOURCE_LIMITS.origin ? url.origin : undefined;
}

/** What a page's URL and referrer say; a value over its limit is left out, as the server would. */
export function pageTouch(page: PageUrl, referrer: string): SourceTouch {
  const touch: Record<string, string> = {};
  if (page.pathname.startsWith("/") && page.pathname.length <= SOURCE_LIMITS.path)
    touch.landingPath = page.pathname;
  const origin = externalOrigin(referrer, page.hostname);
  if (origin) touch.referrerOrigin = origin;
  const params = new URLSearchParams(page.search);
  for (const [key, parameter] of Object.entries(SOURCE_PARAMETERS)) {
    const value = params.get(parameter)?.trim();
    const limit = key.startsWith("utm") ? SOURCE_LIMITS.utm : SOURCE_LIMITS.clickId;
    if (value && value.length <= limit) touch[key] = value;
  }
  return touch;
}

interface StoredTouch {
  readonly version: number;
  readonly touch: SourceTouch;
  readonly expiresAt: string;
}

function isTouch(value: unknown): value is SourceTouch {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.values(value).every((part) => typeof part === "string" && part.length <= SOURCE_LIMITS.clickId)
  );
}

/** The kept first touch, or undefined: none, unreadable, expired, or further away than one lifetime. */
export function readFirstTouch(storage: ConsentStorage | undefined, now: Date): SourceTouch | undefined {
  let parsed: Partial<StoredTouch> | undefined;
  try {
    parsed = JSON.parse(storage?.getItem(SOURCE_STORAGE_KEY) ?? "null") ?? undefined;
  } catch {
    return undefined;
  }
  if (!parsed || parsed.version !== STORED_VERSION || !isTouch(parsed.touch)) return undefined;
  const expiresAt = Date.parse(String(parsed.expiresAt));
  if (!(expiresAt > now.getTime() && expiresAt <= now.getTime() + LIFETIME_MS)) return undefined;
  return parsed.touch;
}

/** Keeps `touch` as the first touch unless one is kept already; false when storage refuses. */
export function keepFirstTouch(storage: ConsentStorage | undefined, touch: SourceTouch, now: Date): boolean {
  if (readFirstTouch(storage, now)) return true;
  const record: StoredTouch = {
    version: STORED_VERSION,
    touch,
    expiresAt: new Date(now.getTime() + LIFETIME_MS).toISOString(),
  };
  try {
    storage?.setItem(SOURCE_STORAGE_KEY, JSON.stringify(record));
    return storage !== undefined;
  } catch {
    return false;
  }
}

export function forgetFirstTouch(storage: ConsentStorage | undefined): void {
  try {
    storage?.removeItem(SOURCE_STORAGE_KEY);
  } catch {
    // storage disabled: nothing was kept
  }
}

/** Whether the first touch may be kept: analytics allowed, and no Global Privacy Control. */
export function mayKeepFirstTouch(
  choice: { readonly analytics: boolean } | undefined,
  gpc: boolean,
): boolean {
  return choice?.analytics === true && !gpc;
}
