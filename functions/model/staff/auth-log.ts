import type { Logger } from "../../lib/log";

/** Why an authentication or authorization attempt failed; logged, never shown. */
export type AuthFailureReason =
  | "unknown_user"
  | "wrong_password"
  | "throttled_account"
  | "throttled_ip"
  | "mfa_code_missing"
  | "mfa_code_wrong"
  | "mfa_code_replayed"
  | "mfa_not_enrolled"
  | "no_session"
  | "token_malformed"
  | "token_invalid"
  | "token_expired"
  | "session_revoked"
  | "user_gone"
  | "user_deactivated"
  | "not_admin"
  | "password_changed"
  | "passkey_challenge_invalid"
  | "passkey_wrong_site"
  | "passkey_unknown"
  | "passkey_invalid";

/**
 * One structured line per failure: who (the username given or in the token), from where (client IP)
 * and why. The password and the code are never passed here.
 */
export function logAuthFailure(
  log: Logger,
  details: {
    reason: AuthFailureReason;
    username?: string;
    usernameHash?: string;
    ip?: string;
    route?: string;
  },
): void {
  log.warn("auth failure", {
    event: "auth_failure",
    reason: details.reason,
    // A username typed by a visitor is bounded so that a log line cannot be flooded.
    username: details.username?.slice(0, 64),
    usernameHash: details.usernameHash,
    ip: details.ip,
    route: details.route,
  });
}
