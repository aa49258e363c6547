/**
 * `npm run admin -- recount-sources` (docs/decisions/0144-sources-report-figures.md): counts every
 * lead record in the Sources report's items (functions/model/source-figures.ts) as it is now, then
 * marks each lead table counted (the report says "not counted yet" until then).
 *
 * As the response figures' recount (./figures-recount.ts), through ./claims-recount.ts: one record
 * at a time, in one transaction conditional on the record being as read; refused, it reads the
 * record again and settles it as it is then. Safe while leads change, idempotent. Unlike
 * that one it reads every record, not a window: the report reaches back a year and more, and the
 * leads stored before the report have no claim. Their `reached` is their status now (their history
 * before the report is not on the record).
 */
import { storedClaims } from "../model/response-figures";
import {
  REACHED,
  reachedOf,
  SOURCE_CLAIM,
  SOURCES_READY_ID,
  sourceClaim,
  sourceMoves,
  sourceUpdates,
} from "../model/source-figures";
import { type RecountDeps, type RecountResult, recountClaims } from "./claims-recount";

export type SourcesRecountDeps = RecountDeps;

export async function recountSources(deps: SourcesRecountDeps): Promise<RecountResult> {
  return recountClaims(deps, {
    fix(record, lead, table) {
      const stored = storedClaims(record).sources;
      const claim = sourceClaim(record, deps.calendar);
      if (stored === claim) return undefined;
      const reached = reachedOf(record).join(" ");
      return {
        set: { [SOURCE_CLAIM]: claim, ...(reached === "" ? {} : { [REACHED]: reached }) },
        moves: sourceUpdates(table, lead, record.id, sourceMoves(stored, claim)),
      };
    },
    marker: () => ({ id: SOURCES_READY_ID, at: deps.clock().toISOString() }),
  });
}
