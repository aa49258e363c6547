/**
 * A lead record deleted by DynamoDB's time to live (docs/decisions/0103-counts-follow-ttl-deletions.md):
 * its counters and response figures lose it exactly as a delete takes it out of them
 * (functions/model/lead-delete.ts `leadRecordCounts`), from the REMOVE record of its table's stream
 * (the old image is the record as it was stored when it went).
 *
 * - Only TTL deletions: `userIdentity` { type "Service", principalId "dynamodb.amazonaws.com" }. A
 *   staff delete or a privacy erase took the record out of the counts in its own transaction.
 * - Once per record: a stream delivers a record at least once, so the same transaction puts a marker
 *   item (`#expired#<id>`, kept two days: longer than a stream keeps records) on condition that it is
 *   not there yet; a replay finds it and changes nothing.
 * - Buckets already gone: a counter or figures item expires itself once the last record it can count
 *   has expired (functions/model/lead-index.ts `bucketExpiry`), and TTL deletes items in no order;
 *   an update of a bucket that is gone is dropped (condition `attribute_exists`) instead of
 *   recreating it with a negative count.
 */
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import type { LeadKindName } from "../../events/desk";
import { cancellationCodes } from "../lib/aws-errors";
import type { Clock } from "../lib/clock";
import { TTL_DELETION_IDENTITY } from "../lib/dynamo";
import { createLogger, describeError } from "../lib/log";
import {
  conflictBackoffMs,
  isTransactionConflict,
  type Sleep,
  sleep,
  type TransactItem,
} from "../lib/transact";
import { leadRecordCounts } from "../model/lead-delete";
import { CONTACT_KIND, type LeadKind, SIGNUP_KIND } from "../model/lead-kinds";

const log = createLogger({ worker: "lead-expiry" });

export const EXPIRED_MARKER_PREFIX = "#expired#";
/** How long a marker stays: longer than a stream keeps a record (24 hours), so no replay outlives it. */
export const MARKER_SECONDS = 2 * 86_400;
const ATTEMPTS = 8;

const KINDS: Record<LeadKindName, LeadKind> = { signup: SIGNUP_KIND, contact: CONTACT_KIND };

export interface ExpiryDeps {
  readonly db: DynamoDBDocumentClient;
  /** The physical name of each kind's table. */
  readonly tables: Readonly<Record<LeadKindName, string>>;
  readonly clock: Clock;
  readonly sleep?: Sleep;
}

export type ExpiryOutcome = "applied" | "replayed";

/** The table a stream record comes from: arn:aws:dynamodb:<region>:<account>:table/<name>/stream/<label>. */
export function streamTable(eventSourceArn: string | undefined): string | undefined {
  return /:table\/([^/]+)\/stream\//.exec(eventSourceArn ?? "")?.[1];
}

/**
 * The lead record a stream record says TTL deleted, with its kind and table; undefined for anything
 * else (an insert or change, a delete by a person, a counter or marker expiring, a record of one
 * kind in the other kind's table).
 */
export function ttlRemoval(
  record: DynamoDBRecord,
  tables: ExpiryDeps["tables"],
):
  | {
      readonly lead: LeadKind;
      readonly table: string;
      readonly item: Record<string, unknown> & { id: string; createdAt: string };
    }
  | undefined {
  if (record.eventName !== "REMOVE") return undefined;
  const identity = record.userIdentity as { type?: unknown; principalId?: unknown } | undefined;
  if (
    identity?.type !== TTL_DELETION_IDENTITY.type ||
    identity.principalId !== TTL_DELETION_IDENTITY.principalId
  )
    return undefined;
  const image = record.dynamodb?.OldImage;
  if (!image) return undefined;
  // The stream's AttributeValue type (aws-lambda) and the SDK's are the same wire shape.
  const item = unmarshall(image as Record<string, AttributeValue>);
  const lead = typeof item.kind === "string" ? KINDS[item.kind as LeadKindName] : undefined;
  if (!lead || typeof item.id !== "string" || typeof item.createdAt !== "string") return undefined;
  const table = tables[lead.kind];
  if (streamTable(record.eventSourceARN) !== table) return undefined;
  return { lead, table, item: item as Record<string, unknown> & { id: string; createdAt: string } };
}

/** Guards an update of a counter or figures item: only while the item is there. */
function whilePresent(action: TransactItem): TransactItem {
  if (!action.Update) return action;
  return { Update: { ...action.Update, ConditionExpression: "attribute_exists(id)" } };
}

/** Takes one TTL-deleted record out of its counts, once. */
export async function applyExpiry(
  deps: ExpiryDeps,
  lead: LeadKind,
  table: string,
  item: Record<string, unknown> & { id: string; createdAt: string },
): Promise<ExpiryOutcome> {
  const marker: TransactItem = {
    Put: {
      TableName: table,
      Item: {
        id: `${EXPIRED_MARKER_PREFIX}${item.id}`,
        expiredAt: deps.clock().toISOString(),
        expiresAt: Math.floor(deps.clock().getTime() / 1000) + MARKER_SECONDS,
      },
      ConditionExpression: "attribute_not_exists(id)",
    },
  };
  let counts = leadRecordCounts(table, lead, item).map(whilePresent);
  for (let attempt = 1; ; attempt++) {
    try {
      await deps.db.send(new TransactWriteCommand({ TransactItems: [marker, ...counts] }));
      return "applied";
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes?.[0] === "ConditionalCheckFailed") return "replayed";
      if (attempt >= ATTEMPTS) throw error;
      if (codes?.includes("ConditionalCheckFailed")) {
        // Buckets that expired before this record's deletion reached us: nothing to take out there.
        counts = counts.filter((_, index) => codes[index + 1] !== "ConditionalCheckFailed");
        continue;
      }
      if (!isTransactionConflict(error)) throw error;
      await (deps.sleep ?? sleep)(conflictBackoffMs(attempt));
    }
  }
}

/**
 * A batch of stream records, in order: each TTL deletion of a lead record applied; the first that
 * fails is reported (partial batch response), so the stream retries from it and the ones before it
 * are not delivered again — and if they are, their markers make them no-ops.
 */
export async function applyExpiryStream(
  event: DynamoDBStreamEvent,
  deps: ExpiryDeps,
): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const sequenceNumber = record.dynamodb?.SequenceNumber ?? "";
    try {
      const removal = ttlRemoval(record, deps.tables);
      if (!removal) continue;
      const outcome = await applyExpiry(deps, removal.lead, removal.table, removal.item);
      log.info("expired lead taken out of the counts", {
        kind: removal.lead.kind,
        id: removal.item.id,
        outcome,
      });
    } catch (error) {
      log.error("expired lead not taken out of the counts", { sequenceNumber, reason: describeError(error) });
      return { batchItemFailures: [{ itemIdentifier: sequenceNumber }] };
    }
  }
  return { batchItemFailures: [] };
}
