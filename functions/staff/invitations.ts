/**
 * Invitations to the staff team (docs/decisions/0061): an admin invites an address with a role;
 * the e-mail carries a one-time link valid 72 hours (functions/staff/one-time-token.ts); opening it
 * the person chooses a password and becomes a member whose username is that address. Accepting is
 * one transaction — the invitation moves from pending to accepted only if the secret matches and
 * it has not expired, and the account is created only if the name is free — so a link works once,
 * even when opened twice at the same moment. Every change is an audit entry in the same transaction.
 */
import {
  type DynamoDBDocumentClient,
  GetCommand,
  ScanCommand,
  TransactWriteCommand,
} from "@aws-sdk/lib-dynamodb";
import type { StaffRole } from "../../events/staff";
import type { InvitationPreview, InvitationState, InvitationView } from "../../events/team";
import { cancellationCodes, isConditionalCheckFailed } from "../lib/aws-errors";
import type { Clock } from "../lib/clock";
import type { TransactItem } from "../lib/transact";
import { auditPut } from "../model/audit";
import { staffKey } from "../model/identity";
import { checkedAddress, type StaffUser, UsersRepository } from "../model/staff/users";
import { newOneTimeToken, readOneTimeToken, sameSecretHash } from "./one-time-token";

export const INVITATION_VALID_HOURS = 72;
/** Kept this long past its expiry (shown as expired), then removed by TTL. */
const KEEP_AFTER_EXPIRY_SECONDS = 30 * 24 * 60 * 60;

export interface TeamDependencies {
  readonly db: DynamoDBDocumentClient;
  readonly tables: {
    readonly users: string;
    readonly invitations: string;
    readonly audit: string;
    readonly authState: string;
  };
  readonly now: Clock;
}

interface InvitationItem {
  readonly id: string;
  readonly email: string;
  readonly role: StaffRole;
  readonly invitedBy: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly removeAt: number;
  readonly secretHash: string;
  readonly state: "pending" | "accepted" | "revoked";
}

const expiryOf = (now: Date) => {
  const expires = new Date(now.getTime() + INVITATION_VALID_HOURS * 3600_000);
  return {
    expiresAt: expires.toISOString(),
    removeAt: Math.floor(expires.getTime() / 1000) + KEEP_AFTER_EXPIRY_SECONDS,
  };
};

function stateOf(item: InvitationItem, now: Date): InvitationState {
  if (item.state === "pending" && Date.parse(item.expiresAt) <= now.getTime()) return "expired";
  return item.state;
}

function viewOf(item: InvitationItem, now: Date): InvitationView {
  return {
    id: item.id,
    email: item.email,
    role: item.role,
    invitedBy: item.invitedBy,
    createdAt: item.createdAt,
    expiresAt: item.expiresAt,
    state: stateOf(item, now),
  };
}

async function allInvitations(deps: TeamDependencies): Promise<InvitationItem[]> {
  const items: InvitationItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.send(
      new ScanCommand({ TableName: deps.tables.invitations, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    items.push(...((page.Items ?? []) as InvitationItem[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Every invitation the TTL has not removed yet, newest first. */
export async function listInvitations(deps: TeamDependencies): Promise<InvitationView[]> {
  const now = deps.now();
  return (await allInvitations(deps))
    .map((item) => viewOf(item, now))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

const memberWithAddress = (users: readonly StaffUser[], email: string) =>
  users.some((user) => user.username === email || user.email === email);

export type InviteOutcome =
  | { readonly kind: "invited"; readonly invitation: InvitationView; readonly token: string }
  | { readonly kind: "alreadyMember" }
  | { readonly kind: "alreadyInvited" };

export async function createInvitation(
  deps: TeamDependencies,
  input: { email: string; role: StaffRole; actor: string; ip?: string },
): Promise<InviteOutcome> {
  const now = deps.now();
  const email = checkedAddress(input.email);
  const users = await new UsersRepository(deps.db, deps.tables.users).list();
  if (memberWithAddress(users, email)) return { kind: "alreadyMember" };
  const pending = (await allInvitations(deps)).filter(
    (item) => item.email === email && stateOf(item, now) === "pending",
  );
  if (pending.length > 0) return { kind: "alreadyInvited" };
  const issued = newOneTimeToken();
  const item: InvitationItem = {
    id: issued.id,
    email,
    role: input.role,
    invitedBy: input.actor,
    createdAt: now.toISOString(),
    ...expiryOf(now),
    secretHash: issued.secretHash,
    state: "pending",
  };
  await deps.db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: deps.tables.invitations,
            Item: item,
            ConditionExpression: "attribute_not_exists(id)",
          },
        },
        auditPut(deps.tables.audit, {
          action: "team.invite",
          actor: input.actor,
          target: email,
          ip: input.ip,
          at: now,
          details: { role: input.role },
        }),
      ],
    }),
  );
  return { kind: "invited", invitation: viewOf(item, now), token: issued.token };
}

/** A change to an invitation that applies only while it is pending (and `extraCondition`). */
function pendingUpdate(
  deps: TeamDependencies,
  id: string,
  updateExpression: string,
  values: Record<string, unknown>,
  extraCondition = "",
): TransactItem {
  return {
    Update: {
      TableName: deps.tables.invitations,
      Key: { id },
      UpdateExpression: updateExpression,
      ConditionExpression: `#state = :pending${extraCondition}`,
      ExpressionAttributeNames: { "#state": "state" },
      ExpressionAttributeValues: { ":pending": "pending", ...values },
    },
  };
}

export type ChangeInvitationOutcome =
  | { readonly kind: "done"; readonly invitation: InvitationView; readonly token?: string }
  | { readonly kind: "notFound" }
  | { readonly kind: "notPending" };

async function getInvitation(deps: TeamDependencies, id: string): Promise<InvitationItem | undefined> {
  if (id.length === 0 || id.length > 64) return undefined;
  const answer = await deps.db.send(
    new GetCommand({ TableName: deps.tables.invitations, Key: { id }, ConsistentRead: true }),
  );
  return answer.Item as InvitationItem | undefined;
}

/**
 * Resend: a new secret (the old link stops working) and a new 72 hours; or revoke. Only a pending
 * (possibly expired) invitation; the condition makes a concurrent acceptance win cleanly.
 */
export async function changeInvitation(
  deps: TeamDependencies,
  input: { id: string; change: "resend" | "revoke"; actor: string; ip?: string },
): Promise<ChangeInvitationOutcome> {
  const now = deps.now();
  const item = await getInvitation(deps, input.id);
  if (!item) return { kind: "notFound" };
  if (item.state !== "pending") return { kind: "notPending" };
  const issued = input.change === "resend" ? newOneTimeToken(item.id) : undefined;
  const expiry = expiryOf(now);
  const updated: InvitationItem = issued
    ? { ...item, ...expiry, secretHash: issued.secretHash }
    : { ...item, state: "revoked" };
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          issued
            ? pendingUpdate(
                deps,
                item.id,
                "SET secretHash = :hash, expiresAt = :expires, removeAt = :remove",
                {
                  ":hash": issued.secretHash,
                  ":expires": expiry.expiresAt,
                  ":remove": expiry.removeAt,
                },
              )
            : pendingUpdate(deps, item.id, "SET #state = :revoked", { ":revoked": "revoked" }),
          auditPut(deps.tables.audit, {
            action: issued ? "team.invite.resend" : "team.invite.revoke",
            actor: input.actor,
            target: item.email,
            ip: input.ip,
            at: now,
          }),
        ],
      }),
    );
  } catch (error) {
    if (cancellationCodes(error)?.[0] === "ConditionalCheckFailed") return { kind: "notPending" };
    throw error;
  }
  return { kind: "done", invitation: viewOf(updated, now), ...(issued ? { token: issued.token } : {}) };
}

/** The pending, unexpired invitation a link names, if its secret matches. */
async function validInvitation(deps: TeamDependencies, token: string): Promise<InvitationItem | undefined> {
  const read = readOneTimeToken(token);
  if (!read) return undefined;
  const item = await getInvitation(deps, read.id);
  if (!item || !sameSecretHash(item.secretHash, read.secretHash)) return undefined;
  return stateOf(item, deps.now()) === "pending" ? item : undefined;
}

/** What a link invites to (the accept page shows it), or undefined for a link that does not work. */
export async function previewInvitation(
  deps: TeamDependencies,
  token: string,
): Promise<InvitationPreview | undefined> {
  const item = await validInvitation(deps, token);
  return item ? { email: item.email, role: item.role } : undefined;
}

export type AcceptOutcome =
  | { readonly kind: "accepted"; readonly user: StaffUser }
  | { readonly kind: "invalid" }
  | { readonly kind: "alreadyMember" };

/** Accepts a link once: the invitation is used up and the account created in one transaction. */
export async function acceptInvitation(
  deps: TeamDependencies,
  input: { token: string; passwordHash: string; ip?: string },
): Promise<AcceptOutcome> {
  const now = deps.now();
  const item = await validInvitation(deps, input.token);
  if (!item) return { kind: "invalid" };
  const user: StaffUser = {
    username: item.email,
    email: item.email,
    role: item.role,
    passwordHash: input.passwordHash,
    createdAt: now.toISOString(),
    passwordChangedAt: now.toISOString(),
  };
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          pendingUpdate(
            deps,
            item.id,
            "SET #state = :accepted, acceptedAt = :now",
            { ":accepted": "accepted", ":hash": item.secretHash, ":now": now.toISOString() },
            " AND secretHash = :hash AND expiresAt > :now",
          ),
          {
            Put: {
              TableName: deps.tables.users,
              Item: user,
              ConditionExpression: "attribute_not_exists(username)",
            },
          },
          auditPut(deps.tables.audit, {
            action: "team.invite.accept",
            actor: user.username,
            target: item.invitedBy,
            ip: input.ip,
            at: now,
            details: { role: item.role },
          }),
        ],
      }),
    );
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[0] === "ConditionalCheckFailed") return { kind: "invalid" };
    if (codes?.[1] === "ConditionalCheckFailed") return { kind: "alreadyMember" };
    if (isConditionalCheckFailed(error)) return { kind: "invalid" };
    throw error;
  }
  return { kind: "accepted", user };
}
