import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { isConditionalCheckFailed } from "../lib/aws-errors";
import type { Clock, IdGenerator } from "../lib/clock";
import type { EmailMessage, Mailer } from "../lib/mailer";

/**
 * Exactly one e-mail per (event, key) under redelivery (docs/decisions/0002-email-exactly-once.md).
 * Before sending, the worker claims `email#<eventId>#<key>` in the ephemeral table with a lease;
 * after SES accepts, it marks the claim "sent". A "sent" claim means skip; a live "sending" claim
 * held by another delivery means retry later; an expired lease may be taken over.
 */
export interface EmailClaimDeps {
  readonly db: DynamoDBDocumentClient;
  readonly ephemeralTable: string;
  readonly mailer: Mailer;
  readonly clock: Clock;
  readonly newToken: IdGenerator;
  /** How long a "sending" claim blocks other deliveries. */
  readonly leaseMs?: number;
}

export const DEFAULT_LEASE_MS = 2 * 60_000;
/** Claims are kept this long (TTL), well past SQS's longest redelivery window. */
export const CLAIM_RETENTION_SECONDS = 7 * 24 * 60 * 60;

export type DeliveryOutcome = "sent" | "already-sent";

/** Another delivery of the same event is sending this e-mail right now: retry the message later. */
export class EmailClaimHeldError extends Error {
  constructor(readonly claimKey: string) {
    super(`E-mail ${claimKey} is being sent by another delivery`);
    this.name = "EmailClaimHeldError";
  }
}

export function emailClaimKey(eventId: string, key: string): string {
  return `email#${eventId}#${key}`;
}

async function claim(deps: EmailClaimDeps, pk: string, token: string): Promise<"claimed" | "sent" | "held"> {
  const now = deps.clock().getTime();
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.ephemeralTable,
        Item: {
          pk,
          state: "sending",
          token,
          leaseUntil: now + (deps.leaseMs ?? DEFAULT_LEASE_MS),
          expiresAt: Math.floor(now / 1000) + CLAIM_RETENTION_SECONDS,
        },
        ConditionExpression: "attribute_not_exists(pk) OR (#state = :sending AND leaseUntil < :now)",
        ExpressionAttributeNames: { "#state": "state" },
        ExpressionAttributeValues: { ":sending": "sending", ":now": now },
      }),
    );
    return "claimed";
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
  const { Item } = await deps.db.send(
    new GetCommand({ TableName: deps.ephemeralTable, Key: { pk }, ConsistentRead: true }),
  );
  return Item?.state === "sent" ? "sent" : "held";
}

/** Sends `message` unless this (event, key) e-mail was already sent; see the module comment. */
export async function sendEmailOnce(
  deps: EmailClaimDeps,
  eventId: string,
  key: string,
  message: EmailMessage,
  /** Written with the "sent" mark, in one transaction: once per e-mail (the lead's timeline entry). */
  record?: NonNullable<TransactWriteCommandInput["TransactItems"]>[number],
): Promise<DeliveryOutcome> {
  const pk = emailClaimKey(eventId, key);
  const token = deps.newToken();
  const state = await claim(deps, pk, token);
  if (state === "sent") return "already-sent";
  if (state === "held") throw new EmailClaimHeldError(pk);

  try {
    await deps.mailer.send(message);
  } catch (error) {
    // Not sent: give the claim back so the retry can send at once instead of waiting for the lease.
    await deps.db
      .send(
        new DeleteCommand({
          TableName: deps.ephemeralTable,
          Key: { pk },
          ConditionExpression: "#token = :token",
          ExpressionAttributeNames: { "#token": "token" },
          ExpressionAttributeValues: { ":token": token },
        }),
      )
      .catch(() => undefined); // the lease expires on its own if this fails too
    throw error;
  }

  const markSent = {
    TableName: deps.ephemeralTable,
    Key: { pk },
    UpdateExpression: "SET #state = :sent, sentAt = :sentAt REMOVE leaseUntil",
    ConditionExpression: "#token = :token",
    ExpressionAttributeNames: { "#state": "state", "#token": "token" },
    ExpressionAttributeValues: { ":sent": "sent", ":sentAt": deps.clock().toISOString(), ":token": token },
  };
  try {
    if (record)
      await deps.db.send(new TransactWriteCommand({ TransactItems: [{ Update: markSent }, record] }));
    else await deps.db.send(new UpdateCommand(markSent));
  } catch {
    // The mail is out; failing the message now would only send it again on the retry. If the
    // mark could not be written (our lease was taken over, or the table is unreachable after the
    // SDK's retries), a later redelivery of this same event after the lease may resend: the one
    // narrow window that at-least-once queues leave open.
  }
  return "sent";
}
