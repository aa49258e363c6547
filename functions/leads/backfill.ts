/**
 * Brings records stored before the lead desk into it (docs/decisions/0076-desk-backfill.md): a
 * signup or contact message without a status becomes New with its real reply-due time, is counted
 * in its day counter's `s_new` in the same transaction, and so lists under New, counts as open (and
 * overdue) on the dashboard and is seen by the reminder job. A record that a desk change gave a
 * status before the backfill reached it only gets its missing `dueAt`. An owned record stored before
 * the owner counters (docs/decisions/0079) is counted in its `o_<status>#<owner>` counter, and an
 * record whose byOwner index key is missing or not in the form of docs/decisions/0100 ("<kind>#<status>#<owner>",
 * also for nobody's leads) is given it.
 *
 * - **Never overwrites the desk**: each record's update is conditional on it still having no status
 *   and no desk version, so a change made after the page was read wins and the record is skipped;
 *   two backfills at once count each record once (the loser's condition fails).
 * - **Resumable**: each table is read by a parallel Scan in SEGMENTS segments; after every page the
 *   segment's cursor is saved in the audit table (pk BACKFILL_PK), so a run stopped by its deadline
 *   or a failure continues where it was. Once every segment is done a run reads one item and stops.
 * - One record's steps (and how each moves its counters and response figures): ./backfill-records.ts.
 * - `deskBackfilledAt` on the record says when the desk learnt the due time: the morning digest
 *   leaves out leads that were already overdue then (functions/leads/reminders.ts).
 */
import { PutCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionalCheckFailed } from "../lib/aws-errors";
import { forEachConcurrently } from "../lib/pool";
import { queryAll } from "../lib/query-all";
import {
  countedOwner,
  OWNER_INDEX_READY_ID,
  OWNER_KEY,
  ownerCounterOf,
  ownerKeyOf,
} from "../model/lead-index";
import type { LeadKind } from "../model/lead-kinds";
import {
  addDueAt,
  addOwnerKey,
  countOwner,
  makeNew,
  type RecordDeps,
  type StoredRecord,
} from "./backfill-records";

/**
 * The audit-table partition of the backfill's progress; a new version runs it again. v2 also
 * counts the records owned before the owner counters existed (docs/decisions/0079); v3 gives the
 * records owned before the byOwner index their `ownerKey` (docs/decisions/0088); v4 gives every
 * record with a status its key by status and owner (docs/decisions/0100).
 */
export const BACKFILL_PK = "desk-backfill#v4";
/** Parallel Scan segments per table: each a reader of its own with a saved cursor. */
export const SEGMENTS = 4;
const PAGE_SIZE = 250;
/** Records written at once within one segment's page. */
const WRITERS_PER_SEGMENT = 4;

export interface BackfillDeps extends RecordDeps {
  readonly kinds: readonly { readonly lead: LeadKind; readonly table: string }[];
  readonly auditTable: string;
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
  /** Records this run gave their byOwner index key (or its new form). */
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
          // Records of this kind (not the counters): whether a record's byOwner key has the form
          // its status and owner give cannot be said in a filter expression, so each is judged here.
          FilterExpression: "kind = :kind",
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
        if (typeof record.dueAt !== "string")
          totals[await addDueAt(deps, kind.lead, kind.table, record)] += 1;
        if (ownerUncounted(record)) totals[await countOwner(deps, kind.lead, kind.table, record)] += 1;
        if (record[OWNER_KEY] !== ownerKeyOf(kind.lead, record)[OWNER_KEY])
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
  // A table this run finished: every record with a status there now has its ownerKey, so listings
  // may read the byOwner index (docs/decisions/0100).
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
