/**
 * Accepting an invitation (functions/staff/invitations.ts): the link's check, the acceptance's
 * hold on the invitation, and the one transaction that uses the invitation up, creates the account,
 * takes the address's claim for it and deletes the address's lock; then the other invitations
 * still pending for the address are revoked (docs/decisions/0061, 0081).
 *
 * The hold comes first, by one conditional write, and only its holder hashes the password: of N
 * parallel acceptances of one link one hashes and is accepted, the others are refused at once
 * without costing a password hash each (docs/decisions/0082).
 */
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { InvitationPreview } from "../../events/team";
import { cancellationCodes, isConditionalCheckFailed } from "../lib/aws-errors";
import { HOLD_REMOVE, holderCondition, releaseHold, takeHold } from "../lib/hold";
import {
  isConditionRefused,
  isFirstConditionRefused,
  isTransactionConflict,
  retryTransaction,
} from "../lib/transact";
import { auditPut } from "../model/audit";
import { staffAddress, staffKey } from "../model/identity";
import { type StaffUser, UsersRepository } from "../model/staff/users";
import {
  allInvitations,
  getInvitation,
  type InvitationItem,
  lockKey,
  pendingUpdate,
  stateOf,
  type TeamDependencies,
} from "./invitation-items";
import { readOneTimeToken, sameSecretHash } from "./one-time-token";

/** The pending, unexpired invitation a link names, if its secret matches. */
async function validInvitation(deps: TeamDependencies, token: string): Promise<InvitationItem | undefined> {
  const read = readOneTimeToken(token);
  if (!read) return undefined;
  const item = await getInvitation(deps, read.id);
  if (!item || !sameSecretHash(item.secretHash, read.secretHash)) return undefined;
  return stateOf(item, deps.clock()) === "pending" ? item : undefined;
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

/**
 * Accepts a link once: the invitation is held for this acceptance (or refused as "invalid" when
 * another holds it), the password hashed (`passwordHash`, called only by the holder), then the
 * invitation is used up, the account created, the address's claim taken for it and its lock
 * deleted in one transaction; then any other invitation still pending for the address is revoked
 * (it could no longer be accepted: the claim is taken).
 */
export async function acceptInvitation(
  deps: TeamDependencies,
  input: { token: string; passwordHash: () => Promise<string>; ip?: string },
): Promise<AcceptOutcome> {
  const item = await validInvitation(deps, input.token);
  if (!item) return { kind: "invalid" };
  // Invitations stored before the identity rule may hold another spelling: the account gets the
  // canonical one, and an address that has none is no invitation that can be accepted.
  const address = staffAddress(item.email);
  if (!address.ok) return { kind: "invalid" };
  const invitation = { table: deps.tables.invitations, key: { id: item.id } };
  const holder = await takeHold(
    deps.db,
    {
      ...invitation,
      condition: "#state = :pending AND secretHash = :hash AND expiresAt > :now",
      names: { "#state": "state" },
      values: { ":pending": "pending", ":hash": item.secretHash, ":now": deps.clock().toISOString() },
    },
    deps.clock(),
  );
  if (!holder) return { kind: "invalid" };
  let outcome: AcceptOutcome = { kind: "invalid" };
  try {
    outcome = await create(deps, item, address.value, holder, await input.passwordHash(), input.ip);
    return outcome;
  } finally {
    if (outcome.kind !== "accepted") await releaseHold(deps.db, invitation, holder);
  }
}

async function create(
  deps: TeamDependencies,
  item: InvitationItem,
  address: string,
  holder: string,
  passwordHash: string,
  ip: string | undefined,
): Promise<AcceptOutcome> {
  const now = deps.clock();
  const users = new UsersRepository(deps.db, deps.tables.users, deps.tables.authState);
  const user: StaffUser = {
    username: address,
    email: address,
    role: item.role,
    passwordHash,
    createdAt: now.toISOString(),
    passwordChangedAt: now.toISOString(),
  };
  try {
    // A conflict with a refused acceptance's write on the invitation: the hold still stands, retry.
    await retryTransaction({ attempts: 4, retryable: isTransactionConflict }, () =>
      deps.db.send(
        new TransactWriteCommand({
          TransactItems: [
            pendingUpdate(
              deps,
              item.id,
              `SET #state = :accepted, acceptedAt = :now ${HOLD_REMOVE}`,
              {
                ":accepted": "accepted",
                ":hash": item.secretHash,
                ":now": now.toISOString(),
                ":holder": holder,
              },
              ` AND secretHash = :hash AND expiresAt > :now AND ${holderCondition}`,
            ),
            {
              Put: {
                TableName: deps.tables.users,
                Item: user,
                ConditionExpression: "attribute_not_exists(username)",
              },
            },
            users.claims.put(address, user.username),
            { Delete: { TableName: deps.tables.invitations, Key: lockKey(address) } },
            auditPut(deps.tables.audit, {
              action: "team.invite.accept",
              actor: user.username,
              target: item.invitedBy,
              ip,
              at: now,
              details: { role: item.role },
            }),
          ],
        }),
      ),
    );
  } catch (error) {
    const codes = cancellationCodes(error);
    if (isFirstConditionRefused(error)) return { kind: "invalid" };
    if (codes?.[1] === "ConditionalCheckFailed" || codes?.[2] === "ConditionalCheckFailed")
      return { kind: "alreadyMember" };
    if (isConditionalCheckFailed(error)) return { kind: "invalid" };
    throw error;
  }
  await revokeOthers(deps, item, address, now);
  return { kind: "accepted", user };
}

/** The invitations still pending for an address that has just become a member's. */
async function revokeOthers(deps: TeamDependencies, accepted: InvitationItem, address: string, now: Date) {
  const others = (await allInvitations(deps)).filter(
    (other) => other.id !== accepted.id && other.state === "pending" && staffKey(other.email) === address,
  );
  for (const other of others) {
    try {
      await deps.db.send(
        new TransactWriteCommand({
          TransactItems: [
            pendingUpdate(deps, other.id, "SET #state = :revoked", { ":revoked": "revoked" }),
            auditPut(deps.tables.audit, {
              action: "team.invite.revoke",
              actor: address,
              target: other.email,
              at: now,
              details: { reason: "accepted another invitation" },
            }),
          ],
        }),
      );
    } catch (error) {
      // Revoked or accepted meanwhile: nothing left to do (it cannot be accepted: the claim is taken).
      if (!isConditionRefused(error)) throw error;
    }
  }
}
