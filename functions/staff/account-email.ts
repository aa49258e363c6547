/**
 * A member changes their own e-mail address (docs/decisions/0082). The address is where reset
 * links go, so a new one is a new way into the account:
 * - the current password is asked again (counted by the login throttle like any password check),
 *   also for a first address (an account from before addresses): setting one opens the
 *   forgotten-password route just as changing one does;
 * - an address another member answers to is refused (409; the repository's claim makes it atomic);
 * - the old address is told before the change (functions/staff/account-changes.ts) with a "This
 *   wasn't me" link that changes it back; a first address has nobody to tell;
 * - the reset links sent so far stop working (UsersRepository.changeEmail), and the change is audited.
 */
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import type { StaffUserView } from "../../events/staff";
import { auditItem } from "../model/audit";
import { holdsAddress } from "../model/staff/address-claims";
import type { LoginDependencies } from "../model/staff/auth-deps";
import { type CurrentPasswordCheck, checkCurrentPassword } from "../model/staff/current-password";
import { AddressTakenError, checkedAddress, staffUserViewOf, UsersRepository } from "../model/staff/users";
import type { Announce } from "./account-changes";

export type EmailChangeOutcome =
  | { readonly kind: "changed" | "unchanged"; readonly user: StaffUserView }
  | Exclude<CurrentPasswordCheck, { kind: "ok" }>;

export async function changeAccountEmail(
  deps: Pick<LoginDependencies, "db" | "tables" | "clock">,
  input: { username: string; email: string; password: string; ip?: string; announce?: Announce },
): Promise<EmailChangeOutcome> {
  const checked = await checkCurrentPassword(deps, input.username, input.password, input.ip);
  if (checked.kind !== "ok") return checked;
  await checked.reservation.succeeded();
  const { user } = checked;
  const address = checkedAddress(input.email);
  if (user.email === address) return { kind: "unchanged", user: staffUserViewOf(user) };
  const users = new UsersRepository(deps.db, deps.tables.users);
  // Refused before the notice goes out (the repository refuses it again, atomically).
  const holder = await users.claims.holder(address);
  const others = (await users.list()).filter((other) => other.username !== user.username);
  if ((holder && holder !== user.username) || others.some((other) => holdsAddress(other, address)))
    throw new AddressTakenError(address);
  if (user.email) await input.announce?.({ kind: "email", from: user.email, to: address });
  // Takes the address's claim and voids the reset links sent so far, in one write.
  const changed = await users.changeEmail(user.username, address);
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables.audit,
      Item: auditItem({
        action: "account.email",
        actor: user.username,
        ip: input.ip,
        at: deps.clock(),
        details: { address, ...(user.email ? { previous: user.email } : {}) },
      }),
    }),
  );
  return { kind: "changed", user: staffUserViewOf(changed) };
}
