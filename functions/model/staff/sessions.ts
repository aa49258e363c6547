/**
 * The sessions of each staff member, so they can see them and end them: a map on the user item
 * (`sessions`, keyed by session id) with the device, the address, and when it was started and last
 * used. Ending a session also revokes its id (functions/model/staff/revocation.ts), which is what the
 * per-request check enforces; the map is the list people see. Entries past the absolute lifetime
 * are pruned at the next sign-in. A session ended by signing out is revoked but may keep its entry
 * until then: `liveSessions` leaves out every entry whose id is revoked, so neither the account page
 * nor a privacy export shows a session that ended.
 */
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { SessionView } from "../../../events/staff";
import { isConditionalCheckFailed } from "../../lib/aws-errors";
import { staffKey } from "../identity";
import { revocationKey, revokeSession } from "./revocation";
import { ABSOLUTE_LIFETIME_SECONDS, type Session } from "./session-token";

export interface SessionRecord {
  readonly device: string;
  readonly ip?: string;
  readonly startedAt: string;
  readonly lastUsedAt: string;
  /** Epoch seconds of auth_time: with it a revocation can be written for the session. */
  readonly authTime: number;
}

export interface SessionsDependencies {
  readonly db: DynamoDBDocumentClient;
  readonly tables: { readonly users: string; readonly authState: string };
}

/**
 * "Chrome 131 on Linux" from a User-Agent header (bowser), "Unknown device" without one. bowser's
 * 34 KiB of patterns load when a session first starts, not at cold start (bundled: a chunk beside
 * index.mjs, infra/build/functions.ts).
 */
export async function deviceOf(userAgent: string | undefined): Promise<string> {
  if (!userAgent) return "Unknown device";
  const { default: Bowser } = await import("bowser");
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const os = parsed.os.name ?? "";
  const text = [browser, os].filter(Boolean).join(" on ");
  return text || "Unknown device";
}

/** Adds (or refreshes) a session in its member's list. */
export async function recordSession(
  deps: SessionsDependencies,
  session: Session,
  details: { device: string; ip?: string; now: Date },
): Promise<void> {
  const record: SessionRecord = {
    device: details.device,
    ...(details.ip ? { ip: details.ip } : {}),
    startedAt: new Date(session.authTime * 1000).toISOString(),
    lastUsedAt: details.now.toISOString(),
    authTime: session.authTime,
  };
  const key = { username: staffKey(session.username) };
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.users,
        Key: key,
        UpdateExpression: "SET #sessions.#sid = :record",
        ConditionExpression: "attribute_exists(username) AND attribute_exists(#sessions)",
        ExpressionAttributeNames: { "#sessions": "sessions", "#sid": session.sessionId },
        ExpressionAttributeValues: { ":record": record },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    // An account from before the list: start it (only if it still has none, else retry above).
    try {
      await deps.db.send(
        new UpdateCommand({
          TableName: deps.tables.users,
          Key: key,
          UpdateExpression: "SET #sessions = :map",
          ConditionExpression: "attribute_exists(username) AND attribute_not_exists(#sessions)",
          ExpressionAttributeNames: { "#sessions": "sessions" },
          ExpressionAttributeValues: { ":map": { [session.sessionId]: record } },
        }),
      );
    } catch (second) {
      if (!isConditionalCheckFailed(second)) throw second;
      await recordSession(deps, session, details);
    }
  }
}

/** Marks a session as used now (called when its token is renewed, at most every few minutes). */
export async function touchSession(deps: SessionsDependencies, session: Session, now: Date): Promise<void> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.users,
        Key: { username: staffKey(session.username) },
        UpdateExpression: "SET #sessions.#sid.lastUsedAt = :now",
        ConditionExpression: "attribute_exists(#sessions.#sid)",
        ExpressionAttributeNames: { "#sessions": "sessions", "#sid": session.sessionId },
        ExpressionAttributeValues: { ":now": now.toISOString() },
      }),
    );
  } catch (error) {
    // A session from before the list has no entry; it simply does not show.
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

async function sessionMap(
  deps: SessionsDependencies,
  username: string,
): Promise<Record<string, SessionRecord>> {
  const answer = await deps.db.send(
    new GetCommand({
      TableName: deps.tables.users,
      Key: { username: staffKey(username) },
      ProjectionExpression: "#sessions",
      ExpressionAttributeNames: { "#sessions": "sessions" },
      ConsistentRead: true,
    }),
  );
  return (answer.Item?.sessions as Record<string, SessionRecord> | undefined) ?? {};
}

/** The entries of a session map that are still sessions: within their lifetime and not revoked. */
export async function liveSessions<R extends object>(
  deps: SessionsDependencies,
  sessions: Readonly<Record<string, R>>,
  now: Date,
): Promise<Record<string, R>> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const authTime = (record: object) => {
    const value = (record as { authTime?: unknown }).authTime;
    return typeof value === "number" ? value : Number.NEGATIVE_INFINITY;
  };
  const inLifetime = Object.entries(sessions).filter(
    ([, record]) => authTime(record) + ABSOLUTE_LIFETIME_SECONDS > nowSeconds,
  );
  const revoked = await Promise.all(
    inLifetime.map(async ([id]) => {
      const { Item } = await deps.db.send(
        new GetCommand({
          TableName: deps.tables.authState,
          Key: { pk: revocationKey(id) },
          ConsistentRead: true,
          ProjectionExpression: "pk",
        }),
      );
      return Item !== undefined;
    }),
  );
  return Object.fromEntries(inLifetime.filter((_, index) => !revoked[index]));
}

/** The member's live sessions, most recently used first; `current` marks the caller's. */
export async function listSessions(
  deps: SessionsDependencies,
  username: string,
  current: string | undefined,
  now: Date,
): Promise<SessionView[]> {
  return Object.entries(await liveSessions(deps, await sessionMap(deps, username), now))
    .map(([id, record]) => ({
      id,
      device: record.device,
      ip: record.ip ?? null,
      startedAt: record.startedAt,
      lastUsedAt: record.lastUsedAt,
      current: id === current,
    }))
    .sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt));
}

/** Ends one session: revoked at once, removed from the list. False if the member has no such session. */
export async function endSession(
  deps: SessionsDependencies,
  username: string,
  sessionId: string,
): Promise<boolean> {
  const sessions = await sessionMap(deps, username);
  // Own entries only: an id such as "__proto__" must not find Object.prototype.
  const record = Object.hasOwn(sessions, sessionId) ? sessions[sessionId] : undefined;
  if (!record) return false;
  await endRecorded(deps, staffKey(username), [[sessionId, record]]);
  return true;
}

/**
 * Ends every session of the member except `keep` (a password change keeps the caller's session;
 * a deactivation keeps none). Sessions from before the list end through the password date or the
 * deactivation itself (functions/model/staff/authenticate.ts).
 */
export async function endSessions(
  deps: SessionsDependencies,
  username: string,
  keep?: string,
): Promise<number> {
  const entries = Object.entries(await sessionMap(deps, username)).filter(([id]) => id !== keep);
  await endRecorded(deps, staffKey(username), entries);
  return entries.length;
}

async function removeEntry(deps: SessionsDependencies, username: string, sessionId: string): Promise<void> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.users,
        Key: { username },
        UpdateExpression: "REMOVE #sessions.#sid",
        ConditionExpression: "attribute_exists(#sessions)",
        ExpressionAttributeNames: { "#sessions": "sessions", "#sid": sessionId },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

async function endRecorded(
  deps: SessionsDependencies,
  username: string,
  entries: readonly (readonly [string, SessionRecord])[],
): Promise<void> {
  for (const [sessionId, record] of entries) {
    await revokeSession(deps.db, deps.tables.authState, { sessionId, username, authTime: record.authTime });
    await removeEntry(deps, username, sessionId);
  }
}

/** Removes entries past the absolute lifetime (at sign-in, so the map stays small). */
export async function pruneSessions(deps: SessionsDependencies, username: string, now: Date): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const stale = Object.entries(await sessionMap(deps, username)).filter(
    ([, record]) => record.authTime + ABSOLUTE_LIFETIME_SECONDS + 60 <= nowSeconds,
  );
  for (const [sessionId] of stale) await removeEntry(deps, staffKey(username), sessionId);
}
