import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { EMAIL_PATTERN } from "../../events";
import { staffUsernameProblem } from "../../functions/model/identity";
import { UserExistsError, UsersRepository } from "../../functions/model/staff/users";
import { hashPassword } from "../../functions/staff/password";
import { passwordProblem } from "../../functions/staff/password-policy";
import { localTableName } from "./tables";

/**
 * Creates the first admin from ADMIN_USERNAME and ADMIN_PASSWORD (and ADMIN_EMAIL, optional: without
 * it the Command Center asks for the address after sign-in) when no user of that name exists (an
 * existing user's password is left alone). The local runtime calls it at start.
 */
export async function bootstrapAdmin(db: DynamoDBDocumentClient, env: NodeJS.ProcessEnv): Promise<void> {
  const username = env.ADMIN_USERNAME?.trim();
  const password = env.ADMIN_PASSWORD;
  if (!username || !password) return;
  const problem =
    staffUsernameProblem(username) ?? (await passwordProblem(password, { username, email: env.ADMIN_EMAIL }));
  if (problem) throw new Error(`ADMIN_USERNAME/ADMIN_PASSWORD: ${problem}`);
  const users = new UsersRepository(db, env.USERS_TABLE || localTableName("users"));
  if (await users.find(username)) return;
  try {
    const email = env.ADMIN_EMAIL?.trim();
    if (email && !EMAIL_PATTERN.test(email)) throw new Error("ADMIN_EMAIL is not a valid e-mail address");
    await users.create(username, await hashPassword(password), new Date(), {
      ...(email ? { email } : {}),
      role: "admin",
    });
    console.log(`[local] created staff user "${username}" from ADMIN_USERNAME`);
  } catch (error) {
    if (!(error instanceof UserExistsError)) throw error;
  }
}
