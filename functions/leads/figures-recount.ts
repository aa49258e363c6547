/**
 * `npm run admin -- recount-figures` (docs/decisions/0090-maintained-response-figures.md, 0102):
 * counts every record of the dashboard's window in its day's response figures and its due day's
 * (functions/model/promise-figures.ts) as it is now, then marks the figures complete in each lead
 * table, from when on the dashboard sums those items (./desk-stats.ts) instead of reading records.
 *
 * - **One record at a time, conditionally**: a record whose claims (functions/model/response-figures.ts,
 *   promise-figures.ts) are not what they should be gets them, and its items move from the old claims
 *   to the new ones, in one transaction conditional on the record's desk version and claims still
 *   being those read. A
 *   change, a delete or another recount made meanwhile refuses it; the record is read again
 *   (consistently) and settled from what it is then. So it is safe while leads change, and
 *   idempotent: a second run finds every claim right and writes nothing but the marker.
 * - **Only the window**: the dashboard never reads a day older than the window, nor a due time
 *   before now (every lead due after now arrived inside the window), and every record stored by this
 *   code on is counted by its writer, so the records of the window at the start of the recount are
 *   all that need it; the window only moves forward.
 * - It also repairs a claim that no longer matches its record (a change made by a function still on
 *   the code before the day items, during the deploy).
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
} from "../lib/transact";
import type { LeadKind } from "../model/lead-kinds";
import { PROMISE_CLAIM, promiseClaim, promiseMoves, promiseUpdates } from "../model/promise-figures";
import type { BusinessCalendar } from "../model/response-clock";
import {
  claimMoves,
  claimsCondition,
  FIGURES_CLAIM,
  FIGURES_READY_ID,
  figureClaim,
  figuresUpdate,
  storedClaims,
} from "../model/response-figures";
import { CREATED_AT_INDEX } from "../model/tables";
import { windowStart } from "./desk-stats";

export interface RecountDeps {
  readonly db: DynamoDBDocumentClient;
  readonly kinds: readonly { readonly lead: LeadKind; readonly table: string }[];
  readonly calendar: BusinessCalendar;
  readonly clock: Clock;
  readonly sleep?: Sleep;
}

export interface RecountResult {
  /** Records of the window read. */
  readonly records: number;
  /** Records this run counted or moved to their right claim. */
  readonly counted: number;
  /** Records deleted while the recount ran. */
  readonly gone: number;
}

type Stored = Record<string, unknown> & { id: string; createdAt: string };

const PAGE_SIZE = 250;
const WRITERS = 8;
/** Enough for a record that several staff change at the moment the recount reaches it. */
const ATTEMPTS = 10;

/** Counts one record as it is; "gone" when it was deleted meanwhile. */
async function settle(
  deps: RecountDeps,
  lead: LeadKind,
  table: string,
  read: Stored,
): Promise<"counted" | "right" | "gone"> {
  let record: Stored | undefined = read;
  for (let attempt = 1; ; attempt++) {
    if (!record) return "gone";
    const stored = storedClaims(record);
    const claim = figureClaim(record, deps.calendar);
    const promise = promiseClaim(record);
    if (stored.claim === claim && stored.promise === promise) return attempt === 1 ? "right" : "counted";
    const version = typeof record.deskVersion === "number" ? record.deskVersion : undefined;
    const move = figuresUpdate(table, lead, record, claimMoves(stored.claim, claim));
    const guard = claimsCondition(stored);
    try {
      await deps.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: table,
                Key: { id: record.id },
                UpdateExpression: "SET #figures = :claim, #promise = :promiseClaim",
                ConditionExpression: [
                  "attribute_exists(id)",
                  version === undefined ? "attribute_not_exists(deskVersion)" : "deskVersion = :version",
                  guard.condition,
                ].join(" AND "),
                ExpressionAttributeNames: {
                  ...guard.names,
                  "#figures": FIGURES_CLAIM,
                  "#promise": PROMISE_CLAIM,
                },
                ExpressionAttributeValues: {
                  ":claim": claim,
                  ":promiseClaim": promise,
                  ...(version === undefined ? {} : { ":version": version }),
                  ...guard.values,
                },
              },
            },
            ...(move ? [move] : []),
            ...promiseUpdates(table, lead, record.id, promiseMoves(stored.promise, promise)),
          ],
        }),
      );
      return "counted";
    } catch (error) {
      if (attempt >= ATTEMPTS || !(isConditionRefused(error) || isTransactionConflict(error))) throw error;
      await (deps.sleep ?? realSleep)(conflictBackoffMs(attempt));
      // Changed, deleted or counted meanwhile (or only stale in the index): read it as it is now.
      const found: { Item?: Record<string, unknown> } = await deps.db.send(
        new GetCommand({ TableName: table, Key: { id: record.id }, ConsistentRead: true }),
      );
      record = found.Item?.kind === lead.kind ? (found.Item as Stored) : undefined;
    }
  }
}

export async function recountFigures(deps: RecountDeps): Promise<RecountResult> {
  const from = windowStart(deps.clock()).toISOString();
  const totals = { records: 0, counted: 0, gone: 0 };
  for (const { lead, table } of deps.kinds) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await deps.db.send(
        new QueryCommand({
          TableName: table,
          IndexName: CREATED_AT_INDEX,
          KeyConditionExpression: "kind = :kind AND createdAt >= :from",
          ExpressionAttributeValues: { ":kind": lead.kind, ":from": from },
          Limit: PAGE_SIZE,
          ExclusiveStartKey: start,
        }),
      );
      const records = (page.Items ?? []).filter(
        (item): item is Stored => typeof item.id === "string" && typeof item.createdAt === "string",
      );
      totals.records += records.length;
      await forEachConcurrently(records, WRITERS, async (record) => {
        const outcome = await settle(deps, lead, table, record);
        if (outcome !== "right") totals[outcome] += 1;
      });
      start = page.LastEvaluatedKey;
    } while (start);
  }
  // Every record of the window is counted: the dashboard may sum the day items from now on.
  await Promise.all(
    deps.kinds.map(({ table }) =>
      deps.db.send(
        new PutCommand({
          TableName: table,
          Item: { id: FIGURES_READY_ID, at: deps.clock().toISOString(), since: from },
        }),
      ),
    ),
  );
  return totals;
}
