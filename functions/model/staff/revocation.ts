/**
 * Server-side logout: the session id goes into AUTH_STATE_TABLE until the session could no longer be
 * valid anyway (its absolute lifetime), so DynamoDB's TTL cleans up after it. Every authenticated
 * request checks the list (functions/model/staff/authenticate.ts).
 */
import { type DynamoDBDocumentClient, PutCommand } from "@aws-sdk/lib-dynamodb";
import { ABSOLUTE_LIFETIME_SECONDS, type Session } from "./session-token";

export const revocationKey = (sessionId: string) => `session-revoked#${sessionId}`;

export async function revokeSession(
  db: DynamoDBDocumentClient,
  authStateTable: string,
  session: Pick<Session, "sessionId" | "username" | "authTime">,
): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: authStateTable,
      Item: {
        pk: revocationKey(session.sessionId),
        username: session.username,
        // One extra minute beyond the absolute lifetime covers clock skew between instances.
        expiresAt: session.authTime + ABSOLUTE_LIFETIME_SECONDS + 60,
      },
    }),
  );
}
