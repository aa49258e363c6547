/**
 * Records stored before the one identity rule (docs/decisions/0081, "Existing records"): accounts
 * and invitations whose username or address is not in its canonical form, is no staff identity at
 * all, or meets another record's once canonicalised. Run at the local runtime's start
 * (infra/local/runtime.ts) and by `npm run admin -- check-identities` for a deployed stage.
 *
 * It lists every such record and changes only what is safe:
 * - an account whose username is another spelling of a free canonical username moves to it
 *   (sign-in and every lookup use the canonical form, so it was unreachable until then);
 * - an address stored in another spelling is rewritten to its canonical form when that is valid
 *   and no other account answers to it;
 * - each valid, unique address gets its claim (functions/model/staff/users.ts), and a claim whose
 *   account no longer holds the address is removed;
 * - an address a mail header would read as several, or as a name with an address, is removed (the
 *   member is asked for a new one at the next sign-in);
 * - a pending invitation's address is rewritten to its canonical form, and one whose address is a
 *   member's, or no plain staff address, is revoked (it could not be accepted).
 * Everything else (look-alikes of existing accounts, addresses shared by two accounts, other
 * identities that are no plain ASCII) is left as it is and listed with what to do.
 */
import { DeleteCommand, ScanCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionalCheckFailed } from "../lib/aws-errors";
import { isConditionRefused } from "../lib/transact";
import { breaksMailHeader, staffAddress, staffKey, staffUsername } from "../model/identity";
import {
  ADDRESS_CLAIM_PREFIX,
  type AddressClaim,
  AddressTakenError,
  holdsAddress,
} from "../model/staff/address-claims";
import { type StaffUser, UsersRepository } from "../model/staff/users";
import { checkInvitations } from "./identity-check-invitations";
import type { IdentityCheckOptions, IdentityCheckResult, IdentityIssue } from "./identity-issues";
import type { TeamDependencies } from "./invitation-items";

export {
  describeIdentityIssue,
  type IdentityCheckOptions,
  type IdentityCheckResult,
  type IdentityIssue,
} from "./identity-issues";

/** Lists the records the identity rule refuses or cannot tell apart, and migrates the safe cases. */
export async function checkIdentities(
  deps: TeamDependencies,
  options: IdentityCheckOptions = { migrate: true },
): Promise<IdentityCheckResult> {
  const repository = new UsersRepository(deps.db, deps.tables.users, deps.tables.authState);
  const issues: IdentityIssue[] = [];
  const users = await checkUsernames(deps, await repository.list(), issues, options);
  await checkClaims(deps, users, issues, options);
  const claimed = await checkAddresses(deps, repository, users, issues, options);
  const invitations = await checkInvitations(deps, users, issues, options);
  return { accounts: users.length, invitations, claimed, issues };
}

async function checkUsernames(
  deps: TeamDependencies,
  users: StaffUser[],
  issues: IdentityIssue[],
  options: IdentityCheckOptions,
): Promise<StaffUser[]> {
  const result = [...users];
  for (const [index, user] of users.entries()) {
    const checked = staffUsername(user.username);
    if (checked.ok && checked.value === user.username) continue;
    const issue = {
      record: "account",
      key: user.username,
      field: "username",
      stored: user.username,
    } as const;
    if (!checked.ok) {
      // Reachable only if it is its own canonical form (every lookup folds what is typed).
      const reachable = staffKey(user.username) === user.username;
      issues.push({
        ...issue,
        problem: `no plain ASCII username (${checked.problem})`,
        action: reachable
          ? "left as it is: it still signs in; give the person a new account (an invitation) and delete this one"
          : "left as it is: no sign-in or lookup can reach it; delete the item from the Users table",
        fixed: false,
      });
      continue;
    }
    const owner = users.find((other) => other !== user && staffKey(other.username) === checked.value);
    if (owner) {
      issues.push({
        ...issue,
        problem: `a look-alike of the account "${owner.username}": every lookup reaches that account, none this one`,
        action:
          "left as it is (hidden from the Team page and the owner lists): delete the item from the Users table",
        fixed: false,
      });
      continue;
    }
    if (!options.migrate) {
      issues.push({
        ...issue,
        problem: `not canonical (canonical: "${checked.value}"); unreachable until moved`,
        action: "would move to the canonical username",
        fixed: false,
      });
      continue;
    }
    const moved: StaffUser = { ...user, username: checked.value };
    try {
      await deps.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: deps.tables.users,
                Item: moved,
                ConditionExpression: "attribute_not_exists(username)",
              },
            },
            {
              Delete: {
                TableName: deps.tables.users,
                Key: { username: user.username },
                ConditionExpression: "attribute_exists(username)",
              },
            },
          ],
        }),
      );
      result[index] = moved;
      issues.push({
        ...issue,
        problem: `not canonical (canonical: "${checked.value}"); it was unreachable`,
        action: `moved to "${checked.value}" (sign-in works again with any spelling)`,
        fixed: true,
      });
    } catch (error) {
      if (!isConditionRefused(error)) throw error;
      issues.push({
        ...issue,
        problem: `not canonical (canonical: "${checked.value}"); changed while being checked`,
        action: "left as it is: run the check again",
        fixed: false,
      });
    }
  }
  return result;
}

async function checkAddresses(
  deps: TeamDependencies,
  repository: UsersRepository,
  users: StaffUser[],
  issues: IdentityIssue[],
  options: IdentityCheckOptions,
): Promise<number> {
  let claimed = 0;
  // Accounts no lookup reaches (look-alikes) neither block nor claim an address.
  const reachable = users.filter((user) => staffKey(user.username) === user.username);
  for (const [index, user] of users.entries()) {
    if (user.email === undefined || !reachable.includes(user)) continue;
    const issue = { record: "account", key: user.username, field: "email", stored: user.email } as const;
    const checked = staffAddress(user.email);
    if (!checked.ok) {
      issues.push(await dropHeaderBreaker(deps, user, issue, checked.problem, options));
      continue;
    }
    const others = reachable.filter((other) => other !== user && holdsAddress(other, checked.value));
    if (others.length > 0) {
      issues.push({
        ...issue,
        problem: `the same address as ${others.map((other) => `"${other.username}"`).join(", ")} once canonicalised; a reset asked for by address reaches only one of them`,
        action: "left as it is: give one of the accounts another address",
        fixed: false,
      });
      continue;
    }
    if (checked.value !== user.email) {
      if (!options.migrate) {
        issues.push({
          ...issue,
          problem: `not canonical (canonical: "${checked.value}")`,
          action: "would rewrite it",
          fixed: false,
        });
        continue;
      }
      try {
        await deps.db.send(
          new UpdateCommand({
            TableName: deps.tables.users,
            Key: { username: user.username },
            UpdateExpression: "SET email = :new",
            ConditionExpression: "email = :old",
            ExpressionAttributeValues: { ":new": checked.value, ":old": user.email },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        issues.push({
          ...issue,
          problem: `not canonical (canonical: "${checked.value}"); changed while being checked`,
          action: "left as it is: run the check again",
          fixed: false,
        });
        continue;
      }
      users[index] = { ...user, email: checked.value };
      issues.push({
        ...issue,
        problem: `not canonical (canonical: "${checked.value}")`,
        action: `rewritten to "${checked.value}"`,
        fixed: true,
      });
    }
    const holder = await repository.claims.holder(checked.value);
    if (holder === user.username) continue;
    if (holder !== undefined) {
      issues.push({
        ...issue,
        problem: `its claim is held by "${holder}"`,
        action: "left as it is: run the check again (a stale claim is removed first)",
        fixed: false,
      });
      continue;
    }
    if (!options.migrate) {
      claimed += 1;
      continue;
    }
    try {
      await repository.claimAddress(user.username, checked.value);
      claimed += 1;
    } catch (error) {
      if (!(error instanceof AddressTakenError)) throw error;
    }
  }
  return claimed;
}

/**
 * An address a mail header would read as more than one, or as a name with an address, never goes
 * out again: it is removed, and the member is asked for a new one at the next sign-in (a reset
 * link goes nowhere meanwhile). Any other address that is no plain one is listed.
 */
async function dropHeaderBreaker(
  deps: TeamDependencies,
  user: StaffUser,
  issue: Pick<IdentityIssue, "record" | "key" | "field" | "stored">,
  problem: string,
  options: IdentityCheckOptions,
): Promise<IdentityIssue> {
  const email = user.email as string;
  if (!breaksMailHeader(email)) {
    return {
      ...issue,
      problem: `no plain staff address (${problem}); mail to it may not arrive`,
      action: "left as it is: the member enters a new address on the Account page",
      fixed: false,
    };
  }
  const why = "more than one address or a name to a mail header (Reply-To of replies, To of resets)";
  if (!options.migrate) return { ...issue, problem: why, action: "would remove it", fixed: false };
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.users,
        Key: { username: user.username },
        UpdateExpression: "REMOVE email",
        ConditionExpression: "email = :old",
        ExpressionAttributeValues: { ":old": email },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    return { ...issue, problem: why, action: "left as it is: it changed while being checked", fixed: false };
  }
  return {
    ...issue,
    problem: why,
    action: "removed: the member is asked for an address at the next sign-in",
    fixed: true,
  };
}

/** Removes claims whose account is gone or no longer has the address (before claiming anew). */
async function checkClaims(
  deps: TeamDependencies,
  users: readonly StaffUser[],
  issues: IdentityIssue[],
  options: IdentityCheckOptions,
): Promise<void> {
  let start: Record<string, unknown> | undefined;
  const claims: AddressClaim[] = [];
  do {
    const page = await deps.db.send(
      new ScanCommand({
        TableName: deps.tables.authState,
        FilterExpression: "begins_with(pk, :prefix)",
        ExpressionAttributeValues: { ":prefix": ADDRESS_CLAIM_PREFIX },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    claims.push(...((page.Items ?? []) as AddressClaim[]));
    start = page.LastEvaluatedKey;
  } while (start);
  for (const claim of claims) {
    const address = claim.pk.slice(ADDRESS_CLAIM_PREFIX.length);
    const holder = users.find((user) => user.username === claim.username);
    if (holder?.email !== undefined && staffKey(holder.email) === address) continue;
    const issue = { record: "claim", key: claim.pk, field: "email", stored: address } as const;
    const problem = holder
      ? `claimed by "${claim.username}", whose address is now another`
      : `claimed by "${claim.username}", which no longer exists`;
    if (!options.migrate) {
      issues.push({ ...issue, problem, action: "would remove the claim", fixed: false });
      continue;
    }
    try {
      await deps.db.send(
        new DeleteCommand({
          TableName: deps.tables.authState,
          Key: { pk: claim.pk },
          ConditionExpression: "username = :username",
          ExpressionAttributeValues: { ":username": claim.username },
        }),
      );
      issues.push({ ...issue, problem, action: "claim removed (the address is free again)", fixed: true });
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
  }
}
