/**
 * What an admin does to a member (docs/decisions/0061): change the role, deactivate or reactivate,
 * reset the second factor — each with its audit entry in the same transaction. The last active
 * admin cannot be demoted or deactivated: the change carries a ConditionCheck that another account
 * is still an active admin, so two admins demoting each other at the same moment cannot both win.
 */
import { QueryCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { StaffMember } from "../../events/staff";
import {
  type MemberUpdateRequest,
  TEAM_AUDIT_ACTIONS,
  type TeamAuditAction,
  type TeamAuditEntry,
} from "../../events/team";
import { cancellationCodes } from "../lib/aws-errors";
import { isFirstConditionRefused, type TransactItem } from "../lib/transact";
import { type AuditAction, auditPut } from "../model/audit";
import { endSessions } from "../model/staff/sessions";
import {
  roleOf,
  type StaffUser,
  staffMemberOf,
  UsersRepository,
  VOID_RESET_LINKS,
} from "../model/staff/users";
import type { TeamDependencies } from "./invitations";

export type ManageOutcome =
  | { readonly kind: "done"; readonly member: StaffMember }
  | { readonly kind: "notFound" }
  | { readonly kind: "lastAdmin" }
  | { readonly kind: "notYourself" };

const isActiveAdmin = (user: StaffUser) => roleOf(user) === "admin" && !user.deactivatedAt;

/** An account that stays an active admin, checked inside the transaction. */
function anotherAdminCheck(usersTable: string, username: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: usersTable,
      Key: { username },
      ConditionExpression:
        "(attribute_not_exists(#r) OR #r = :admin) AND attribute_not_exists(deactivatedAt)",
      ExpressionAttributeNames: { "#r": "role" },
      ExpressionAttributeValues: { ":admin": "admin" },
    },
  };
}

async function transact(
  deps: TeamDependencies,
  target: StaffUser,
  update: { expression: string; values?: Record<string, unknown> },
  audit: { action: AuditAction; actor: string; ip?: string; details?: Record<string, string> },
  keepAdmin: boolean,
): Promise<"done" | "lastAdmin" | "notFound"> {
  const items: TransactItem[] = [
    {
      Update: {
        TableName: deps.tables.users,
        Key: { username: target.username },
        UpdateExpression: update.expression,
        ConditionExpression: "attribute_exists(username)",
        ...(update.values ? { ExpressionAttributeValues: update.values } : {}),
        // ROLE is a reserved word; DynamoDB refuses names an expression does not use.
        ...(update.expression.includes("#r") ? { ExpressionAttributeNames: { "#r": "role" } } : {}),
      },
    },
    auditPut(deps.tables.audit, { ...audit, target: target.username, at: deps.clock() }),
  ];
  if (keepAdmin) {
    const users = await new UsersRepository(deps.db, deps.tables.users).list();
    const other = users.find((user) => user.username !== target.username && isActiveAdmin(user));
    if (!other) return "lastAdmin";
    items.push(anotherAdminCheck(deps.tables.users, other.username));
  }
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    const codes = cancellationCodes(error);
    if (isFirstConditionRefused(error)) return "notFound";
    if (codes?.[2] === "ConditionalCheckFailed") return "lastAdmin";
    throw error;
  }
  return "done";
}

export async function updateMember(
  deps: TeamDependencies,
  input: { username: string; change: MemberUpdateRequest; actor: string; ip?: string },
): Promise<ManageOutcome> {
  const repository = new UsersRepository(deps.db, deps.tables.users);
  const target = await repository.find(input.username);
  if (!target) return { kind: "notFound" };
  const { role, active } = input.change;
  if (active === false && target.username === input.actor) return { kind: "notYourself" };
  const losesAdmin = isActiveAdmin(target) && ((role !== undefined && role !== "admin") || active === false);

  if (role !== undefined && role !== roleOf(target)) {
    const result = await transact(
      deps,
      target,
      { expression: "SET #r = :role", values: { ":role": role } },
      { action: "team.role", actor: input.actor, ip: input.ip, details: { role } },
      losesAdmin,
    );
    if (result !== "done") return { kind: result };
  }
  if (active === false && !target.deactivatedAt) {
    const result = await transact(
      deps,
      target,
      // Raising the credentials version voids every reset link sent so far: a link must not come
      // back to life if the account is reactivated within its hour (docs/decisions/0082).
      {
        expression: `SET deactivatedAt = :at ${VOID_RESET_LINKS}`,
        values: { ":at": deps.clock().toISOString(), ":one": 1 },
      },
      { action: "team.deactivate", actor: input.actor, ip: input.ip },
      losesAdmin,
    );
    if (result !== "done") return { kind: result };
    // Every session ends now (and stays revoked if the account is reactivated later).
    await endSessions(deps, target.username);
  }
  if (active === true && target.deactivatedAt) {
    const result = await transact(
      deps,
      target,
      { expression: "REMOVE deactivatedAt" },
      { action: "team.reactivate", actor: input.actor, ip: input.ip },
      false,
    );
    if (result !== "done") return { kind: result };
  }
  const updated = await repository.find(target.username);
  return updated ? { kind: "done", member: staffMemberOf(updated) } : { kind: "notFound" };
}

/**
 * Removes the member's authenticator and passkeys (a lost phone or key); they sign in with the
 * password. The reset links sent so far die (docs/decisions/0082). Their sessions end too: a session opened on the lost device must not outlive the key
 * that opened it. An admin resetting their own keeps the session they are using (`actorSession`).
 */
export async function resetSecondFactor(
  deps: TeamDependencies,
  input: { username: string; actor: string; actorSession?: string; ip?: string },
): Promise<ManageOutcome> {
  const repository = new UsersRepository(deps.db, deps.tables.users);
  const target = await repository.find(input.username);
  if (!target) return { kind: "notFound" };
  const result = await transact(
    deps,
    target,
    // A reset link asked for while the factor stood must not open the account without it.
    { expression: `REMOVE totpSecret, passkeys ${VOID_RESET_LINKS}`, values: { ":one": 1 } },
    { action: "team.second-factor.reset", actor: input.actor, ip: input.ip },
    false,
  );
  if (result !== "done") return { kind: result };
  await endSessions(deps, target.username, target.username === input.actor ? input.actorSession : undefined);
  const updated = await repository.find(target.username);
  return updated ? { kind: "done", member: staffMemberOf(updated) } : { kind: "notFound" };
}

const TEAM_ACTIONS = new Set<string>(TEAM_AUDIT_ACTIONS);

/** The team's audit entries of this month and the last, newest first (at most `limit`). */
export async function teamAudit(deps: TeamDependencies, limit = 100): Promise<TeamAuditEntry[]> {
  const now = deps.clock();
  const months = [now, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))].map(
    (date) => `audit#${date.toISOString().slice(0, 7)}`,
  );
  const entries: TeamAuditEntry[] = [];
  for (const pk of months) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await deps.db.send(
        new QueryCommand({
          TableName: deps.tables.audit,
          KeyConditionExpression: "pk = :pk",
          FilterExpression: "begins_with(#action, :team)",
          ExpressionAttributeNames: { "#action": "action" },
          ExpressionAttributeValues: { ":pk": pk, ":team": "team." },
          ScanIndexForward: false,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        if (!TEAM_ACTIONS.has(String(item.action))) continue;
        const details = item.details as Record<string, string> | undefined;
        entries.push({
          action: item.action as TeamAuditAction,
          actor: String(item.actor),
          ...(item.target ? { target: String(item.target) } : {}),
          at: String(item.at),
          ...(details?.role ? { detail: details.role } : {}),
        });
      }
      start = entries.length >= limit ? undefined : page.LastEvaluatedKey;
    } while (start);
    if (entries.length >= limit) break;
  }
  return entries.slice(0, limit);
}
