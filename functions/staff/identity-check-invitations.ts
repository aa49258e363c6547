/**
 * The identity check of pending invitations (functions/staff/identity-check.ts): an address in
 * another spelling is rewritten to its canonical form; one that is a member's, or no plain staff
 * address (it cannot be accepted), is revoked; several pending for one address are listed
 * (docs/decisions/0081).
 */
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionalCheckFailed } from "../lib/aws-errors";
import { staffAddress, staffKey } from "../model/identity";
import { holdsAddress } from "../model/staff/address-claims";
import type { StaffUser } from "../model/staff/users";
import type { IdentityCheckOptions, IdentityIssue } from "./identity-issues";
import { type InvitationItem, invitationsAndLocks, type TeamDependencies } from "./invitation-items";

/** Checks every pending invitation against the accounts; the number of invitations read. */
export async function checkInvitations(
  deps: TeamDependencies,
  users: readonly StaffUser[],
  issues: IdentityIssue[],
  options: IdentityCheckOptions,
): Promise<number> {
  const { invitations } = await invitationsAndLocks(deps);
  const reachable = users.filter((user) => staffKey(user.username) === user.username);
  const pending = invitations.filter((item) => item.state === "pending");
  const byAddress = new Map<string, InvitationItem[]>();
  for (const item of pending) {
    const issue = { record: "invitation", key: item.id, field: "email", stored: item.email } as const;
    const checked = staffAddress(item.email);
    if (!checked.ok) {
      // It cannot be accepted, and a resend would mail it: revoked.
      const problem = `no plain staff address (${checked.problem}); it cannot be accepted`;
      if (!options.migrate) {
        issues.push({ ...issue, problem, action: "would revoke it", fixed: false });
        continue;
      }
      const done = await updatePending(deps, item, "SET #state = :revoked", { ":revoked": "revoked" });
      issues.push({
        ...issue,
        problem,
        action: done ? "revoked: invite the plain address" : "left as it is: it changed while being checked",
        fixed: done,
      });
      continue;
    }
    const member = reachable.find((user) => holdsAddress(user, checked.value));
    if (member) {
      const problem = `its address is the member "${member.username}"'s once canonicalised; it cannot be accepted`;
      if (!options.migrate) {
        issues.push({ ...issue, problem, action: "would revoke it", fixed: false });
        continue;
      }
      const done = await updatePending(deps, item, "SET #state = :revoked", { ":revoked": "revoked" });
      issues.push({
        ...issue,
        problem,
        action: done ? "revoked" : "left as it is: it changed while being checked",
        fixed: done,
      });
      continue;
    }
    byAddress.set(checked.value, [...(byAddress.get(checked.value) ?? []), item]);
    if (checked.value === item.email) continue;
    const problem = `not canonical (canonical: "${checked.value}")`;
    if (!options.migrate) {
      issues.push({ ...issue, problem, action: "would rewrite it", fixed: false });
      continue;
    }
    const done = await updatePending(deps, item, "SET email = :new", { ":new": checked.value });
    issues.push({
      ...issue,
      problem,
      action: done ? `rewritten to "${checked.value}"` : "left as it is: it changed while being checked",
      fixed: done,
    });
  }
  for (const [address, items] of byAddress) {
    if (items.length < 2) continue;
    for (const item of items) {
      issues.push({
        record: "invitation",
        key: item.id,
        field: "email",
        stored: item.email,
        problem: `one of ${items.length} pending invitations for "${address}"; the first accepted revokes the others`,
        action: "left as it is: revoke all but one on the Team page",
        fixed: false,
      });
    }
  }
  return invitations.length;
}

/** An update of an invitation that applies only while it is pending; false if it no longer is. */
async function updatePending(
  deps: TeamDependencies,
  item: InvitationItem,
  expression: string,
  values: Record<string, unknown>,
): Promise<boolean> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.invitations,
        Key: { id: item.id },
        UpdateExpression: expression,
        ConditionExpression: "#state = :pending AND email = :old",
        ExpressionAttributeNames: { "#state": "state" },
        ExpressionAttributeValues: { ":pending": "pending", ":old": item.email, ...values },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}
