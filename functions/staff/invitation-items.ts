/**
 * The stored shape of invitations and of the address locks beside them (functions/staff/invitations.ts):
 * one item per invitation, and one lock item per canonical address, `address#<address>` -> the
 * invitation that holds it (docs/decisions/0081). Shared by inviting, changing and accepting.
 */
import { type DynamoDBDocumentClient, GetCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import type { StaffRole } from "../../events/staff";
import type { InvitationState, InvitationView } from "../../events/team";
import type { Clock } from "../lib/clock";
import { isConditionRefused, isTransactionConflict, type TransactItem } from "../lib/transact";
import { staffKey } from "../model/identity";

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
  readonly clock: Clock;
}

export interface InvitationItem {
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

export const expiryOf = (now: Date) => {
  const expires = new Date(now.getTime() + INVITATION_VALID_HOURS * 3600_000);
  return {
    expiresAt: expires.toISOString(),
    removeAt: Math.floor(expires.getTime() / 1000) + KEEP_AFTER_EXPIRY_SECONDS,
  };
};

export function stateOf(item: InvitationItem, now: Date): InvitationState {
  if (item.state === "pending" && Date.parse(item.expiresAt) <= now.getTime()) return "expired";
  return item.state;
}

export function viewOf(item: InvitationItem, now: Date): InvitationView {
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

/** The lock of an address: which invitation holds it, until when (then a new one may take it). */
export interface AddressLock {
  readonly id: string;
  readonly invitationId: string;
  readonly expiresAt: string;
  readonly removeAt: number;
}

const LOCK_PREFIX = "address#";
/** Invitation ids are base64url (functions/staff/one-time-token.ts): never a lock's `#`. */
export const isAddressLock = (id: string) => id.startsWith(LOCK_PREFIX);
export const lockKey = (address: string) => ({ id: `${LOCK_PREFIX}${staffKey(address)}` });

/** Takes (or renews) the address's lock for the invitation, unless another unexpired one holds it. */
export function lockPut(
  deps: TeamDependencies,
  address: string,
  item: InvitationItem,
  now: Date,
): TransactItem {
  return {
    Put: {
      TableName: deps.tables.invitations,
      Item: {
        ...lockKey(address),
        invitationId: item.id,
        expiresAt: item.expiresAt,
        removeAt: item.removeAt,
      } satisfies AddressLock,
      ConditionExpression: "attribute_not_exists(id) OR invitationId = :invitation OR expiresAt <= :now",
      ExpressionAttributeValues: { ":invitation": item.id, ":now": now.toISOString() },
    },
  };
}

/** Every invitation (not the locks), and the locks by id. */
export async function invitationsAndLocks(
  deps: Pick<TeamDependencies, "db" | "tables">,
): Promise<{ invitations: InvitationItem[]; locks: AddressLock[] }> {
  const invitations: InvitationItem[] = [];
  const locks: AddressLock[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.send(
      new ScanCommand({ TableName: deps.tables.invitations, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    for (const item of page.Items ?? []) {
      if (isAddressLock(String(item.id))) locks.push(item as AddressLock);
      else invitations.push(item as InvitationItem);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { invitations, locks };
}

export async function allInvitations(deps: TeamDependencies): Promise<InvitationItem[]> {
  return (await invitationsAndLocks(deps)).invitations;
}

/** Parallel writers of one address: the losers read again and see the winner (then 409). */
export const RACE = {
  attempts: 4,
  retryable: (error: unknown) => isTransactionConflict(error) || isConditionRefused(error),
};

/** A change to an invitation that applies only while it is pending (and `extraCondition`). */
export function pendingUpdate(
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

export async function getInvitation(deps: TeamDependencies, id: string): Promise<InvitationItem | undefined> {
  if (id.length === 0 || id.length > 64 || isAddressLock(id)) return undefined;
  const answer = await deps.db.send(
    new GetCommand({ TableName: deps.tables.invitations, Key: { id }, ConsistentRead: true }),
  );
  return answer.Item as InvitationItem | undefined;
}

export async function lockOf(deps: TeamDependencies, address: string): Promise<AddressLock | undefined> {
  const answer = await deps.db.send(
    new GetCommand({ TableName: deps.tables.invitations, Key: lockKey(address), ConsistentRead: true }),
  );
  return answer.Item as AddressLock | undefined;
}

/** Gives the address's lock up if this invitation holds it (as read: the condition re-checks). */
export async function lockRelease(deps: TeamDependencies, item: InvitationItem): Promise<TransactItem[]> {
  const lock = await lockOf(deps, item.email);
  if (lock?.invitationId !== item.id) return [];
  return [
    {
      Delete: {
        TableName: deps.tables.invitations,
        Key: lockKey(item.email),
        ConditionExpression: "invitationId = :invitation",
        ExpressionAttributeValues: { ":invitation": item.id },
      },
    },
  ];
}
