/**
 * The signed-in member's current password asked again before a sensitive change
 * (docs/decisions/0082-reauthentication-and-change-notices.md): checked like a sign-in, so a wrong
 * password counts as a failed sign-in for the account from that address (./throttle.ts, reserved
 * before the check) and a stolen session cannot guess it faster than the login screen allows. Used
 * by the account's own changes and by the Privacy page's erase.
 */
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { ACCOUNT_MESSAGES } from "../../../events/staff";
import type { Clock } from "../../lib/clock";
import { type HttpError, invalidFields, tooManyRequests } from "../../lib/http";
import { staffKey } from "../identity";
import { verifyPassword } from "./password";
import { LoginThrottle, type Reservation, type ThrottleScope } from "./throttle";
import { type StaffUser, UsersRepository } from "./users";

export type CurrentPasswordCheck =
  | {
      readonly kind: "ok";
      readonly user: StaffUser;
      readonly reservation: Extract<Reservation, { allowed: true }>;
    }
  | { readonly kind: "currentWrong" }
  | { readonly kind: "throttled"; readonly scope: ThrottleScope; readonly retryAfterSeconds: number };

/**
 * The signed-in member's current password, checked like a sign-in: an attempt is reserved first
 * and a wrong password keeps it. On "ok" the caller settles the reservation (succeeded / release).
 */
export async function checkCurrentPassword(
  deps: {
    readonly db: DynamoDBDocumentClient;
    readonly tables: { readonly users: string; readonly authState: string };
    readonly clock: Clock;
  },
  username: string,
  password: string,
  ip: string | undefined,
): Promise<CurrentPasswordCheck> {
  const reservation = await new LoginThrottle(deps.db, deps.tables.authState).reserve(
    { account: staffKey(username), ip },
    deps.clock(),
  );
  if (!reservation.allowed) {
    return { kind: "throttled", scope: reservation.scope, retryAfterSeconds: reservation.retryAfterSeconds };
  }
  const user = await new UsersRepository(deps.db, deps.tables.users).find(username);
  if (!user || !(await verifyPassword(password, user.passwordHash))) {
    // The reservation is kept: a failure.
    return { kind: "currentWrong" };
  }
  return { kind: "ok", user, reservation };
}

/** The HTTP answer when the check refuses: 400 `fieldErrors.password`, or 429 once the throttle says so. */
export function passwordRefused(outcome: Exclude<CurrentPasswordCheck, { kind: "ok" }>): HttpError {
  return outcome.kind === "throttled"
    ? tooManyRequests(outcome.retryAfterSeconds, ACCOUNT_MESSAGES.passwordThrottled)
    : invalidFields({ password: ACCOUNT_MESSAGES.currentPasswordWrong });
}
