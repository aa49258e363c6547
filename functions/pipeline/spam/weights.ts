/**
 * Every weight and the threshold of the spam judge, in one place (docs/decisions/0131-spam-signals-and-weights.md).
 * A verdict is spam when the weights of the reasons that fired add up to SPAM_THRESHOLD or more.
 * A weight of SPAM_THRESHOLD means the signal quarantines on its own; smaller ones need company.
 */
import type { SpamReason, SpamReasonCode, SpamVerdict } from "../../../events/spam";

export const SPAM_THRESHOLD = 10;

export const WEIGHTS = {
  /** No edge check ("unchecked") is no evidence either way; a valid token is not a pass. */
  token: { absent: 4, invalid: 5 },
  /** Autofill fills hidden fields for real people too; still enough on its own (0131). */
  honeypot: 10,
  /**
   * Below `impossibleMs` no hand has touched the form (it has required choices and fields);
   * below `instantMs` nobody has read it; below `quickMs` only autofill and a click.
   */
  tooFast: { impossible: 10, instant: 7, quick: 3 },
  links: {
    /** One link that is not the sender's own domain: people paste their company's site. */
    one: 1,
    two: 3,
    /** Three or four links. */
    several: 6,
    /** Five or more. */
    many: 10,
    /** Any link shortener: hides where a link goes; people paste their own site, not bit.ly. */
    shortener: 6,
    /** HTML or BBCode anchors: written for a forum's or a blog's comment box, never for a form. */
    markup: 10,
    /** A link in a name, company or phone field. */
    inNameField: 8,
  },
  /** A throwaway inbox: nobody on a sales form wants to be reached there; the reply is public. */
  disposableMailbox: 10,
  /** The domain cannot receive mail: the acknowledgement would bounce against our sender. */
  noMailExchanger: 10,
  networkBurst: { some: 5, many: 8 },
  mixedScripts: {
    /** A word mixing Latin with Cyrillic or Greek letters: look-alike spelling ("pаypal"). */
    oneWord: 4,
    severalWords: 8,
    /**
     * The name in one alphabet, a long body with links in another: weak (people transliterate
     * their names), and only with links.
     */
    nameAndBody: 2,
  },
  /**
   * Summed over distinct phrases, at most `cap`. Weak phrases without a strong one weigh at most
   * `weakAlone`: "discount", "crypto" or "proposal" are words of real enquiries too.
   */
  spamPhrases: { strong: 6, weak: 2, weakAlone: 3, cap: 10 },
  /** `most`: at least three long words and half of them random: nobody writes a message so. */
  gibberish: { some: 4, most: 10, nameFields: 5, mailDomain: 4 },
} as const;

/** Thresholds of the signals, next to their weights. */
export const LIMITS_OF_SIGNALS = {
  impossibleMs: 1_000,
  instantMs: 2_500,
  quickMs: 5_000,
  /** Submissions from one network in the burst window before it counts. */
  burstSome: 3,
  burstMany: 6,
  burstWindowMs: 10 * 60_000,
  /** The time the burst count may take before the judge answers without it. */
  burstTimeoutMs: 150,
  /** The time a mail-exchanger lookup may take before the judge answers without it. */
  mxTimeoutMs: 150,
} as const;

/** A signal that fired: the reason staff read and what it weighs. */
export interface Finding extends SpamReason {
  readonly weight: number;
}

export function finding(code: SpamReasonCode, weight: number, detail?: string): Finding {
  return detail === undefined ? { code, weight } : { code, weight, detail };
}

/** Sums the findings: every reason that fired is listed, in the order the signals ran. */
export function verdictOf(findings: readonly Finding[]): SpamVerdict {
  const score = findings.reduce((sum, found) => sum + found.weight, 0);
  return {
    spam: score >= SPAM_THRESHOLD,
    score,
    reasons: findings.map(({ code, detail }) => (detail === undefined ? { code } : { code, detail })),
  };
}
