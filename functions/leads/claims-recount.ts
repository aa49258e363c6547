/**
 * What every recount of the maintained figures shares (./figures-recount.ts, ./sources-recount.ts):
 * read the lead records by arrival, and give each the claims it should have — the record's claim
 * attributes set and the figures' items moved from the stored claims to the new ones, in one
 * transaction conditional on the record's desk version and its stored claims still being those
 * read (functions/model/response-figures.ts `claimsCondition`). A change, a delete or another
 * recount made meanwhile refuses it; the record is read again (consistently) and settled from what
 * it is then. So a recount is safe while leads change, and idempotent. When every record is
 * settled, each lead table gets the recount's marker.
 */
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from "@aws-sdk/lib-dynamodb";
import type { Clock } from "../lib/clock";
import { forEachConcurrently } from "../lib/pool";
import {
  conflictBackoffMs,
  isConditionRefused,
  isTransactionConflict,
  sleep as realSleep,
  type Sleep,
  type TransactItem,
} from "../lib/transact";
import type { LeadKind } from "../model/lead-kinds";
import type { BusinessCalendar } from "../model/response-clock";
import { claimsCondition, storedClaims } from "../model/response-figures";
import { CREATED_AT_INDEX } from "../model/tables";

export interface RecountDeps {
  readonly db: DynamoDBDocumentClient;
  readonly kinds: readonly { readonly lead: LeadKind; readonly table: string }[];
  readonly calendar: BusinessCalendar;
  readonly clock: Clock;
  readonly sleep?: Sleep;
}

export interface RecountResult {
  /** Records read. */
  readonly records: number;
  /** Records this run counted or moved to their right claims. */
  readonly counted: number;
  /** Records deleted while the recount ran. */
  readonly gone: number;
}

export type StoredRecord = Record<string, unknown> & { id: string; createdAt: string };

/** What a record needs to be right: the attributes to set and the items to move with them. */
export interface ClaimsFix {
  readonly set: Readonly<Record<string, string>>;
  readonly moves: readonly TransactItem[];
}

export interface ClaimsRecount {
  /** Only records that arrived from this instant (ISO); every record without it. */
  readonly from?: string;
  /** What the record needs, or undefined when its claims are already right. */
  fix(record: StoredRecord, lead: LeadKind, table: string): ClaimsFix | undefined;
  /** The item each lead table gets once every record is settled (made then). */
  marker(): Record<string, unknown>;
}

const PAGE_SIZE = 250;
const WRITERS = 8;
/** Enough for a record that several staff change at the moment the recount reaches it. */
const ATTEMPTS = 10;

/** The record's update: its claims set, conditional on it being as read. */
function claimsUpdate(table: string, record: StoredRecord, set: ClaimsFix["set"]): TransactItem {
  const version = typeof record.deskVersion === "number" ? record.deskVersion : undefined;
  const guard = claimsCondition(storedClaims(record));
  const names = Object.keys(set);
  return {
    Update: {
      TableName: table,
      Key: { id: record.id },
      UpdateExpression: `SET ${names.map((_, i) => `#set${i} = :set${i}`).join(", ")}`,
      ConditionExpression: [
        "attribute_exists(id)",
        version === undefined ? "attribute_not_exists(deskVersion)" : "deskVersion = :version",
        guard.condition,
      ].join(" AND "),
      ExpressionAttributeNames: {
        ...guard.names,
        ...Object.fromEntries(names.map((name, i) => [`#set${i}`, name])),
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(names.map((name, i) => [`:set${i}`, set[name]])),
        ...(version === undefined ? {} : { ":version": version }),
        ...guard.values,
      },
    },
  };
}

/** Settles one record as it is; "gone" when it was deleted meanwhile. */
async function settle(
  deps: RecountDeps,
  recount: ClaimsRecount,
  lead: LeadKind,
  table: string,
  read: StoredRecord,
): Promise<"counted" | "right" | "gone"> {
  let record: StoredRecord | undefined = read;
  for (let attempt = 1; ; attempt++) {
    if (!record) return "gone";
    const fix = recount.fix(record, lead, table);
    if (!fix) return attempt === 1 ? "right" : "counted";
    try {
      await deps.db.send(
        new TransactWriteCommand({ TransactItems: [claimsUpdate(table, record, fix.set), ...fix.moves] }),
      );
      return "counted";
    } catch (error) {
      if (attempt >= ATTEMPTS || !(isConditionRefused(error) || isTransactionConflict(error))) throw error;
      await (deps.sleep ?? realSleep)(conflictBackoffMs(attempt));
      // Changed, deleted or counted meanwhile (or only stale in the index): read it as it is now.
      const found: { Item?: Record<string, unknown> } = await deps.db.send(
        new GetCommand({ TableName: table, Key: { id: record.id }, ConsistentRead: true }),
      );
      record = found.Item?.kind === lead.kind ? (found.Item as StoredRecord) : undefined;
    }
  }
}

export async function recountClaims(deps: RecountDeps, recount: ClaimsRecount): Promise<RecountResult> {
  const totals = { records: 0, counted: 0, gone: 0 };
  for (const { lead, table } of deps.kinds) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await deps.db.send(
        new QueryCommand({
          TableName: table,
          IndexName: CREATED_AT_INDEX,
          KeyConditionExpression:
            recount.from === undefined ? "kind = :kind" : "kind = :kind AND createdAt >= :from",
          ExpressionAttributeValues: {
            ":kind": lead.kind,
            ...(recount.from === undefined ? {} : { ":from": recount.from }),
          },
          Limit: PAGE_SIZE,
          ExclusiveStartKey: start,
        }),
      );
      const records = (page.Items ?? []).filter(
        (item): item is StoredRecord => typeof item.id === "string" && typeof item.createdAt === "string",
      );
      totals.records += records.length;
      await forEachConcurrently(records, WRITERS, async (record) => {
        const outcome = await settle(deps, recount, lead, table, record);
        if (outcome !== "right") totals[outcome] += 1;
      });
      start = page.LastEvaluatedKey;
    } while (start);
  }
  await Promise.all(
    deps.kinds.map(({ table }) => deps.db.send(new PutCommand({ TableName: table, Item: recount.marker() }))),
  );
  return totals;
}
