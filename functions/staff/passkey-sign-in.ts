/**
 * Signing in with a passkey alone (docs/decisions/0073-passkeys.md): options with a fresh challenge
 * and no username (the authenticator offers the discoverable credentials it holds for this site),
 * then the signed answer, verified by @simplewebauthn/server against the stored public key. User
 * verification is required, so the passkey counts as both factors where the stage requires two.
 * Each failure counts against the address in the login throttle; a success starts a session
 * exactly as a password does (functions/staff/start-session.ts).
 */
import { randomBytes } from "node:crypto";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { AuthenticationCredential } from "../../events/passkeys";
import type { StaffUserView } from "../../events/staff";
import { isConditionalCheckFailed } from "../lib/aws-errors";
import { type AuthFailureReason, logAuthFailure } from "../model/staff/auth-log";
import type { IssuedToken } from "../model/staff/session-token";
import { LoginThrottle } from "../model/staff/throttle";
import { type StoredPasskey, staffUserViewOf, UsersRepository } from "../model/staff/users";
import { CHALLENGE_SECONDS, clientDataOf, saveChallenge, takeChallenge } from "./passkey-challenges";
import { type PasskeyDependencies, refusalOf, usernameOfHandle, webauthn } from "./passkeys";
import { startSession } from "./start-session";

export const PASSKEY_SIGN_IN_ROUTE = "POST /api/auth/passkey/verify";

/**
 * Request options for navigator.credentials.get(): a fresh 32-byte challenge and the RP ID, no
 * credential list (the authenticator offers its discoverable ones). Made here rather than by the
 * library, which this public route would otherwise load (~250 ms of CPU on a cold start) for four
 * fields, before anyone has proved anything; every answer is verified by the library.
 */
export async function passkeySignInOptions(deps: PasskeyDependencies): Promise<AuthenticationOptions> {
  const options: AuthenticationOptions = {
    challenge: randomBytes(32).toString("base64url"),
    rpId: deps.rp.id,
    timeout: CHALLENGE_SECONDS * 1000,
    userVerification: "required",
    allowCredentials: [],
  };
  await saveChallenge(deps, options.challenge, { kind: "signIn" });
  return options;
}

/** The PublicKeyCredentialRequestOptionsJSON fields this server sends. */
export interface AuthenticationOptions {
  readonly challenge: string;
  readonly rpId: string;
  readonly timeout: number;
  readonly userVerification: "required";
  readonly allowCredentials: readonly never[];
}

export type PasskeySignInOutcome =
  | { readonly kind: "success"; readonly issued: IssuedToken; readonly user: StaffUserView }
  | { readonly kind: "throttled"; readonly retryAfterSeconds: number }
  | { readonly kind: "challengeInvalid" }
  | { readonly kind: "wrongSite" }
  | { readonly kind: "notRegistered" }
  | { readonly kind: "invalid" }
  | { readonly kind: "deactivated" };

export async function signInWithPasskey(
  deps: PasskeyDependencies,
  attempt: { response: AuthenticationCredential; ip: string | undefined; userAgent?: string },
): Promise<PasskeySignInOutcome> {
  const now = deps.clock();
  const log = (reason: AuthFailureReason, username?: string) =>
    logAuthFailure(deps.log, { reason, username, ip: attempt.ip, route: PASSKEY_SIGN_IN_ROUTE });
  const reservation = await new LoginThrottle(deps.db, deps.tables.authState).reserveAddress(attempt.ip, now);
  if (!reservation.allowed) {
    log("throttled_ip");
    return { kind: "throttled", retryAfterSeconds: reservation.retryAfterSeconds };
  }

  // Every failure below keeps the address's reservation.
  const clientData = clientDataOf(attempt.response.response.clientDataJSON);
  const purpose = clientData && (await takeChallenge(deps, clientData.challenge));
  if (!clientData || purpose?.kind !== "signIn") {
    log("passkey_challenge_invalid");
    return { kind: "challengeInvalid" };
  }
  if (clientData.origin !== deps.rp.origin) {
    log("passkey_wrong_site");
    return { kind: "wrongSite" };
  }
  const handle = attempt.response.response.userHandle;
  const user = handle
    ? await new UsersRepository(deps.db, deps.tables.users).find(usernameOfHandle(handle))
    : undefined;
  const stored = user?.passkeys?.find((passkey) => passkey.id === attempt.response.id);
  if (!user || !stored) {
    log("passkey_unknown");
    return { kind: "notRegistered" };
  }

  const { verifyAuthenticationResponse } = await webauthn();
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      // The same JSON; events/passkeys.ts bounds it, the library's type names its enums.
      response: attempt.response as AuthenticationResponseJSON,
      expectedChallenge: clientData.challenge,
      expectedOrigin: deps.rp.origin,
      expectedRPID: deps.rp.id,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, "base64url")),
        counter: stored.counter,
      },
      requireUserVerification: true,
    });
    if (!verification.verified) throw new Error("not verified");
    newCounter = verification.authenticationInfo.newCounter;
  } catch (error) {
    const refusal = refusalOf(error);
    log(refusal === "wrongSite" ? "passkey_wrong_site" : "passkey_invalid", user.username);
    deps.log.warn("passkey sign-in refused", { error: error instanceof Error ? error.message : "" });
    return { kind: refusal };
  }

  if (user.deactivatedAt) {
    // Said only after the passkey proved itself, as the password sign-in does.
    log("user_deactivated", user.username);
    await reservation.release();
    return { kind: "deactivated" };
  }
  if (!(await recordUse(deps, user.username, user.passkeys ?? [], stored, newCounter, now))) {
    log("passkey_invalid", user.username);
    return { kind: "invalid" };
  }
  await reservation.release();
  const issued = await startSession(deps, {
    username: user.username,
    ip: attempt.ip,
    userAgent: attempt.userAgent,
    method: "passkey",
  });
  return { kind: "success", issued, user: staffUserViewOf(user) };
}

/**
 * Stores the new signature counter and the time of use. An authenticator that counts must count
 * up: the write is conditional on the stored counter being lower, so of two answers with counters
 * read before either was written only the higher one gets through (a cloned key shows up here).
 * One that always answers 0 (many platform passkeys do) stays at 0.
 */
async function recordUse(
  deps: Pick<PasskeyDependencies, "db" | "tables">,
  username: string,
  passkeys: readonly StoredPasskey[],
  stored: StoredPasskey,
  newCounter: number,
  now: Date,
): Promise<boolean> {
  const index = passkeys.indexOf(stored);
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.users,
        Key: { username },
        UpdateExpression: `SET passkeys[${index}].#counter = :counter, passkeys[${index}].lastUsedAt = :at`,
        ConditionExpression: `passkeys[${index}].id = :credential AND passkeys[${index}].#counter ${newCounter > 0 ? "<" : "="} :counter`,
        ExpressionAttributeNames: { "#counter": "counter" },
        ExpressionAttributeValues: {
          ":counter": newCounter,
          ":at": now.toISOString(),
          ":credential": stored.id,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}
