/**
 * Where a lead came from: what the form captured (the page, its URL's campaign parameters and click
 * ids, the referring site's origin, and with analytics consent the visit's first touch) and the
 * channel the server sorted it into. No zod here: the Command Center and the report read these
 * without the schemas; the request's rules for the captured values live beside the request schemas.
 */

/** The channels, after Google Analytics 4's default channel group (the rules: functions/pipeline). */
export const CHANNELS = [
  "paid-search",
  "organic-search",
  "paid-social",
  "organic-social",
  "email",
  "affiliates",
  "referral",
  "display",
  "paid-other",
  "direct",
  "unassigned",
] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_LABELS: Record<Channel, string> = {
  "paid-search": "Paid Search",
  "organic-search": "Organic Search",
  "paid-social": "Paid Social",
  "organic-social": "Organic Social",
  email: "Email",
  affiliates: "Affiliates",
  referral: "Referral",
  display: "Display",
  "paid-other": "Paid Other",
  direct: "Direct",
  unassigned: "Unassigned",
};

/**
 * Longest value kept, in characters, per kind of value (events/lead-source-rules.ts): the page
 * drops a longer value before it sends, the server drops one that still arrives.
 */
export const SOURCE_LIMITS = {
  /** A page's path, as the browser writes it (percent-encoded). */
  path: 512,
  /** An origin: scheme, host (at most 253 characters) and port. */
  origin: 270,
  /** One UTM parameter's value, decoded. */
  utm: 200,
  /** One click id. */
  clickId: 512,
  /** An ISO 8601 time. */
  at: 40,
} as const;

/** One touch as the browser saw it: every value optional, bounded by the request's rules. */
export interface SourceTouch {
  /** The page's path (no query, no fragment), e.g. "/pricing". */
  readonly landingPath?: string;
  /** The referring site's origin only, never a full external URL, e.g. "https://www.google.com". */
  readonly referrerOrigin?: string;
  readonly utmSource?: string;
  readonly utmMedium?: string;
  readonly utmCampaign?: string;
  readonly utmTerm?: string;
  readonly utmContent?: string;
  readonly gclid?: string;
  readonly msclkid?: string;
  readonly fbclid?: string;
  /** When the touch happened (ISO 8601); only a first touch kept with consent has one. */
  readonly at?: string;
}

/** A lead's source as stored: the touch that counts (the first, when kept) and its channel. */
export interface LeadSource extends SourceTouch {
  readonly channel: Channel;
}

/** A stored source's channel as staff read it; undefined for anything else (a lead without one). */
export function sourceChannel(value: unknown): string | undefined {
  const channel =
    typeof value === "object" && value !== null ? (value as Partial<LeadSource>).channel : undefined;
  return channel ? CHANNEL_LABELS[channel] : undefined;
}

/** The lead description's source field (events/lead-fields.ts). */
/**
 * Where the lead came from (above): set on arrival from what the form captured
 * and the channel the server sorted it into (docs/decisions/0141-lead-source-capture.md).
 */
export const SOURCE_FIELD = {
  label: "Source",
  from: "system",
  in: ["details", "list", "csv", "webhook", "export"],
  // Read in one text (the list's cell): its channel.
  read: (value: unknown) => sourceChannel(value),
  parts: [
    { key: "channel", label: "Channel", options: CHANNEL_LABELS },
    { key: "landingPath", label: "Landing page" },
    { key: "referrerOrigin", label: "Referrer" },
    { key: "utmSource", label: "UTM source" },
    { key: "utmMedium", label: "UTM medium" },
    { key: "utmCampaign", label: "UTM campaign" },
    { key: "utmTerm", label: "UTM term" },
    { key: "utmContent", label: "UTM content" },
    { key: "gclid", label: "Google Ads click id" },
    { key: "msclkid", label: "Microsoft Ads click id" },
    { key: "fbclid", label: "Meta click id" },
    { key: "at", label: "First visit", type: "time" },
  ],
} as const;
