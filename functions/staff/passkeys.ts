/**
 * Passkeys of a staff account (docs/decisions/0073-passkeys.md): adding one (options, then the
 * browser's answer, verified by @simplewebauthn/server), the list, renaming and removing. Signing
 * in with one is functions/staff/passkey-sign-in.ts.
 *
 * The relying party is the stage's site: its host name is the RP ID and its origin the only origin
 * accepted (SITE_URL; locally the runtime's own origin, which follows PORT).
 */
import { createHash } from "node:crypto";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { MAX_PASSKEYS, type PasskeyView, type RegistrationCredential } from "../../events/passkeys";
import { isConditionalCheckFailed } from "../lib/aws-errors";
import { requireEnv } from "../lib/env";
import type { Logger } from "../lib/log";
import { auditItem } from "../model/audit";
import { staffKey } from "../model/identity";
import type { LoginDependencies } from "../model/staff/auth-deps";
import { type CurrentPasswordCheck, checkCurrentPassword } from "../model/staff/current-password";
import { authDependencies } from "../model/staff/http-session";
import { deviceOf } from "../model/staff/sessions";
import { type StaffUser, type StoredPasskey, UsersRepository } from "../model/staff/users";
import type { Announce } from "./account-changes";
import { CHALLENGE_SECONDS, clientDataOf, saveChallenge, takeChallenge } from "./passkey-challenges";

export interface RelyingParty {
  /** The host name the credentials are scoped to ("localhost", "www.repdesk.example.com"). */
  readonly id: string;
  /** The one origin a response may come from ("https://www.repdesk.example.com"). */
  readonly origin: string;
  readonly name: string;
}

export function relyingPartyOf(siteUrl: string): RelyingParty {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin, name: "RepDesk Command Center" };
}

export type PasskeyDependencies = LoginDependencies & { readonly rp: RelyingParty };

export async function passkeyDependencies(log: Logger): Promise<PasskeyDependencies> {
  return { ...(await authDependencies(log)), rp: relyingPartyOf(requireEnv("SITE_URL")) };
}

/** The WebAuthn library, loaded on the first passkey request: a chunk, not part of the cold start. */
export const webauthn = () => import("@simplewebauthn/server");

/** The id the API and the page use for a passkey (credential ids run to hundreds of characters). */
export function passkeyIdOf(credentialId: string): string {
  return createHash("sha256").update(credentialId).digest("base64url").slice(0, 16);
}

export function passkeyViewOf(passkey: StoredPasskey): PasskeyView {
  return {
    id: passkeyIdOf(passkey.id),
    name: passkey.name,
    createdAt: passkey.createdAt,
    lastUsedAt: passkey.lastUsedAt ?? null,
  };
}

/**
 * The WebAuthn user handle: the username's bytes. The authenticator stores and shows the username
 * (user.name) anyway, so the handle tells it nothing more, and a discoverable credential's answer
 * names its account without a lookup table.
 */
export const userHandleOf = (username: string) => new Uint8Array(Buffer.from(username, "utf8"));
export const usernameOfHandle = (handle: string) => Buffer.from(handle, "base64url").toString("utf8");

/** What a refusal by the library means for the person: another site's passkey, or just invalid. */
export function refusalOf(error: unknown): "wrongSite" | "invalid" {
  const message = error instanceof Error ? error.message : "";
  return /RP ID|origin/i.test(message) ? "wrongSite" : "invalid";
}

async function audit(
  deps: Pick<LoginDependencies, "db" | "tables" | "clock">,
  action: "account.passkey.add" | "account.passkey.remove",
  actor: string,
  ip: string | undefined,
  passkey: StoredPasskey,
): Promise<void> {
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables.audit,
      Item: auditItem({ action, actor, ip, at: deps.clock(), details: { passkey: passkeyIdOf(passkey.id) } }),
    }),
  );
}

export type RegistrationStart =
  | { readonly kind: "options"; readonly options: unknown }
  | { readonly kind: "tooMany" }
  | Exclude<CurrentPasswordCheck, { kind: "ok" }>;

/**
 * Options for navigator.credentials.create(). A passkey alone signs in, so adding one asks for the
 * current password (counted by the login throttle): a stolen session cannot buy itself a way back in.
 */
export async function startPasskeyRegistration(
  deps: PasskeyDependencies,
  input: { username: string; password: string; ip?: string },
): Promise<RegistrationStart> {
  const checked = await checkCurrentPassword(deps, input.username, input.password, input.ip);
  if (checked.kind !== "ok") return checked;
  await checked.reservation.succeeded();
  const existing = checked.user.passkeys ?? [];
  if (existing.length >= MAX_PASSKEYS) return { kind: "tooMany" };
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: deps.rp.name,
    rpID: deps.rp.id,
    userName: checked.user.username,
    userID: userHandleOf(checked.user.username),
    userDisplayName: checked.user.username,
    attestationType: "none",
    timeout: CHALLENGE_SECONDS * 1000,
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.id,
      ...(passkey.transports ? { transports: [...passkey.transports] } : {}),
    })),
    // Discoverable (sign-in without a username) and verified (PIN or biometrics): both factors.
    authenticatorSelection: {
      residentKey: "required",
      requireResidentKey: true,
      userVerification: "required",
    },
  });
  await saveChallenge(deps, options.challenge, { kind: "register", username: checked.user.username });
  return { kind: "options", options };
}

export type RegistrationFinish =
  | { readonly kind: "added"; readonly passkey: PasskeyView }
  | { readonly kind: "challengeInvalid" }
  | { readonly kind: "wrongSite" }
  | { readonly kind: "invalid" }
  | { readonly kind: "alreadyRegistered" }
  | { readonly kind: "tooMany" };

export async function finishPasskeyRegistration(
  deps: PasskeyDependencies,
  input: {
    username: string;
    name?: string;
    response: RegistrationCredential;
    ip?: string;
    userAgent?: string;
    /** Tells the owner before the passkey is stored (docs/decisions/0082). */
    announce?: Announce;
  },
): Promise<RegistrationFinish> {
  const clientData = clientDataOf(input.response.response.clientDataJSON);
  if (!clientData) return { kind: "invalid" };
  const purpose = await takeChallenge(deps, clientData.challenge);
  if (purpose?.kind !== "register" || purpose.username !== staffKey(input.username))
    return { kind: "challengeInvalid" };
  if (clientData.origin !== deps.rp.origin) return { kind: "wrongSite" };
  const { verifyRegistrationResponse } = await webauthn();
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      // The same JSON; events/passkeys.ts bounds it, the library's type names its enums.
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: clientData.challenge,
      expectedOrigin: deps.rp.origin,
      expectedRPID: deps.rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    deps.log.warn("passkey registration refused", { error: error instanceof Error ? error.message : "" });
    return { kind: refusalOf(error) };
  }
  if (!verification.verified) return { kind: "invalid" };
  const { credential } = verification.registrationInfo;
  const passkey: StoredPasskey = {
    id: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    ...(credential.transports ? { transports: credential.transports } : {}),
    name: input.name ?? (await deviceOf(input.userAgent)),
    createdAt: deps.clock().toISOString(),
  };
  const stored = await new UsersRepository(deps.db, deps.tables.users).find(purpose.username);
  if (stored?.passkeys?.some((existing) => existing.id === passkey.id)) return { kind: "alreadyRegistered" };
  await input.announce?.({ kind: "passkey.add", credential: passkey.id, name: passkey.name });
  const added = await appendPasskey(deps, purpose.username, passkey);
  if (added !== "added") return { kind: added };
  await audit(deps, "account.passkey.add", purpose.username, input.ip, passkey);
  return { kind: "added", passkey: passkeyViewOf(passkey) };
}

async function appendPasskey(
  deps: Pick<LoginDependencies, "db" | "tables">,
  username: string,
  passkey: StoredPasskey,
): Promise<"added" | "alreadyRegistered" | "tooMany"> {
  const user = await new UsersRepository(deps.db, deps.tables.users).find(username);
  if (user?.passkeys?.some((existing) => existing.id === passkey.id)) return "alreadyRegistered";
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.users,
        Key: { username },
        UpdateExpression: "SET passkeys = list_append(if_not_exists(passkeys, :none), :new)",
        ConditionExpression:
          "attribute_exists(username) AND (attribute_not_exists(passkeys) OR size(passkeys) < :max)",
        ExpressionAttributeValues: { ":none": [], ":new": [passkey], ":max": MAX_PASSKEYS },
      }),
    );
    return "added";
  } catch (error) {
    if (isConditionalCheckFailed(error)) return "tooMany";
    throw error;
  }
}

export function listPasskeys(user: Pick<StaffUser, "passkeys">): PasskeyView[] {
  return (user.passkeys ?? []).map(passkeyViewOf);
}

/**
 * Changes the passkey `id` at its place in the account's list. The list can change between the
 * read and the write (another tab removed one): the write is conditional on the credential still
 * being at that place, and is tried again on a fresh read.
 */
async function changePasskeyAt(
  db: DynamoDBDocumentClient,
  table: string,
  username: string,
  id: string,
  change: (
    user: StaffUser,
    index: number,
  ) => { expression: string; values?: Record<string, unknown>; condition?: string } | string,
): Promise<{ user: StaffUser; passkey: StoredPasskey } | string> {
  const users = new UsersRepository(db, table);
  for (let turn = 0; turn < 3; turn += 1) {
    const user = await users.find(username);
    const index = user?.passkeys?.findIndex((passkey) => passkeyIdOf(passkey.id) === id) ?? -1;
    const passkey = user?.passkeys?.[index];
    if (!user || !passkey) return "notFound";
    const update = change(user, index);
    if (typeof update === "string") return update;
    try {
      await db.send(
        new UpdateCommand({
          TableName: table,
          Key: { username: user.username },
          UpdateExpression: update.expression,
          ConditionExpression: `passkeys[${index}].id = :credential${update.condition ? ` AND (${update.condition})` : ""}`,
          ExpressionAttributeNames: update.expression.includes("#name") ? { "#name": "name" } : undefined,
          ExpressionAttributeValues: { ":credential": passkey.id, ...update.values },
        }),
      );
      return { user, passkey };
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
  }
  throw new Error(`The passkeys of ${username} kept changing`);
}

export async function renamePasskey(
  deps: Pick<LoginDependencies, "db" | "tables">,
  input: { username: string; id: string; name: string },
): Promise<{ kind: "renamed"; passkey: PasskeyView } | { kind: "notFound" }> {
  const changed = await changePasskeyAt(deps.db, deps.tables.users, input.username, input.id, (_, index) => ({
    expression: `SET passkeys[${index}].#name = :name`,
    values: { ":name": input.name },
  }));
  if (typeof changed === "string") return { kind: "notFound" };
  return { kind: "renamed", passkey: { ...passkeyViewOf(changed.passkey), name: input.name } };
}

export type PasskeyRemoval =
  | { readonly kind: "removed" }
  | { readonly kind: "notFound" }
  | { readonly kind: "lastFactor" }
  | Exclude<CurrentPasswordCheck, { kind: "ok" }>;

/**
 * Removes one passkey. Like adding one, it asks for the current password (counted by the login
 * throttle; docs/decisions/0082) and is announced to the owner before it is written. Refused where
 * the stage requires a second factor and it is the account's last one (no authenticator app, no
 * other passkey), as the authenticator app's removal is.
 */
export async function removePasskey(
  deps: Pick<LoginDependencies, "db" | "tables" | "clock" | "mfaRequired">,
  input: { username: string; id: string; password: string; ip?: string; announce?: Announce },
): Promise<PasskeyRemoval> {
  const checked = await checkCurrentPassword(deps, input.username, input.password, input.ip);
  if (checked.kind !== "ok") return checked;
  await checked.reservation.succeeded();
  const { user } = checked;
  const target = user.passkeys?.find((passkey) => passkeyIdOf(passkey.id) === input.id);
  if (!target) return { kind: "notFound" };
  if (deps.mfaRequired && !user.totpSecret && (user.passkeys?.length ?? 0) <= 1)
    return { kind: "lastFactor" };
  await input.announce?.({ kind: "passkey.remove", name: target.name });
  const changed = await changePasskeyAt(
    deps.db,
    deps.tables.users,
    input.username,
    input.id,
    (user, index) => {
      if (!deps.mfaRequired) return { expression: `REMOVE passkeys[${index}]` };
      if (!user.totpSecret && (user.passkeys?.length ?? 0) <= 1) return "lastFactor";
      // The app read above may be removed meanwhile: the write keeps one factor either way.
      return {
        expression: `REMOVE passkeys[${index}]`,
        condition: "attribute_exists(totpSecret) OR size(passkeys) > :one",
        values: { ":one": 1 },
      };
    },
  );
  if (changed === "lastFactor") return { kind: "lastFactor" };
  if (typeof changed === "string") return { kind: "notFound" };
  await audit(deps, "account.passkey.remove", changed.user.username, input.ip, changed.passkey);
  return { kind: "removed" };
}

/**
 * Removes the passkey with this credential id whatever else the account holds (a "This wasn't me"
 * link undoing the passkey it announced; functions/staff/not-me.ts). False when it is gone already.
 */
export async function dropPasskey(
  deps: Pick<LoginDependencies, "db" | "tables">,
  username: string,
  credential: string,
): Promise<boolean> {
  const changed = await changePasskeyAt(
    deps.db,
    deps.tables.users,
    username,
    passkeyIdOf(credential),
    (_, index) => ({ expression: `REMOVE passkeys[${index}]` }),
  );
  return typeof changed !== "string";
}
