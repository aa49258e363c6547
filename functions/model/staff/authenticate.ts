/**
 * Who is signed in: the session cookie's token, verified (HS256, issuer, audience, expiry), not
 * revoked by a logout, its user still existing and not having changed password since it signed in.
 * A valid token older than a few minutes gets a fresh one (sliding idle timeout).
 */
import { BatchGetCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { StaffUserView } from "../../../events/staff";
import type { Clock } from "../../lib/clock";
import { staffKey } from "../identity";
import type { AuthFailureReason } from "./auth-log";
import { revocationKey } from "./revocation";
import {
  type IssuedToken,
  issueSessionToken,
  type Session,
  shouldRenew,
  verifySessionToken,
} from "./session-token";
import { type StaffUser, staffUserViewOf } from "./users";

export interface AuthenticateDependencies {
  readonly db: DynamoDBDocumentClient;
  readonly tables: { readonly users: string; readonly authState: string };
  readonly key: Uint8Array;
  readonly clock: Clock;
}

export type AuthenticateOutcome =
  | {
      readonly ok: true;
      readonly session: Session;
      /** The account as stored now: its role and address are read on every request. */
      readonly user: StaffUserView;
      readonly renewed?: IssuedToken;
    }
  | { readonly ok: false; readonly reason: AuthFailureReason; readonly username?: string };

export async function authenticate(
  deps: AuthenticateDependencies,
  token: string | undefined,
): Promise<AuthenticateOutcome> {
  if (!token) return { ok: false, reason: "no_session" };
  const now = deps.clock();
  const verified = await verifySessionToken(deps.key, token, now);
  if (!verified.ok) {
    const reason =
      verified.problem === "expired"
        ? "token_expired"
        : verified.problem === "malformed"
          ? "token_malformed"
          : "token_invalid";
    return { ok: false, reason };
  }
  const { session } = verified;
  const username = staffKey(session.username);
  // One round trip for both checks.
  const answer = await deps.db.send(
    new BatchGetCommand({
      RequestItems: {
        [deps.tables.authState]: { Keys: [{ pk: revocationKey(session.sessionId) }], ConsistentRead: true },
        [deps.tables.users]: {
          Keys: [{ username }],
          ConsistentRead: true,
          // #r: ROLE is a DynamoDB reserved word.
          ProjectionExpression: "username, passwordChangedAt, email, #r, deactivatedAt",
          ExpressionAttributeNames: { "#r": "role" },
        },
      },
    }),
  );
  if ((answer.UnprocessedKeys && Object.keys(answer.UnprocessedKeys).length > 0) || !answer.Responses) {
    throw Object.assign(new Error("Session check could not read its tables"), { name: "ServiceUnavailable" });
  }
  if ((answer.Responses[deps.tables.authState] ?? []).length > 0) {
    return { ok: false, reason: "session_revoked", username };
  }
  const user = answer.Responses[deps.tables.users]?.[0] as
    | Pick<StaffUser, "username" | "passwordChangedAt" | "email" | "role" | "deactivatedAt">
    | undefined;
  if (!user) return { ok: false, reason: "user_gone", username };
  if (user.deactivatedAt) return { ok: false, reason: "user_deactivated", username };
  const changedAt = Date.parse(String(user.passwordChangedAt));
  if (Number.isFinite(changedAt) && Math.floor(changedAt / 1000) > session.authTime) {
    return { ok: false, reason: "password_changed", username };
  }
  const view = staffUserViewOf(user);
  if (!shouldRenew(session, now)) return { ok: true, session, user: view };
  const renewed = await issueSessionToken(deps.key, { username: session.username, now, previous: session });
  return { ok: true, session: renewed.session, user: view, renewed };
}
