/**
 * The staff members of the Command Center as other features see them: the Team page, lead owner
 * pickers, Reply-To addresses. Plain functions over the DynamoDB client.
 */
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { StaffMember } from "../../events/staff";
import { staffKey } from "../model/identity";
import { staffMemberOf, UsersRepository } from "../model/staff/users";

export interface MembersDependencies {
  readonly db: DynamoDBDocumentClient;
  readonly tables: { readonly users: string };
}

/**
 * Every staff member, deactivated ones included (`active: false`), by username. Not an account
 * stored under a look-alike of another's username before the identity rule (docs/decisions/0081,
 * "Existing records"): no lookup reaches it, and an action on its row would reach the other.
 */
export async function listStaffMembers(deps: MembersDependencies): Promise<StaffMember[]> {
  const users = await new UsersRepository(deps.db, deps.tables.users).list();
  return users.filter((user) => staffKey(user.username) === user.username).map(staffMemberOf);
}

/** One staff member by username (any spelling of it: functions/model/identity.ts), or undefined. */
export async function findStaffMember(
  deps: MembersDependencies,
  username: string,
): Promise<StaffMember | undefined> {
  const user = await new UsersRepository(deps.db, deps.tables.users).find(username);
  return user ? staffMemberOf(user) : undefined;
}
