/**
 * The stage's response calendar: America/Chicago and the holidays of the stage config
 * (infra/stages.ts responseHolidays), which reach the functions as RESPONSE_HOLIDAYS.
 */
import { type BusinessCalendar, businessCalendar } from "./response-clock";

export const HOLIDAYS_ENV = "RESPONSE_HOLIDAYS";

/** "2026-11-26,2026-12-25" -> a calendar; dates that are not YYYY-MM-DD are an error. */
export function calendarFromList(list: string | undefined): BusinessCalendar {
  const dates = (list ?? "")
    .split(",")
    .map((date) => date.trim())
    .filter(Boolean);
  for (const date of dates)
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`${HOLIDAYS_ENV}: "${date}" is not YYYY-MM-DD`);
  return businessCalendar(dates);
}

let stage: { list: string | undefined; calendar: BusinessCalendar } | undefined;

/**
 * The stage's calendar, one object while RESPONSE_HOLIDAYS stays the same: the response clock
 * keeps the local days it worked out per calendar object, so a warm function reuses them.
 */
export function stageCalendar(): BusinessCalendar {
  const list = process.env[HOLIDAYS_ENV];
  if (!stage || stage.list !== list) stage = { list, calendar: calendarFromList(list) };
  return stage.calendar;
}
