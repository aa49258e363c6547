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

/** A value kept as it is when it passes `check`, else dropped (undefined), whatever it was. */
function kept(max: number, check: (value: string) => boolean) {
  return z
    .unknown()
    .transform((value) =>
      typeof value === "string" && value.length > 0 && value.length <= max && check(value)
        ? value
        : undefined,
    )
    .optional();
}

/** Free text (a UTM value): trimmed, at most SOURCE_LIMITS.utm, no control characters. Text, never markup. */
const utmValue = z
  .unknown()
  .transform((value) => {
    if (typeof value !== "string" || value.length > SOURCE_LIMITS.utm * 2) return undefined;
    const text = value.trim();
    return text.length > 0 && text.length <= SOURCE_LIMITS.utm && !hasControlCharacter(text)
      ? text
      : undefined;
  })
  .optional();

const touchRules = {
  landingPath: kept(SOURCE_LIMITS.path, (value) => PATH_PATTERN.test(value)),
  referrerOrigin: kept(SOURCE_LIMITS.origin, (value) => ORIGIN_PATTERN.test(value)),
  utmSource: utmValue,
  utmMedium: utmValue,
  utmCampaign: utmValue,
  utmTerm: utmValue,
  utmContent: utmValue,
  gclid: kept(SOURCE_LIMITS.clickId, (value) => CLICK_ID_PATTERN.test(value)),
  msclkid: kept(SOURCE_LIMITS.clickId, (value) => CLICK_ID_PATTERN.test(value)),
  fbclid: kept(SOURCE_LIMITS.clickId, (value) => CLICK_ID_PATTERN.test(value)),
  at: kept(SOURCE_LIMITS.at, (value) => isoDateTime.safeParse(value).success),
} satisfies Record<keyof SourceTouch, z.ZodType>;

/** The touch's keys, in the order staff read them. */
export const TOUCH_KEYS = Object.keys(touchRules) as (keyof SourceTouch)[];

/** The values that passed, without the dropped ones' keys. */
function withoutDropped(touch: Record<string, string | undefined>): SourceTouch {
  return Object.fromEntries(Object.entries(touch).filter(([, value]) => value !== undefined)) as SourceTouch;
}

/**
 * The request's optional `source`: every value kept or dropped by its rule (above); unknown keys
 * (a `channel` among them: the server sorts the lead itself) are ignored.
 */
export const sourceField = z.object(touchRules).transform(withoutDropped).optional().catch(undefined);

/** Names of the values of a request's `source` that its rules dropped (for the request's log line). */
export function droppedSourceValues(sent: unknown, kept: SourceTouch | undefined): string[] {
  if (sent === undefined || sent === null) return [];
  if (typeof sent !== "object" || Array.isArray(sent)) return ["source"];
  return TOUCH_KEYS.filter((key) => (sent as Record<string, unknown>)[key] !== undefined && !kept?.[key]);
}

/** A source as stored on a lead and on a returning prospect's timeline entry. */
export const StoredLeadSource = z.object({
  landingPath: z.string().optional(),
  referrerOrigin: z.string().optional(),
  utmSource: z.string().optional(),
  utmMedium: z.string().optional(),
  utmCampaign: z.string().optional(),
  utmTerm: z.string().optional(),
  utmContent: z.string().optional(),
  gclid: z.string().optional(),
  msclkid: z.string().optional(),
  fbclid: z.string().optional(),
  at: z.string().optional(),
  channel: z.enum(CHANNELS),
});

// The stored shape is the contract's, or this does not compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const storedIsLeadSource: Same<
  Required<z.infer<typeof StoredLeadSource>>,
  Required<LeadSource>
> = true;
