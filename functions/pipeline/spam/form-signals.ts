/**
 * What the form and the edge say about the sender: the bot-check token, the hidden field, and the
 * time from the form being shown to its submit (measured by the page).
 */
import type { TokenState } from "../../../events/spam";
import type { SpamSubmission } from "./submission";
import { seconds } from "./text";
import { type Finding, finding, LIMITS_OF_SIGNALS, WEIGHTS } from "./weights";

const TOKEN_DETAILS: Record<"absent" | "invalid", string> = {
  absent: "no token: the page's bot check did not run",
  invalid: "the token was refused at the edge (forged or expired)",
};

/** "unchecked" (no edge in front, e.g. locally) and "valid" are no evidence. */
export function tokenSignal(token: TokenState): Finding | undefined {
  if (token === "absent" || token === "invalid")
    return finding("token", WEIGHTS.token[token], TOKEN_DETAILS[token]);
  return undefined;
}

export function honeypotSignal(submission: SpamSubmission): Finding | undefined {
  return submission.honeypotFilled
    ? finding("honeypot", WEIGHTS.honeypot, "the hidden field people never see was filled in")
    : undefined;
}

/** An unknown time (absent, not a number) is no evidence; a negative one was not measured by a page. */
export function fillTimeSignal(fillMs: number | undefined): Finding | undefined {
  if (fillMs === undefined || !Number.isFinite(fillMs)) return undefined;
  if (fillMs < LIMITS_OF_SIGNALS.impossibleMs) {
    return finding("too-fast", WEIGHTS.tooFast.impossible, `filled in ${seconds(fillMs)}`);
  }
  if (fillMs < LIMITS_OF_SIGNALS.instantMs) {
    return finding("too-fast", WEIGHTS.tooFast.instant, `filled in ${seconds(fillMs)}`);
  }
  if (fillMs < LIMITS_OF_SIGNALS.quickMs) {
    return finding("too-fast", WEIGHTS.tooFast.quick, `filled in ${seconds(fillMs)}`);
  }
  return undefined;
}
