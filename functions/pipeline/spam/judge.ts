/**
 * Judging a public submission before it is stored: every signal scored, the reasons kept
 * (events/spam.ts). A spam verdict quarantines the lead; it never refuses or drops it.
 */
import type { SpamVerdict, TokenState } from "../../../events/spam";

/** What the submission route knows of one submission when it asks for a verdict. */
export interface SpamSubmission {
  readonly kind: "signup" | "contact";
  /** The validated form fields (names as in events/lead-fields.ts). */
  readonly fields: Readonly<Record<string, unknown>>;
  readonly email: string;
  /** The hidden honeypot field held something. */
  readonly honeypotFilled: boolean;
  readonly token: TokenState;
  /** Milliseconds from the form being shown to its submit, as the page measured it; absent: unknown. */
  readonly fillMs?: number;
  /** The client's network (functions/lib/ip-address.ts clientNetwork), for burst counts. */
  readonly network?: string;
}

/** The clients a verdict may use; every one optional so a caller without it still gets a verdict. */
export interface SpamDeps {
  readonly now?: () => Date;
}

export async function judgeSubmission(_deps: SpamDeps, submission: SpamSubmission): Promise<SpamVerdict> {
  // The first signal only; the full scoring replaces this body, not its signature.
  return submission.honeypotFilled
    ? { spam: true, score: 1, reasons: [{ code: "honeypot" }] }
    : { spam: false, score: 0, reasons: [] };
}
