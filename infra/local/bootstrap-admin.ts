import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { sealSlackUrls } from "../../functions/integrations/seal-slack-urls";
import { localKeyWrapper, SecretBox } from "../../functions/lib/secret-box";
import { staffAddress, staffUsernameProblem } from "../../functions/model/identity";
import { hashPassword } from "../../functions/model/staff/password";
import { UserExistsError, UsersRepository } from "../../functions/model/staff/users";
import { checkIdentities, describeIdentityIssue } from "../../functions/staff/identity-check";
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
  const users = new UsersRepository(
    db,
    env.USERS_TABLE || localTableName("users"),
    env.AUTH_STATE_TABLE || localTableName("authState"),
  );
  if (await users.find(username)) return;
  // A plain staff address, like every other (no display name, commas, brackets or line breaks).
  const typed = env.ADMIN_EMAIL?.trim();
  const address = typed ? staffAddress(typed) : undefined;
  if (address && !address.ok)
    throw new Error(`ADMIN_EMAIL is not a valid staff e-mail address: ${address.problem}`);
  const email = address?.ok ? address.value : undefined;
  try {
    await users.create(username, await hashPassword(password), new Date(), {
      ...(email ? { email } : {}),
      role: "admin",
    });
    console.log(`[local] created staff user "${username}" from ADMIN_USERNAME`);
  } catch (error) {
    if (!(error instanceof UserExistsError)) throw error;
  }
}

/**
 * The identity check of stored accounts and invitations (functions/staff/identity-check.ts) at
 * every start: prints what it fixed and what it left (docs/decisions/0081, "Existing records").
 */
export async function checkIdentitiesAtStart(
  db: DynamoDBDocumentClient,
  log: (line: string) => void = console.log,
): Promise<void> {
  const result = await checkIdentities({
    db,
    tables: {
      users: localTableName("users"),
      invitations: localTableName("invitations"),
      audit: localTableName("audit"),
      authState: localTableName("authState"),
    },
    clock: () => new Date(),
  });
  for (const issue of result.issues) {
    log(`[local] identity check: ${issue.fixed ? "fixed" : "LEFT"} ${describeIdentityIssue(issue)}`);
  }
  const left = result.issues.filter((issue) => !issue.fixed).length;
  if (left > 0) log(`[local] identity check: ${left} stored identities need a decision (see above)`);
}

/**
 * The Slack URLs of endpoints saved before they were stored sealed, sealed with the runtime's key
 * at every start (functions/integrations/seal-slack-urls.ts); once done, a start only reads the
 * endpoints. `npm run admin -- seal-slack-urls` does the same while the runtime runs.
 */
export async function sealSlackUrlsAtStart(
  db: DynamoDBDocumentClient,
  hexKey: string,
  log: (line: string) => void = console.log,
): Promise<void> {
  const result = await sealSlackUrls({
    db,
    tables: { integrations: localTableName("integrations") },
    box: new SecretBox(localKeyWrapper(hexKey)),
  });
  if (result.sealed > 0) log(`[local] sealed ${result.sealed} Slack URLs stored in clear`);
}
