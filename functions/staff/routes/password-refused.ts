/** The HTTP answer when a route's current-password check refuses (docs/decisions/0072, 0082). */
import { ACCOUNT_MESSAGES } from "../../../events/staff";
import { type HttpError, invalidFields, tooManyRequests } from "../../lib/http";
import type { CurrentPasswordCheck } from "../change-password";

/** 400 `fieldErrors.password` for a wrong password; 429 once the login throttle says so. */
export function passwordRefused(outcome: Exclude<CurrentPasswordCheck, { kind: "ok" }>): HttpError {
  return outcome.kind === "throttled"
    ? tooManyRequests(outcome.retryAfterSeconds, ACCOUNT_MESSAGES.passwordThrottled)
    : invalidFields({ password: ACCOUNT_MESSAGES.currentPasswordWrong });
}
