/**
 * WebAuthn challenges (docs/decisions/0073-passkeys.md): made by the server, kept 5 minutes in the
 * auth-state table under the challenge itself, bound to what they were made for (adding a passkey
 * to one account, or a sign-in), and used at most once: taking one deletes it with a condition, so
 * of two answers carrying the same challenge exactly one finds it.
 */
import { DeleteCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionalCheckFailed } from "../lib/aws-errors";
import type { LoginDependencies } from "../model/staff/auth-deps";

export const CHALLENGE_SECONDS = 5 * 60;

export type ChallengePurpose =
  | { readonly kind: "register"; readonly username: string }
  | { readonly kind: "signIn" };

type Deps = Pick<LoginDependencies, "db" | "tables" | "clock">;

const challengeKey = (challenge: string) => `passkey-challenge#${challenge}`;
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export async function saveChallenge(deps: Deps, challenge: string, purpose: ChallengePurpose): Promise<void> {
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables.authState,
      Item: {
        pk: challengeKey(challenge),
        ...purpose,
        expiresAt: Math.floor(deps.clock().getTime() / 1000) + CHALLENGE_SECONDS,
      },
    }),
  );
}

/** The purpose of a live challenge, deleting it; undefined when unknown, used or expired. */
export async function takeChallenge(deps: Deps, challenge: string): Promise<ChallengePurpose | undefined> {
  if (!CHALLENGE_PATTERN.test(challenge)) return undefined;
  let item: Record<string, unknown> | undefined;
  try {
    const answer = await deps.db.send(
      new DeleteCommand({
        TableName: deps.tables.authState,
        Key: { pk: challengeKey(challenge) },
        ConditionExpression: "attribute_exists(pk)",
        ReturnValues: "ALL_OLD",
      }),
    );
    item = answer.Attributes;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
  // DynamoDB's TTL deletes late: an expired item can still be there.
  if (!item || Number(item.expiresAt) <= Math.floor(deps.clock().getTime() / 1000)) return undefined;
  if (item.kind === "register" && typeof item.username === "string")
    return { kind: "register", username: item.username };
  if (item.kind === "signIn") return { kind: "signIn" };
  return undefined;
}

/** The fields of a response's clientDataJSON the server routes on before the library checks it all. */
export interface ClientData {
  readonly challenge: string;
  readonly origin: string;
}

export function clientDataOf(clientDataJSON: string): ClientData | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as unknown;
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const { challenge, origin } = parsed as Record<string, unknown>;
    if (typeof challenge !== "string" || typeof origin !== "string") return undefined;
    return { challenge, origin };
  } catch {
    return undefined;
  }
}
