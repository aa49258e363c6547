/**
 * Times as people read them. The team's promise, response clock, reminders and digest live in US
 * Central time, so every time about a lead or the team — in e-mails, on the timeline, in lists — is
 * shown in the team's zone with its abbreviation ("Fri, Nov 27, 2026, 6:49 AM CST"). Times that
 * are the viewer's own (their sessions and passkeys, the dashboard's "today") use the browser's zone,
 * also with its abbreviation.
 */

/** The team's time zone: the response clock's (docs/decisions/0065-response-clock.md). */
export const TEAM_TIME_ZONE = "America/Chicago";

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string | undefined, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone ?? ""}|${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      weekday: "short",
      year: "numeric",
      month: "short",
      day: "numeric",
      ...(withTime ? { hour: "numeric", minute: "2-digit", timeZoneName: "short" } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

function format(iso: string, timeZone: string | undefined, withTime: boolean): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatIn(timeZone, withTime).format(date);
}

/** "Fri, Nov 27, 2026, 6:49 AM CST": an instant in the team's zone. */
export function formatTeamTime(iso: string): string {
  return format(iso, TEAM_TIME_ZONE, true);
}

/** "Fri, Nov 27, 2026": the team's calendar day of an instant. */
export function formatTeamDate(iso: string): string {
  return format(iso, TEAM_TIME_ZONE, false);
}

/** "Fri, Nov 27, 2026, 1:49 PM GMT+1": an instant in the viewer's own zone (the browser's). */
export function formatViewerTime(iso: string): string {
  return format(iso, undefined, true);
}

const teamDays = new Intl.DateTimeFormat("en-CA", {
  timeZone: TEAM_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** "2026-11-27": the team's calendar day of an instant, as a date (the Sources report's days). */
export function teamDayOf(iso: string): string {
  return teamDays.format(new Date(iso));
}
