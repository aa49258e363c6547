/**
 * The request's rules for a captured touch (events/lead-source.ts), shared by POST /api/signup and
 * POST /api/contact, and the stored source's shape (docs/decisions/0141-lead-source-capture.md).
 *
 * One rule for a bad value: each value is checked on its own, and one that breaks its rule — not a
 * string, longer than its limit, a character outside its set, a path that does not start with "/",
 * an origin that is not an http(s) origin — is DROPPED: left out of the source, never truncated
 * (a cut campaign name or click id is another, wrong value) and never a reason to refuse the lead.
 * A `source` that is not an object is dropped whole. Lengths are checked before patterns, so a
 * hostile size costs one comparison (docs/decisions/0050-linear-validation.md); the body's own
 * limit (LIMITS.bodyBytes) still refuses a request that is too large as a whole.
 */
import * as z from "zod";
import "./jitless";
import { isoDateTime } from "./fields";
import { CHANNELS, type LeadSource, SOURCE_LIMITS, type SourceTouch } from "./lead-source";

import { hasControlCharacter } from "./text";

/**
 * A path: "/" then only the characters a URL's path may hold as the browser writes it (RFC 3986
 * pchar and "/"; anything else arrives percent-encoded). Never "//" first, which a link would read
 * as another host. No two quantifiers overlap: linear.
 */
export const PATH_PATTERN = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
/** An http(s) origin as `URL.origin` writes it: lower-case host, optional port, nothing after. */
export const ORIGIN_PATTERN = /^https?:\/\/[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::[0-9]{1,5})?$/;
/** A click id: letters, digits and - _ . ~ only (what Google, Microsoft and Meta issue). */
export const CLICK_ID_PATTERN = /^[A-Za-z0-9\-_.~]+$/;

const isText = (value: string) => !hasControlCharacter(value);
const isClickId = (value: string) => CLICK_ID_PATTERN.test(value);

type Rules = Readonly<Record<keyof SourceTouch, readonly [number, (value: string) => boolean]>>;

/** Each value's limit and check. */
function sourceRules(): Rules {
  return {
    landingPath: [SOURCE_LIMITS.path, (value) => PATH_PATTERN.test(value)],
    referrerOrigin: [SOURCE_LIMITS.origin, (value) => ORIGIN_PATTERN.test(value)],
    utmSource: [SOURCE_LIMITS.utm, isText],
    utmMedium: [SOURCE_LIMITS.utm, isText],
    utmCampaign: [SOURCE_LIMITS.utm, isText],
    utmTerm: [SOURCE_LIMITS.utm, isText],
    utmContent: [SOURCE_LIMITS.utm, isText],
    gclid: [SOURCE_LIMITS.clickId, isClickId],
    msclkid: [SOURCE_LIMITS.clickId, isClickId],
    fbclid: [SOURCE_LIMITS.clickId, isClickId],
    at: [SOURCE_LIMITS.at, (value) => isoDateTime.safeParse(value).success],
  };
}
// Pure calls (here and for the request schemas): a bundle that only reads stored leads (privacy, the
// desk) leaves the request's rules out (docs/decisions/0078-bundle-headroom.md).
const RULES = /* @__PURE__ */ sourceRules();

/**
 * The values of a sent source that pass their rules; undefined when it is not an object. A UTM value
 * (free text) is trimmed first, and may be markup: it is text to us.
 */
export function keptSourceValues(sent: unknown): SourceTouch | undefined {
  if (typeof sent !== "object" || sent === null || Array.isArray(sent)) return undefined;
  const touch: Record<string, string> = {};
  for (const [key, [max, check]] of Object.entries(RULES)) {
    const raw = (sent as Record<string, unknown>)[key];
    if (typeof raw !== "string" || raw.length > max * 2) continue;
    const value = key.startsWith("utm") ? raw.trim() : raw;
    if (value.length > 0 && value.length <= max && check(value)) touch[key] = value;
  }
  return touch;
}

/**
 * The request's optional `source`: every value kept or dropped by its rule (above); unknown keys
 * (a `channel` among them: the server sorts the lead itself) are ignored.
 */
export const sourceField = /* @__PURE__ */ sourceSchema();
function sourceSchema() {
  return z.unknown().transform(keptSourceValues).optional();
}

/** Names of the values of a request's `source` that its rules dropped (for the request's log line). */
export function droppedSourceValues(sent: unknown, kept: SourceTouch | undefined): string[] {
  if (sent === undefined || sent === null) return [];
  if (typeof sent !== "object" || Array.isArray(sent)) return ["source"];
  const keys = Object.keys(RULES) as (keyof SourceTouch)[];
  return keys.filter((key) => (sent as Record<string, unknown>)[key] !== undefined && !kept?.[key]);
}

/** A source as stored on a lead and on a returning prospect's timeline entry. */
const storedText = z.string().optional();
export const StoredLeadSource = z.object({
  landingPath: storedText,
  referrerOrigin: storedText,
  utmSource: storedText,
  utmMedium: storedText,
  utmCampaign: storedText,
  utmTerm: storedText,
  utmContent: storedText,
  gclid: storedText,
  msclkid: storedText,
  fbclid: storedText,
  at: storedText,
  channel: z.enum(CHANNELS),
});

// The stored shape is the contract's, or this does not compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const storedIsLeadSource: Same<
  Required<z.infer<typeof StoredLeadSource>>,
  Required<LeadSource>
> = true;
