/**
 * The lead desk's scheduled job (functions/leads/reminders.ts): every 15 minutes in AWS (an
 * EventBridge rule), on a timer and on demand locally (infra/local/runtime.ts). The run's "now" is
 * the event's `time` (EventBridge's scheduled time; the local runtime's clock or the test's), so a
 * retried run judges the same moment. A failure fails the invocation: EventBridge retries it and
 * the function's Errors alarm fires; the markers make a retry queue nothing twice.
 */
import type { ScheduledEvent } from "aws-lambda";
import { randomId, systemClock } from "../../lib/clock";
import { createDocumentClient } from "../../lib/dynamo";
import { once } from "../../lib/env";
import { createLogger } from "../../lib/log";
import { stageCalendar } from "../../model/calendar";
import { CONTACT_KIND, SIGNUP_KIND } from "../../model/lead-kinds";
import { tableName } from "../../model/tables";
import { type ReminderDeps, runDeskSchedule } from "../reminders";

const log = createLogger({ worker: "desk-schedule" });

const depsFromEnvironment = once<ReminderDeps>(() => ({
  db: createDocumentClient({ requestTimeoutMs: 5_000 }),
  kinds: [SIGNUP_KIND, CONTACT_KIND].map((lead) => ({ lead, table: tableName(lead.table) })),
  tables: { outbox: tableName("outbox"), audit: tableName("audit"), users: tableName("users") },
  calendar: stageCalendar(),
  newId: randomId,
  clock: systemClock,
}));

/** The moment a run judges: the event's time when it is a valid instant, else the clock. */
export function runTime(event: Partial<Pick<ScheduledEvent, "time">> | undefined): Date {
  const at = typeof event?.time === "string" ? Date.parse(event.time) : Number.NaN;
  return Number.isNaN(at) ? systemClock() : new Date(at);
}

export function createDeskScheduleHandler(getDeps: () => ReminderDeps = depsFromEnvironment) {
  return async (
    event: Partial<ScheduledEvent> | undefined,
  ): Promise<{ reminders: number; digests: number }> => {
    const now = runTime(event);
    const result = await runDeskSchedule(getDeps(), now);
    log.info("desk schedule ran", { at: now.toISOString(), ...result });
    return result;
  };
}

export const handler = createDeskScheduleHandler();
