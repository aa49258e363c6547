/**
 * The TOTP replay guard: a code's time step, once used by an account (to sign in, to confirm or to
 * remove an authenticator), is claimed in the auth-state table until it can no longer be valid.
 * Its own module so that the account function does not bundle the login code with it.
 */
import { type DynamoDBDocumentClient, PutCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionalCheckFailed } from "../lib/aws-errors";
import { TOTP_STEP_SECONDS } from "./totp";

/** Marks a TOTP time step as used for this user, so a code cannot be replayed. False if it was. */
export async function claimTotpStep(
  deps: { readonly db: DynamoDBDocumentClient; readonly tables: { readonly authState: string } },
  username: string,
  step: number,
): Promise<boolean> {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.tables.authState,
        Item: {
          pk: `totp-used#${username}#${step}`,
          expiresAt: (step + 3) * TOTP_STEP_SECONDS,
        },
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}
