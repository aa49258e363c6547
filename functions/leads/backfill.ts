/**
 * Brings records stored before the lead desk into it (docs/decisions/0076-desk-backfill.md): a
 * signup or contact message without a status becomes New with its real reply-due time, is counted
 * in its day counter's `s_new` in the same transaction, and so lists under New, counts as open (and
 * overdue) on the dashboard and is seen by the reminder job. A record that a desk change gave a
 * status before the backfill reached it only gets its missing `dueAt`. An owned record stored before
 * the owner counters (docs/decisions/0079) is counted in its `o_<status>#<owner>` counter, and an
 * owned record stored before the byOwner index (docs/decisions/0088) is given its `ownerKey`.
 *
 * - **Never overwrites the desk**: each record's update is conditional on it still having no status
 *   and no desk version, so a change made after the page was read wins and the record is skipped;
 *   two backfills at once count each record once (the loser's condition fails).
 * - **Resumable**: each table is read by a parallel Scan in SEGMENTS segments; after every page the
 *   segment's cursor is saved in the audit table (pk BACKFILL_PK), so a run stopped by its deadline
 *   or a failure continues where it was. Once every segment is done a run reads one item and stops.
 * - `deskBackfilledAt` on the record says when the desk learnt the due time: the morning digest
 *   leaves out leads that were already overdue then (functions/leads/reminders.ts).
 */
import {
  type DynamoDBDocumentClient,
  PutCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { BACKFILLED_AT } from "../../events/desk";
import { cancellationCodes, isConditionalCheckFailed } from "../lib/aws-errors";
import type { Clock } from "../lib/clock";
import { forEachConcurrently } from "../lib/pool";
import { queryAll } from "../lib/query-all";
import { isTransactionConflict, retryTransaction, type Sleep, type TransactItem } from "../lib/transact";
import {
  countedOwner,
  deskCounterUpdate,
  deskKey,
  OWNER_COUNT,
  OWNER_INDEX_READY_ID,
  OWNER_KEY,
  ownerCounterOf,
  ownerKey,
} from "../model/lead-index";
import type { LeadKind } from "../model/lead-kinds";
import { type BusinessCalendar, replyDueAt } from "../model/response-clock";

type StoredRecord = Record<string, unknown> & { id: string; createdAt: string };

/**
 * The audit-table partition of the backfill's progress; a new version runs it again. v2 also
 * counts the records owned before the owner counters existed (docs/decisions/0079); v3 gives the
 * records owned before the byOwner index their `ownerKey` (docs/decisions/0088).
 */
export const BACKFILL_PK = "desk-backfill#v3";
/** Parallel Scan segments per table: each a reader of its own with a saved cursor. */
export const SEGMENTS = 4;
const PAGE_SIZE = 250;
/** Records written at once within one segment's page. */
const WRITERS_PER_SEGMENT = 4;
const ATTEMPTS = 6;

export interface BackfillDeps {
  readonly db: DynamoDBDocumentClient;
  readonly kinds: readonly { readonly lead: LeadKind; readonly table: string }[];
  readonly auditTable: string;
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

export interface BackfillOptions {
  /** Epoch ms after which no new page is started (a Lambda run's time limit); none: until done. */
  readonly deadline?: number;
  /** Stop after this many pages in all (tests: resume after a page). */
  readonly maxPages?: number;
  /** Start every segment again from the beginning (records restored from a backup). */
  readonly fromStart?: boolean;
  readonly pageSize?: number;
}

export interface BackfillResult {
  /** Every segment of every table has been read to its end. */
  readonly done: boolean;
  /** Records this run made New (and counted). */
  readonly madeNew: number;
  /** Records with a status whose missing due time this run added. */
  readonly dueAdded: number;
  /** Owned records this run counted in their owner counter. */
  readonly ownersCounted: number;
  /** Owned records this run gave their byOwner index key. */
  readonly ownerKeysAdded: number;
  /** Records another writer changed first (a desk change, a parallel backfill, a delete). */
  readonly skipped: number;
  readonly pages: number;
}

interface SegmentState {
  readonly kind: string;
  readonly segment: number;
  readonly cursor?: Record<string, unknown>;
  readonly done: boolean;
}

const stateSk = (kind: string, segment: number) => `${kind}#${segment}`;

async function readStates(deps: BackfillDeps, fromStart: boolean): Promise<SegmentState[]> {
  const items = fromStart
    ? []
    : await queryAll(deps.db, {
        TableName: deps.auditTable,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": BACKFILL_PK },
        ConsistentRead: true,
      });
  const saved = new Map(items.map((item) => [String(item.sk), item]));
  return deps.kinds.flatMap(({ lead }) =>
    Array.from({ length: SEGMENTS }, (_, segment) => {
      const item = saved.get(stateSk(lead.kind, segment));
      return {
        kind: lead.kind,
        segment,
        ...(typeof item?.cursor === "string" ? { cursor: JSON.parse(item.cursor) } : {}),
        done: item?.done === true,
      };
    }),
  );
}

async function saveState(deps: BackfillDeps, state: SegmentState): Promise<void> {
  await deps.db.send(
    new PutCommand({
      TableName: deps.auditTable,
      Item: {
        pk: BACKFILL_PK,
        sk: stateSk(state.kind, state.segment),
        type: "desk-backfill",
        done: state.done,
        ...(state.cursor ? { cursor: JSON.stringify(state.cursor) } : {}),
        at: deps.clock().toISOString(),
      },
    }),
  );
}

type Outcome = "madeNew" | "dueAdded" | "ownersCounted" | "ownerKeysAdded" | "skipped";

/** Makes a record without a status New, with its due time and its count, in one transaction. */
async function makeNew(
  deps: BackfillDeps,
  lead: LeadKind,
  table: string,
  record: StoredRecord,
): Promise<Outcome> {
  const dueAt = new Date(replyDueAt(deps.calendar, Date.parse(record.createdAt))).toISOString();
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
            "SET #status = :new, deskKey = :deskKey, dueAt = if_not_exists(dueAt, :due), #backfilled = :now",
          // Still without a status: a desk change (or another backfill) made meanwhile wins.
          ConditionExpression:
            "attribute_exists(id) AND attribute_not_exists(#status) AND attribute_not_exists(deskVersion)",
          ExpressionAttributeNames: { "#status": "status", "#backfilled": BACKFILLED_AT },
          ExpressionAttributeValues: {
            ":new": "new",
            ":deskKey": deskKey(lead, "new"),
            ":due": dueAt,
            ":now": deps.clock().toISOString(),
          },
        },
      },
      deskCounterUpdate(table, lead, record, { status: "new", owner: null }) as TransactItem,
      ...extra,
    ];
    try {
      await deps.db.send(new TransactWriteCommand({ TransactItems: actions }));
      return "madeNew";
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes?.[0] === "ConditionalCheckFailed") return "skipped";
      if (codes?.slice(2).includes("ConditionalCheckFailed")) extra = [];
      throw error;
    }
  });
}

/** A record a desk change gave a status before the backfill: only its due time is missing. */
async function addDueAt(deps: BackfillDeps, table: string, record: StoredRecord): Promise<Outcome> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: table,
        Key: { id: record.id },
        UpdateExpression: "SET dueAt = :due, #backfilled = :now",
        ConditionExpression: "attribute_exists(#status) AND attribute_not_exists(dueAt)",
        ExpressionAttributeNames: { "#status": "status", "#backfilled": BACKFILLED_AT },
        ExpressionAttributeValues: {
          ":due": new Date(replyDueAt(deps.calendar, Date.parse(record.createdAt))).toISOString(),
          ":now": deps.clock().toISOString(),
        },
      }),
    );
    return "dueAdded";
  } catch (error) {
    if (isConditionalCheckFailed(error)) return "skipped";
    throw error;
  }
}

/**
 * An owned record stored before the owner counters: counted in its owner counter, in one
 * transaction with the record naming it, while its status and owner are still those read and no
 * change or other backfill has counted it (either of those makes this one skip it).
 */
async function countOwner(
  deps: BackfillDeps,
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
      if (cancellationCodes(error)?.[0] === "ConditionalCheckFailed") return "skipped";
      throw error;
    }
  });
}

/**
 * An owned record stored before the byOwner index: given its `ownerKey` while its owner is still the
 * one read and no desk change has set the key (a change sets or removes it with the owner).
 */
async function addOwnerKey(
  deps: BackfillDeps,
  lead: LeadKind,
  table: string,
  record: StoredRecord,
): Promise<Outcome> {
  if (typeof record.owner !== "string" || !record.owner) return "skipped";
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: table,
        Key: { id: record.id },
        UpdateExpression: "SET #ownerKey = :key",
        ConditionExpression: "#owner = :owner AND attribute_not_exists(#ownerKey)",
        ExpressionAttributeNames: { "#owner": "owner", "#ownerKey": OWNER_KEY },
        ExpressionAttributeValues: { ":owner": record.owner, ":key": ownerKey(lead, record.owner) },
      }),
    );
    return "ownerKeysAdded";
  } catch (error) {
    if (isConditionalCheckFailed(error)) return "skipped";
    throw error;
  }
}

/** An owned record not yet counted in its owner counter (stored before the counters). */
const ownerUncounted = (record: StoredRecord) => Boolean(ownerCounterOf(record)) && !countedOwner(record);

function isStoredRecord(item: Record<string, unknown>): item is StoredRecord {
  return (
    typeof item.id === "string" &&
    typeof item.createdAt === "string" &&
    !Number.isNaN(Date.parse(item.createdAt))
  );
}

/**
 * One run: continues every unfinished segment from its saved cursor until all are done, the
 * deadline has passed or `maxPages` pages were read.
 */
export async function backfillDesk(
  deps: BackfillDeps,
  options: BackfillOptions = {},
): Promise<BackfillResult> {
  const states = await readStates(deps, options.fromStart === true);
  // Again from the start: every segment's progress is reset first, also those this run will not reach.
  if (options.fromStart) await Promise.all(states.map((state) => saveState(deps, state)));
  const totals = { madeNew: 0, dueAdded: 0, ownersCounted: 0, ownerKeysAdded: 0, skipped: 0, pages: 0 };
  const mayRead = () =>
    (options.deadline === undefined || Date.now() < options.deadline) &&
    (options.maxPages === undefined || totals.pages < options.maxPages);

  const runSegment = async (start: SegmentState): Promise<boolean> => {
    const kind = deps.kinds.find(({ lead }) => lead.kind === start.kind);
    if (!kind) return true;
    let state = start;
    while (!state.done && mayRead()) {
      totals.pages += 1;
      const page = await deps.db.send(
        new ScanCommand({
          TableName: kind.table,
          Segment: state.segment,
          TotalSegments: SEGMENTS,
          Limit: options.pageSize ?? PAGE_SIZE,
          ExclusiveStartKey: state.cursor,
          // Records of this kind (not the counters) that lack a status or a due time, or are
          // owned and not counted as such or not in the byOwner index.
          FilterExpression:
            "kind = :kind AND (attribute_not_exists(#status) OR attribute_not_exists(dueAt) OR (attribute_exists(#owner) AND (attribute_not_exists(#ownerCount) OR attribute_not_exists(#ownerKey))))",
          ExpressionAttributeNames: {
            "#status": "status",
            "#owner": "owner",
            "#ownerCount": OWNER_COUNT,
            "#ownerKey": OWNER_KEY,
          },
          ExpressionAttributeValues: { ":kind": kind.lead.kind },
          ConsistentRead: true,
        }),
      );
      const records = (page.Items ?? []).filter(isStoredRecord);
      await forEachConcurrently(records, WRITERS_PER_SEGMENT, async (record) => {
        if (typeof record.status !== "string") {
          totals[await makeNew(deps, kind.lead, kind.table, record)] += 1;
          return;
        }
        if (typeof record.dueAt !== "string") totals[await addDueAt(deps, kind.table, record)] += 1;
        if (ownerUncounted(record)) totals[await countOwner(deps, kind.lead, kind.table, record)] += 1;
        if (typeof record.owner === "string" && record[OWNER_KEY] === undefined)
          totals[await addOwnerKey(deps, kind.lead, kind.table, record)] += 1;
      });
      state = page.LastEvaluatedKey
        ? { ...state, cursor: page.LastEvaluatedKey }
        : { kind: state.kind, segment: state.segment, done: true };
      await saveState(deps, state);
    }
    return state.done;
  };

  const finished = await Promise.all(states.map((state) => (state.done ? true : runSegment(state))));
  // A table this run finished: every owned record there now has its ownerKey, so listings may
  // read one person's leads from the byOwner index (docs/decisions/0088).
  await Promise.all(
    deps.kinds.map(async ({ lead, table }) => {
      const ofKind = states.flatMap((state, i) => (state.kind === lead.kind ? [{ state, i }] : []));
      if (ofKind.every(({ state }) => state.done) || !ofKind.every(({ i }) => finished[i])) return;
      try {
        await deps.db.send(
          new PutCommand({
            TableName: table,
            Item: { id: OWNER_INDEX_READY_ID, at: deps.clock().toISOString(), backfill: BACKFILL_PK },
            // Written once: a later pass (--again) leaves the first one's mark as it is.
            ConditionExpression: "attribute_not_exists(id)",
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    }),
  );
  return { done: finished.every(Boolean), ...totals };
}
