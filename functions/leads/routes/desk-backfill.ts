/**
 * The lead desk's backfill (functions/leads/backfill.ts, docs/decisions/0076-desk-backfill.md) as a
 * scheduled function: every few minutes in AWS, so the first run after a deploy starts it and each
 * later run continues from the saved cursors until the tables are done; then a run reads one query
 * of progress items and stops. Locally the runtime runs it at start until done. A run starts no page
 * once four fifths of its time limit have passed (a page takes seconds); a failure fails the invocation (EventBridge retries it, the
 * Errors alarm fires) and the next run resumes where the last saved page ended.
 */
import type { Context } from "aws-lambda";
import { systemClock } from "../../lib/clock";
import { createDocumentClient } from "../../lib/dynamo";
import { once } from "../../lib/env";
import { createLogger } from "../../lib/log";
import { stageCalendar } from "../../model/calendar";
import { CONTACT_KIND, SIGNUP_KIND } from "../../model/lead-kinds";
import { tableName } from "../../model/tables";
import { type BackfillDeps, type BackfillResult, backfillDesk } from "../backfill";

const log = createLogger({ worker: "desk-backfill" });
/** Share of the function's time limit in which a run starts pages; the rest finishes the last one. */
export const RUN_SHARE = 0.8;

const depsFromEnvironment = once<BackfillDeps>(() => ({
  db: createDocumentClient({ requestTimeoutMs: 5_000 }),
  kinds: [SIGNUP_KIND, CONTACT_KIND].map((lead) => ({ lead, table: tableName(lead.table) })),
  auditTable: tableName("audit"),
  calendar: stageCalendar(),
  clock: systemClock,
}));

export function createDeskBackfillHandler(getDeps: () => BackfillDeps = depsFromEnvironment) {
  return async (
    _event: unknown,
    context?: Pick<Context, "getRemainingTimeInMillis">,
  ): Promise<BackfillResult> => {
    const remaining = context?.getRemainingTimeInMillis();
    const result = await backfillDesk(getDeps(), {
      ...(remaining !== undefined ? { deadline: Date.now() + remaining * RUN_SHARE } : {}),
    });
    if (result.pages > 0) log.info("desk backfill ran", { ...result });
    return result;
  };
}

export const handler = createDeskBackfillHandler();
