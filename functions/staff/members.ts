/**
 * The staff members of the Command Center as other features see them: the Team page, lead owner
 * pickers, Reply-To addresses. Plain functions over the DynamoDB client.
 */
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { StaffMember } from "../../events/staff";
import { staffMemberOf, UsersRepository } from "../model/staff/users";

export interface MembersDependencies {
  readonly db: DynamoDBDocumentClient;
  readonly tables: { readonly users: string };
}

/** Every staff member, deactivated ones included (`active: false`), by username. */
export async function listStaffMembers(deps: MembersDependencies): Promise<StaffMember[]> {
  const users = await new UsersRepository(deps.db, deps.tables.users).list();
  return users.map(staffMemberOf);
}

/** One staff member by username (case-insensitive), or undefined. */
export async function findStaffMember(
  deps: MembersDependencies,
  username: string,
): Promise<StaffMember | undefined> {
  const user = await new UsersRepository(deps.db, deps.tables.users).find(username);
  return user ? staffMemberOf(user) : undefined;
}
