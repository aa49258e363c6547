/**
 * What the server judged of a public submission: spam or not, and the reasons staff read on the
 * lead. No zod here: the Command Center shows the reasons without the schemas.
 */

/** A WAF token's state as the submission arrived (the edge in AWS, the stand-in locally). */
export const TOKEN_STATES = ["valid", "invalid", "absent", "unchecked"] as const;
export type TokenState = (typeof TOKEN_STATES)[number];

/** The signals a team would recognise; each is a reason staff can read on a quarantined lead. */
export const SPAM_REASON_CODES = [
  "token",
  "honeypot",
  "too-fast",
  "links",
  "disposable-mailbox",
  "no-mail-exchanger",
  "network-burst",
  "mixed-scripts",
  "spam-phrases",
  "gibberish",
] as const;
export type SpamReasonCode = (typeof SPAM_REASON_CODES)[number];

/** What staff read beside each reason on a quarantined lead (the detail follows it). */
export const SPAM_REASON_LABELS: Record<SpamReasonCode, string> = {
  token: "No valid bot-check token",
  honeypot: "Hidden field filled in",
  "too-fast": "Sent faster than a person can type",
  links: "Links in the text",
  "disposable-mailbox": "Disposable mailbox",
  "no-mail-exchanger": "E-mail domain cannot receive mail",
  "network-burst": "Many submissions from one network",
  "mixed-scripts": "Mixed alphabets",
  "spam-phrases": "Known spam phrases",
  gibberish: "Random letters instead of words",
};

export interface SpamReason {
  readonly code: SpamReasonCode;
  /** What was seen, for staff: "3 links", "mailinator.com", "filled in 0.8 s". */
  readonly detail?: string;
}

/** How a reason reads to staff (the Spam page): its label, then what was seen. */
export function spamReasonText(reason: SpamReason): string {
  const label = SPAM_REASON_LABELS[reason.code] ?? reason.code;
  return reason.detail ? `${label} (${reason.detail})` : label;
}

export interface SpamVerdict {
  /** True: the submission is quarantined (stored, answered as usual, sent nowhere). */
  readonly spam: boolean;
  /** The summed weight of the reasons; `spam` is score >= the threshold. */
  readonly score: number;
  readonly reasons: readonly SpamReason[];
}

/** Not spam: what a submission nobody judged carries. */
export const CLEAN_VERDICT: SpamVerdict = { spam: false, score: 0, reasons: [] };
