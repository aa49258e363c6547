/**
 * What the spam judge is given (functions/pipeline/spam/judge.ts), in a module of its own so the
 * signal modules can read it without importing the judge.
 */
import type { TokenState } from "../../../events/spam";

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
