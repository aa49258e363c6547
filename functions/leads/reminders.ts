/**
 * Nobody forgets (docs/decisions/0070-desk-reminders.md): a scheduled job that
 * - reminds the owner of an open lead (the staff inbox when it has none) two business hours before
 *   the reply is due, once per lead: a conditional marker on the record and the e-mail's outbox
 *   event in one transaction, so overlapping or retried runs queue it once and nothing is lost;
 * - on a counting weekday morning (08:00-12:00 US Central) queues one digest per owner (and one for
 *   the unassigned) of their overdue leads, once per owner and day (a marker in the audit table in
 *   the same transaction as the event).
 * Both read the byDesk index (`<kind>#new` by arrival) over a bounded range, never the table.
 */

import { GetCommand, PutCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { TZDate } from "@date-fns/tz";
import { BACKFILLED_AT } from "../../events/desk";
import type { DeskDigest, DeskReminder } from "../../events/envelopes";
import type { Clock, IdGenerator } from "../lib/clock";
import { isFirstConditionRefused } from "../lib/transact";
import { outboxItemFor } from "../model/outbox";
import {
  addClockTime,
  type BusinessCalendar,
  countsOn,
  HOUR_MS,
  RESPONSE_BUDGET_MS,
} from "../model/response-clock";
import { UsersRepository } from "../model/staff/users";
import {
  DAY_MS,
  markAndQueue,
  type OpenLead,
  type OpenLeadDeps,
  openLeads,
  PROMISE_REACH_DAYS,
  refOf,
} from "./open-leads";
import { announceOverdueLeads } from "./overdue";

/** The reminder goes out when this much clock time is left before the reply is due. */
export const REMINDER_LEAD_MS = 2 * HOUR_MS;
/** A reminder missed (the job was down) is still sent up to this long after the lead fell overdue. */
const LATE_REMINDER_MS = DAY_MS;
/** The record attribute that says the "due soon" reminder was queued (its time). */
export const REMINDER_MARKER = "remindedDueSoonAt";
/** The digest goes out from this local hour (US Central) until noon. */
export const DIGEST_HOUR = 8;
const DIGEST_LAST_HOUR = 11;
/** Leads listed in one digest e-mail; the rest are counted. */
export const DESK_DIGEST_LIMIT = 50;
const UNASSIGNED = "#unassigned";

export interface ReminderDeps extends OpenLeadDeps {
  readonly tables: { readonly outbox: string; readonly audit: string; readonly users: string };
  readonly calendar: BusinessCalendar;
  readonly newId: IdGenerator;
  /** The real time of the writes (outbox items are swept by it); a run may judge another instant. */
  readonly clock: Clock;
}

/** When the reminder of a lead that arrived at `arrivedAt` is due: 22 h of clock time later. */
export function reminderDueAt(calendar: BusinessCalendar, arrivedAt: number): number {
  return addClockTime(calendar, arrivedAt, RESPONSE_BUDGET_MS - REMINDER_LEAD_MS);
}

/** The owner's address (absent: the staff inbox is told), per run so each user is read once. */
function recipientFinder(deps: ReminderDeps) {
  const users = new UsersRepository(deps.db, deps.tables.users);
  const known = new Map<string, Promise<string | undefined>>();
  return (owner: string | undefined): Promise<string | undefined> => {
    if (!owner) return Promise.resolve(undefined);
    let found = known.get(owner);
    if (!found) {
      found = users.find(owner).then((user) => (user && !user.deactivatedAt ? user.email : undefined));
      known.set(owner, found);
    }
    return found;
  };
}

const isRaceLost = (error: unknown) => isFirstConditionRefused(error);

/**
 * Queues the "due soon" reminder of every open lead whose reminder time has come. Returns how many
 * this run queued (a lead another run got first is not counted).
 */
export async function sendDueReminders(deps: ReminderDeps, now: Date): Promise<number> {
  const at = now.getTime();
  // Clock time never runs faster than real time: 22 h of it end at least 22 h after arrival.
  const leads = await openLeads(
    deps,
    {
      from: new Date(at - PROMISE_REACH_DAYS * DAY_MS),
      to: new Date(at - (RESPONSE_BUDGET_MS - REMINDER_LEAD_MS)),
    },
    { filter: "attribute_not_exists(#marker)", names: { "#marker": REMINDER_MARKER } },
  );
  const due = leads.filter(
    (lead) =>
      reminderDueAt(deps.calendar, Date.parse(lead.createdAt)) <= at &&
      at < Date.parse(lead.dueAt) + LATE_REMINDER_MS,
  );
  const recipient = recipientFinder(deps);
  let queued = 0;
  for (const lead of due) {
    const email = await recipient(lead.owner);
    const event: DeskReminder = {
      type: "desk.reminder",
      version: 1,
      id: deps.newId(),
      occurredAt: now.toISOString(),
      data: {
        ...(lead.owner ? { owner: lead.owner } : {}),
        ...(email ? { email } : {}),
        lead: refOf(lead),
      },
    };
    if (await markAndQueue(deps, lead, REMINDER_MARKER, now, event)) queued += 1;
  }
  return queued;
}

/** The local date (YYYY-MM-DD) and hour of an instant in the calendar's time zone. */
function localDay(calendar: BusinessCalendar, now: Date): { date: string; hour: number } {
  const local = new TZDate(now.getTime(), calendar.timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    date: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    hour: local.getHours(),
  };
}

/** Whether a digest is due at `now`: a counting weekday (not a holiday), 08:00 to noon US Central. */
export function digestDateAt(calendar: BusinessCalendar, now: Date): string | undefined {
  const { date, hour } = localDay(calendar, now);
  if (!countsOn(calendar, now.getTime())) return undefined;
  return hour >= DIGEST_HOUR && hour <= DIGEST_LAST_HOUR ? date : undefined;
}

const digestPk = (date: string) => `desk-digest#${date}`;
const DIGEST_DONE = "~done";

/**
 * Queues the morning digests of `now`'s date if it is due and not yet done: one per owner with
 * overdue leads (and one for the unassigned). Returns how many this run queued.
 */
export async function sendMorningDigests(deps: ReminderDeps, now: Date): Promise<number> {
  const date = digestDateAt(deps.calendar, now);
  if (!date) return 0;
  const done = await deps.db.send(
    new GetCommand({
      TableName: deps.tables.audit,
      Key: { pk: digestPk(date), sk: DIGEST_DONE },
      ConsistentRead: true,
    }),
  );
  if (done.Item) return 0;
  const at = now.getTime();
  // Overdue = due before now; due is at least 24 h after arrival. Leads that were overdue already
  // when the desk backfill brought them in (stored before the desk) are on the dashboard and under
  // New, not in the digest: listed most overdue first they would push out the leads that fell
  // overdue on someone's watch (docs/decisions/0076-desk-backfill.md).
  const overdue = await openLeads(
    deps,
    { to: new Date(at - RESPONSE_BUDGET_MS) },
    {
      filter: "dueAt <= :now AND (attribute_not_exists(#backfilled) OR dueAt > #backfilled)",
      names: { "#backfilled": BACKFILLED_AT },
      values: { ":now": now.toISOString() },
    },
  );
  const byOwner = new Map<string, OpenLead[]>();
  for (const lead of overdue) {
    const key = lead.owner ?? UNASSIGNED;
    byOwner.set(key, [...(byOwner.get(key) ?? []), lead]);
  }
  const recipient = recipientFinder(deps);
  let queued = 0;
  for (const [key, leads] of byOwner) {
    const owner = key === UNASSIGNED ? undefined : key;
    const email = await recipient(owner);
    const sorted = [...leads].sort((a, b) => a.dueAt.localeCompare(b.dueAt));
    const event: DeskDigest = {
      type: "desk.digest",
      version: 1,
      id: deps.newId(),
      occurredAt: now.toISOString(),
      data: {
        ...(owner ? { owner } : {}),
        ...(email ? { email } : {}),
        date,
        at: now.toISOString(),
        leads: sorted.slice(0, DESK_DIGEST_LIMIT).map(refOf),
        more: Math.max(0, sorted.length - DESK_DIGEST_LIMIT),
      },
    };
    try {
      await deps.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: deps.tables.audit,
                Item: {
                  pk: digestPk(date),
                  sk: key,
                  type: "desk-digest",
                  at: now.toISOString(),
                  leads: leads.length,
                },
                ConditionExpression: "attribute_not_exists(pk)",
              },
            },
            {
              Put: { TableName: deps.tables.outbox, Item: outboxItemFor(event, deps.clock().toISOString()) },
            },
          ],
        }),
      );
      queued += 1;
    } catch (error) {
      if (!isRaceLost(error)) throw error;
    }
  }
  // Every owner of the morning has theirs: later runs of the day read nothing.
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables.audit,
      Item: { pk: digestPk(date), sk: DIGEST_DONE, type: "desk-digest", at: now.toISOString() },
    }),
  );
  return queued;
}

/** One run of the scheduled job: reminders, overdue announcements, then the morning digest when due. */
export async function runDeskSchedule(
  deps: ReminderDeps,
  now: Date,
): Promise<{ reminders: number; overdue: number; digests: number }> {
  const reminders = await sendDueReminders(deps, now);
  const overdue = await announceOverdueLeads(deps, now);
  const digests = await sendMorningDigests(deps, now);
  return { reminders, overdue, digests };
}
