/**
 * Invitations to the staff team (docs/decisions/0061): an admin invites an address with a role;
 * the e-mail carries a one-time link valid 72 hours (functions/staff/one-time-token.ts); opening it
 * the person chooses a password and becomes a member whose username is that address. Accepting is
 * one transaction — the invitation moves from pending to accepted only if the secret matches and
 * it has not expired, and the account is created only if the name is free — so a link works once,
 * even when opened twice at the same moment. Every change is an audit entry in the same transaction.
 *
 * One pending invitation per address (docs/decisions/0081), atomically: beside the invitations, the
 * table holds one lock item per canonical address, `address#<address>` -> the invitation that holds
 * it. Inviting writes the lock (only if there is none, or its holder has expired) and checks that no
 * member holds the address's claim (functions/model/staff/users.ts), in the invitation's own
 * transaction: of parallel invitations for one address one wins, the others get 409. Resend renews
 * the lock, revoke releases it; accepting deletes it, takes the address's claim for the new member
 * (so every other invitation for the address can no longer be accepted) and revokes the others.
 */
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { StaffRole } from "../../events/staff";
import type { InvitationView } from "../../events/team";
import { cancellationCodes } from "../lib/aws-errors";
import { isFirstConditionRefused, retryTransaction } from "../lib/transact";
import { auditPut } from "../model/audit";
import { staffAddress, staffKey } from "../model/identity";
import { checkedAddress, type StaffUser, UsersRepository } from "../model/staff/users";
import {
  allInvitations,
  expiryOf,
  getInvitation,
  type InvitationItem,
  lockPut,
  lockRelease,
  pendingUpdate,
  RACE,
  stateOf,
  type TeamDependencies,
  viewOf,
} from "./invitation-items";
import { newOneTimeToken } from "./one-time-token";

export { INVITATION_VALID_HOURS, type TeamDependencies } from "./invitation-items";

/** Every invitation the TTL has not removed yet, newest first. */
export async function listInvitations(deps: TeamDependencies): Promise<InvitationView[]> {
  const now = deps.clock();
  return (await allInvitations(deps))
    .map((item) => viewOf(item, now))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

const memberWithAddress = (users: readonly StaffUser[], email: string) =>
  users.some(
    (user) =>
      staffKey(user.username) === email || (user.email !== undefined && staffKey(user.email) === email),
  );

/** Why an invitation is refused: checked again inside the transaction by the lock and the claim. */
class Refused extends Error {
  constructor(readonly kind: "alreadyMember" | "alreadyInvited") {
    super(kind);
  }
}

export type InviteOutcome =
  | { readonly kind: "invited"; readonly invitation: InvitationView; readonly token: string }
  | { readonly kind: "alreadyMember" }
  | { readonly kind: "alreadyInvited" };

export async function createInvitation(
  deps: TeamDependencies,
  input: { email: string; role: StaffRole; actor: string; ip?: string },
): Promise<InviteOutcome> {
  const email = checkedAddress(input.email);
  const users = new UsersRepository(deps.db, deps.tables.users, deps.tables.authState);
  try {
    return await retryTransaction(RACE, async () => {
      const now = deps.clock();
      // Records from before the claims and locks: a scan; the transaction's conditions decide races.
      if (memberWithAddress(await users.list(), email)) throw new Refused("alreadyMember");
      const pending = (await allInvitations(deps)).filter(
        (item) => staffKey(item.email) === email && stateOf(item, now) === "pending",
      );
      if (pending.length > 0) throw new Refused("alreadyInvited");
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
      try {
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
              lockPut(deps, email, item, now),
              users.claims.freeCheck(email),
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
      } catch (error) {
        const codes = cancellationCodes(error);
        if (codes?.[1] === "ConditionalCheckFailed") throw new Refused("alreadyInvited");
        if (codes?.[2] === "ConditionalCheckFailed") throw new Refused("alreadyMember");
        throw error;
      }
      return { kind: "invited" as const, invitation: viewOf(item, now), token: issued.token };
    });
  } catch (error) {
    if (error instanceof Refused) return { kind: error.kind };
    throw error;
  }
}

export type ChangeInvitationOutcome =
  | { readonly kind: "done"; readonly invitation: InvitationView; readonly token?: string }
  | { readonly kind: "notFound" }
  | { readonly kind: "notPending" }
  /** Resend: meanwhile another invitation holds the address, or a member does. */
  | { readonly kind: "alreadyInvited" }
  | { readonly kind: "alreadyMember" }
  /** Resend of an invitation stored before the identity rule with no plain address: never mailed. */
  | { readonly kind: "addressInvalid" };

/**
 * Resend: a new secret (the old link stops working) and a new 72 hours, to the canonical form of
 * the address, with the address's lock renewed (refused if another invitation has taken the
 * address meanwhile, or a member holds it); or revoke, which releases the lock. Only a pending (possibly expired) invitation; the condition
 * makes a concurrent acceptance win cleanly.
 */
export async function changeInvitation(
  deps: TeamDependencies,
  input: { id: string; change: "resend" | "revoke"; actor: string; ip?: string },
): Promise<ChangeInvitationOutcome> {
  const users = new UsersRepository(deps.db, deps.tables.users, deps.tables.authState);
  try {
    return await retryTransaction(RACE, async () => {
      const now = deps.clock();
      const item = await getInvitation(deps, input.id);
      if (!item) return { kind: "notFound" as const };
      if (item.state !== "pending") return { kind: "notPending" as const };
      const address = staffAddress(item.email);
      if (input.change === "resend" && !address.ok) return { kind: "addressInvalid" as const };
      const email = address.ok ? address.value : item.email;
      const issued = input.change === "resend" ? newOneTimeToken(item.id) : undefined;
      const expiry = expiryOf(now);
      const updated: InvitationItem = issued
        ? { ...item, ...expiry, email, secretHash: issued.secretHash }
        : { ...item, state: "revoked" };
      const lockItems = issued
        ? [lockPut(deps, email, updated, now), users.claims.freeCheck(email)]
        : await lockRelease(deps, item);
      try {
        await deps.db.send(
          new TransactWriteCommand({
            TransactItems: [
              issued
                ? pendingUpdate(
                    deps,
                    item.id,
                    "SET secretHash = :hash, expiresAt = :expires, removeAt = :remove, email = :email",
                    {
                      ":email": email,
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
              ...lockItems,
            ],
          }),
        );
      } catch (error) {
        const codes = cancellationCodes(error);
        if (isFirstConditionRefused(error)) return { kind: "notPending" as const };
        if (issued && codes?.[2] === "ConditionalCheckFailed") throw new Refused("alreadyInvited");
        if (issued && codes?.[3] === "ConditionalCheckFailed") throw new Refused("alreadyMember");
        // Revoke: the lock changed hands between the read and the write; read again.
        throw error;
      }
      return {
        kind: "done" as const,
        invitation: viewOf(updated, now),
        ...(issued ? { token: issued.token } : {}),
      };
    });
  } catch (error) {
    if (error instanceof Refused) return { kind: error.kind };
    throw error;
  }
}
