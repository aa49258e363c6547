/**
 * `npm run admin -- recount-figures` (docs/decisions/0090-maintained-response-figures.md, 0102):
 * counts every record of the dashboard's window in its day's response figures and its due day's
 * (functions/model/promise-figures.ts) as it is now, then marks the figures complete in each lead
 * table, from when on the dashboard sums those items (./desk-stats.ts) instead of reading records.
 *
 * - **One record at a time, conditionally** (./claims-recount.ts): a record whose claims
 *   (functions/model/response-figures.ts, promise-figures.ts) are not what they should be gets them,
 *   and its items move from the old claims to the new ones, in one transaction conditional on the
 *   record being as read; safe while leads change, and idempotent: a second run finds every claim
 *   right and writes nothing but the marker.
 * - **Only the window**: the dashboard never reads a day older than the window, nor a due time
 *   before now (every lead due after now arrived inside the window), and every record stored by this
 *   code on is counted by its writer, so the records of the window at the start of the recount are
 *   all that need it; the window only moves forward.
 * - It also repairs a claim that no longer matches its record (a change made by a function still on
 *   the code before the day items, during the deploy).
 */
import { PROMISE_CLAIM, promiseClaim, promiseMoves, promiseUpdates } from "../model/promise-figures";
import {
  claimMoves,
  FIGURES_CLAIM,
  FIGURES_READY_ID,
  figureClaim,
  figuresUpdate,
  storedClaims,
} from "../model/response-figures";
import { type RecountDeps, type RecountResult, recountClaims } from "./claims-recount";
import { windowStart } from "./desk-stats";

export type { RecountDeps, RecountResult } from "./claims-recount";

export async function recountFigures(deps: RecountDeps): Promise<RecountResult> {
  const from = windowStart(deps.clock()).toISOString();
  return recountClaims(deps, {
    from,
    fix(record, lead, table) {
      const stored = storedClaims(record);
      const claim = figureClaim(record, deps.calendar);
      const promise = promiseClaim(record);
      if (stored.claim === claim && stored.promise === promise) return undefined;
      const move = figuresUpdate(table, lead, record, claimMoves(stored.claim, claim));
      return {
        set: { [FIGURES_CLAIM]: claim, [PROMISE_CLAIM]: promise },
        moves: [
          ...(move ? [move] : []),
          ...promiseUpdates(table, lead, record.id, promiseMoves(stored.promise, promise)),
        ],
      };
    },
    // Every record of the window is counted: the dashboard may sum the day items from now on.
    marker: () => ({ id: FIGURES_READY_ID, at: deps.clock().toISOString(), since: from }),
  });
}
