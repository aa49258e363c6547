/**
 * A reply from the lead desk (docs/decisions/0068-replies.md): one e-mail from the stage's sender
 * address to the prospect, Reply-To the staff member, sent once per idempotency key, and recorded
 * only once SES has accepted it — the timeline's "reply" entry, the stopped response clock and
 * New → Contacted in one transaction with the key's claim.
 *
 * The key's claim lives in the audit table (pk "reply#<kind>#<lead>#<key>"): a conditional put
 * that only one request wins ("sending", with a lease so a crashed sender does not block the key
 * forever); "sent" once recorded. SES failing gives the claim back, so the retry sends.
 */
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { type TimelineEntry, TimelineEntry as TimelineEntryShape } from "../../events/desk";
import { cancellationCodes, isConditionalCheckFailed } from "../lib/aws-errors";
import type { IdGenerator } from "../lib/clock";
import type { Mailer } from "../lib/mailer";
import type { TransactItem } from "../lib/transact";
import type { LeadKind } from "../model/lead-kinds";
import { fromAddress, isDeliverableAddress } from "../model/mail/addresses";
import { escapeHtml } from "../model/mail/templates";
import { isHeld } from "../model/quarantine";
import { expiryOf } from "../model/timeline";
import { decideDeskChange, statusOf } from "./desk-rules";
import { type DeskDeps, deskWrites, readLead } from "./lead-desk";

export interface ReplyDeps extends DeskDeps {
  readonly mailer: Mailer;
  readonly newToken: IdGenerator;
  /** How long a "sending" claim holds the key against other requests. */
  readonly leaseMs?: number;
}

export interface ReplyInput {
  readonly id: string;
  readonly idempotencyKey: string;
  readonly subject: string;
  readonly body: string;
  /** The staff member: username (the timeline's actor) and their own address (Reply-To). */
  readonly actor: string;
  readonly replyTo: string;
  /** The stage's sender address (SENDER_ADDRESS). */
  readonly senderAddress: string;
}

export type ReplyOutcome =
  | { readonly ok: true; readonly entry: TimelineEntry; readonly alreadySent: boolean }
  | {
      readonly ok: false;
      readonly reason: "notFound" | "undeliverable" | "inProgress" | "linked" | "held";
    };

/**
 * SES did not take the e-mail, and the key's claim was given back: nothing was sent or recorded.
 * The only failure of sendReply that means so; any other (DynamoDB unreachable or timing out,
 * before or after the e-mail went out) is thrown as it is.
 */
export class ReplyNotSent extends Error {
  override readonly name = "ReplyNotSent";
  constructor(cause: unknown) {
    super("SES did not take the reply", { cause });
  }
}

const REPLY_LEASE_MS = 2 * 60_000;
const CLAIM_SK = "claim";
const ATTEMPTS = 10;

export function replyClaimPk(kind: string, leadId: string, key: string): string {
  return `reply#${kind}#${leadId}#${key}`;
}

/** The HTML part: the same plain text, escaped, with its line breaks kept. */
export function replyHtml(body: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><div style="font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:22px;white-space:pre-wrap;">${escapeHtml(body)}</div></body></html>`;
}

async function claimKey(
  deps: ReplyDeps,
  pk: string,
  token: string,
  actor: string,
  expiresAt: number | undefined,
): Promise<{ state: "claimed" } | { state: "sent"; entry: TimelineEntry } | { state: "held" }> {
  const now = deps.clock().getTime();
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.tables.audit,
        Item: {
          pk,
          sk: CLAIM_SK,
          state: "sending",
          token,
          actor,
          leaseUntil: now + (deps.leaseMs ?? REPLY_LEASE_MS),
          // The claim holds the reply's text: it expires with its lead, like the timeline.
          ...(expiresAt === undefined ? {} : { expiresAt }),
        },
        ConditionExpression: "attribute_not_exists(pk) OR (#state = :sending AND leaseUntil < :now)",
        ExpressionAttributeNames: { "#state": "state" },
        ExpressionAttributeValues: { ":sending": "sending", ":now": now },
      }),
    );
    return { state: "claimed" };
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
  const { Item } = await deps.db.send(
    new GetCommand({ TableName: deps.tables.audit, Key: { pk, sk: CLAIM_SK }, ConsistentRead: true }),
  );
  const entry = TimelineEntryShape.safeParse(Item?.entry);
  return Item?.state === "sent" && entry.success ? { state: "sent", entry: entry.data } : { state: "held" };
}

/**
 * Sends the reply once per key and records it; see the module comment. Throws ReplyNotSent when
 * SES refuses, and any other failure (of DynamoDB) as it is.
 */
export async function sendReply(deps: ReplyDeps, lead: LeadKind, input: ReplyInput): Promise<ReplyOutcome> {
  const first = await readLead(deps, lead, input.id);
  if (!first) return { ok: false, reason: "notFound" };
  // Replies to a returning prospect go from its lead, whose clock they stop (docs/decisions/0075).
  if (statusOf(first) === "linked") return { ok: false, reason: "linked" };
  // A lead the quarantine holds is answered only once staff say Not spam (./release.ts): nothing
  // is sent to whoever sent it before then (docs/decisions/0151-release-exactly-once.md).
  if (isHeld(first)) return { ok: false, reason: "held" };
  const to = typeof first.email === "string" ? first.email : "";
  if (!isDeliverableAddress(to)) return { ok: false, reason: "undeliverable" };

  const pk = replyClaimPk(lead.kind, input.id, input.idempotencyKey);
  const token = deps.newToken();
  const expiresAt = expiryOf(first);
  const claimed = await claimKey(deps, pk, token, input.actor, expiresAt);
  if (claimed.state === "sent") return { ok: true, entry: claimed.entry, alreadySent: true };
  if (claimed.state === "held") return { ok: false, reason: "inProgress" };

  try {
    await deps.mailer.send({
      from: fromAddress(input.senderAddress),
      to: [to],
      replyTo: [input.replyTo],
      subject: input.subject,
      text: input.body,
      html: replyHtml(input.body),
    });
  } catch (error) {
    // Not sent, so not recorded: give the key back so "Try again" sends at once.
    await deps.db
      .send(
        new DeleteCommand({
          TableName: deps.tables.audit,
          Key: { pk, sk: CLAIM_SK },
          ConditionExpression: "#token = :token",
          ExpressionAttributeNames: { "#token": "token" },
          ExpressionAttributeValues: { ":token": token },
        }),
      )
      .catch(() => undefined); // the lease runs out on its own
    throw new ReplyNotSent(error);
  }

  // The lead may be deleted while the e-mail goes out: the reply is still recorded on its timeline.
  // What the reply does (its entry, the stopped clock, New to Contacted, lead.replied) is the
  // desk's decision (events/desk-decide.ts); the entry is its first.
  let item: Awaited<ReturnType<typeof readLead>> = first;
  const reply = { to, subject: input.subject, text: input.body };
  for (let attempt = 1; ; attempt++) {
    const decision = decideDeskChange(lead, item, { reply }, { actor: input.actor, now: deps.clock() });
    if (!decision) throw new Error("a reply is always recorded");
    // The claim's key on the entry: an erasure finds the claim, which holds the entry too.
    const { actions, entries } = deskWrites(deps, lead, input.id, item, decision, { replyClaim: pk });
    const entry = entries[0] as TimelineEntry;
    const items: TransactItem[] = [
      {
        Update: {
          TableName: deps.tables.audit,
          Key: { pk, sk: CLAIM_SK },
          UpdateExpression: "SET #state = :sent, entry = :entry REMOVE leaseUntil",
          ConditionExpression: "#token = :token",
          ExpressionAttributeNames: { "#state": "state", "#token": "token" },
          ExpressionAttributeValues: { ":sent": "sent", ":entry": entry, ":token": token },
        },
      },
      ...actions,
    ];
    try {
      await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
      return { ok: true, entry, alreadySent: false };
    } catch (error) {
      const codes = cancellationCodes(error);
      // Another change of the lead got there first (its record's guard): read it again and retry.
      const guard = codes?.findIndex(
        (code, index) =>
          code === "ConditionalCheckFailed" && items[index]?.Update?.TableName === deps.tables.records,
      );
      const raced = (guard !== undefined && guard >= 0) || codes?.includes("TransactionConflict");
      if (!raced || attempt >= ATTEMPTS) throw error;
      item = await readLead(deps, lead, input.id);
    }
  }
}
