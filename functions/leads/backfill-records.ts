/**
 * The desk backfill's steps for one record (./backfill.ts, docs/decisions/0076-desk-backfill.md):
 * make it New, add its due time, count its owner, give it its byOwner key (by status and owner). Each is conditional on
 * the record still being as read, so a desk change made meanwhile wins and the record is skipped.
 * The first two also move the record's response figures (functions/model/response-figures.ts).
 */
import { type DynamoDBDocumentClient, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { BACKFILLED_AT } from "../../events/desk";
import { cancellationCodes, isConditionalCheckFailed } from "../lib/aws-errors";
import type { Clock } from "../lib/clock";
import {
  isFirstConditionRefused,
  isTransactionConflict,
  retryTransaction,
  type Sleep,
  type TransactItem,
} from "../lib/transact";
import {
  deskCounterUpdate,
  deskKey,
  OWNER_COUNT,
  OWNER_KEY,
  ownerCounterOf,
  ownerKeyOf,
} from "../model/lead-index";
import type { LeadKind } from "../model/lead-kinds";
import { type BusinessCalendar, replyDueAt } from "../model/response-clock";
import { figuresChange } from "../model/response-figures";

export type StoredRecord = Record<string, unknown> & { id: string; createdAt: string };

const ATTEMPTS = 6;

/** What the steps need. */
export interface RecordDeps {
  readonly db: DynamoDBDocumentClient;
  readonly calendar: BusinessCalendar;
  readonly clock: Clock;
  /**
   * Further actions for the transaction that makes a record New, e.g. the returning-prospect
   * lookup of its address. A record whose further actions are refused (their condition fails) is
   * still made New, without them.
   */
  readonly openLeadActions?: (lead: LeadKind, record: StoredRecord) => TransactItem[];
  readonly sleep?: Sleep;
}

export type Outcome = "madeNew" | "dueAdded" | "ownersCounted" | "ownerKeysAdded" | "skipped";

/** Makes a record without a status New, with its due time, its count and its figures, in one transaction. */
export async function makeNew(
  deps: RecordDeps,
  lead: LeadKind,
  table: string,
  record: StoredRecord,
): Promise<Outcome> {
  const dueAt = new Date(replyDueAt(deps.calendar, Date.parse(record.createdAt))).toISOString();
  const figures = figuresChange(
    table,
    lead,
    record,
    { ...record, status: "new", dueAt: record.dueAt ?? dueAt },
    deps.calendar,
  );
  let extra = deps.openLeadActions?.(lead, record) ?? [];
  // A refused open-lead claim (an action after the first two) is dropped, and the record made New
  // without it on the next attempt.
  const retryable = (error: unknown) =>
    isTransactionConflict(error) ||
    cancellationCodes(error)?.slice(2).includes("ConditionalCheckFailed") === true;
  return retryTransaction({ attempts: ATTEMPTS, retryable, sleep: deps.sleep }, async () => {
    const actions: TransactItem[] = [
      {
        Update: {
          TableName: table,
          Key: { id: record.id },
          UpdateExpression:
            "SET #status = :new, deskKey = :deskKey, #ownerKey = :ownerKey, dueAt = if_not_exists(dueAt, :due), #backfilled = :now, #figures = :claim, #promise = :promiseClaim, #sources = :sourcesClaim",
          // Still without a status: a desk change (or another backfill) made meanwhile wins.
          ConditionExpression: `attribute_exists(id) AND attribute_not_exists(#status) AND attribute_not_exists(deskVersion) AND ${figures.condition}`,
          ExpressionAttributeNames: {
            "#status": "status",
            "#ownerKey": OWNER_KEY,
            "#backfilled": BACKFILLED_AT,
            ...figures.names,
          },
          ExpressionAttributeValues: {
            ":new": "new",
            ":deskKey": deskKey(lead, "new"),
            ":ownerKey": ownerKeyOf(lead, { ...record, status: "new" })[OWNER_KEY],
            ":due": dueAt,
            ":now": deps.clock().toISOString(),
            ":claim": figures.claim,
            ":promiseClaim": figures.promise,
            ":sourcesClaim": figures.sources,
            ...figures.values,
          },
        },
      },
      deskCounterUpdate(table, lead, record, { status: "new", owner: null }) as TransactItem,
      ...extra,
      ...figures.actions,
    ];
    try {
      await deps.db.send(new TransactWriteCommand({ TransactItems: actions }));
      return "madeNew";
    } catch (error) {
      const codes = cancellationCodes(error);
      if (isFirstConditionRefused(error)) return "skipped";
      if (codes?.slice(2).includes("ConditionalCheckFailed")) extra = [];
      throw error;
    }
  });
}

/**
 * A record a desk change gave a status before the backfill: only its due time is missing. Its
 * figures move with it while no desk change (version) or recount (claim) has moved it since read.
 */
export async function addDueAt(
  deps: RecordDeps,
  lead: LeadKind,
  table: string,
  record: StoredRecord,
): Promise<Outcome> {
  const due = new Date(replyDueAt(deps.calendar, Date.parse(record.createdAt))).toISOString();
  const figures = figuresChange(table, lead, record, { ...record, dueAt: due }, deps.calendar);
  const version = typeof record.deskVersion === "number" ? record.deskVersion : undefined;
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table,
              Key: { id: record.id },
              UpdateExpression:
                "SET dueAt = :due, #backfilled = :now, #figures = :claim, #promise = :promiseClaim, #sources = :sourcesClaim",
              ConditionExpression: `attribute_exists(#status) AND attribute_not_exists(dueAt) AND ${version === undefined ? "attribute_not_exists(deskVersion)" : "deskVersion = :version"} AND ${figures.condition}`,
              ExpressionAttributeNames: {
                "#status": "status",
                "#backfilled": BACKFILLED_AT,
                ...figures.names,
              },
              ExpressionAttributeValues: {
                ":due": due,
                ":now": deps.clock().toISOString(),
                ":claim": figures.claim,
                ":promiseClaim": figures.promise,
                ":sourcesClaim": figures.sources,
                ...(version === undefined ? {} : { ":version": version }),
                ...figures.values,
              },
            },
          },
          ...figures.actions,
        ],
      }),
    );
    return "dueAdded";
  } catch (error) {
    if (isFirstConditionRefused(error)) return "skipped";
    throw error;
  }
}

/**
 * An owned record stored before the owner counters: counted in its owner counter, in one
 * transaction with the record naming it, while its status and owner are still those read and no
 * change or other backfill has counted it (either of those makes this one skip it).
 */
export async function countOwner(
  deps: RecordDeps,
  lead: LeadKind,
  table: string,
  record: StoredRecord,
): Promise<Outcome> {
  const counter = ownerCounterOf(record);
  if (!counter) return "skipped";
  return retryTransaction({ attempts: ATTEMPTS, sleep: deps.sleep }, async () => {
    try {
      await deps.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: table,
                Key: { id: record.id },
                UpdateExpression: "SET #ownerCount = :counter",
                ConditionExpression:
                  "#status = :status AND #owner = :owner AND attribute_not_exists(#ownerCount)",
                ExpressionAttributeNames: {
                  "#status": "status",
                  "#owner": "owner",
                  "#ownerCount": OWNER_COUNT,
                },
                ExpressionAttributeValues: {
                  ":status": record.status,
                  ":owner": record.owner,
                  ":counter": counter,
                },
              },
            },
            deskCounterUpdate(table, lead, record, {
              status: String(record.status),
              owner: String(record.owner),
            }) as TransactItem,
          ],
        }),
      );
      return "ownersCounted";
    } catch (error) {
      if (isFirstConditionRefused(error)) return "skipped";
      throw error;
    }
  });
}

/**
 * A record whose byOwner key is missing or in an older form (docs/decisions/0088's
 * "<kind>#<owner>"): given the key of its status and owner (docs/decisions/0100) while both and the
 * key are still as read (a desk change sets the key with the status and owner, and wins).
 */
export async function addOwnerKey(
  deps: RecordDeps,
  lead: LeadKind,
  table: string,
  record: StoredRecord,
): Promise<Outcome> {
  const key = ownerKeyOf(lead, record)[OWNER_KEY];
  if (key === undefined || record[OWNER_KEY] === key) return "skipped";
  const owned = typeof record.owner === "string";
  const keyed = record[OWNER_KEY] !== undefined;
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: table,
        Key: { id: record.id },
        UpdateExpression: "SET #ownerKey = :key",
        ConditionExpression: [
          "#status = :status",
          owned ? "#owner = :owner" : "attribute_not_exists(#owner)",
          keyed ? "#ownerKey = :was" : "attribute_not_exists(#ownerKey)",
        ].join(" AND "),
        ExpressionAttributeNames: { "#status": "status", "#owner": "owner", "#ownerKey": OWNER_KEY },
        ExpressionAttributeValues: {
          ":status": record.status,
          ":key": key,
          ...(owned ? { ":owner": record.owner } : {}),
          ...(keyed ? { ":was": record[OWNER_KEY] } : {}),
        },
      }),
    );
    return "ownerKeysAdded";
  } catch (error) {
    if (isConditionalCheckFailed(error)) return "skipped";
    throw error;
  }
}
