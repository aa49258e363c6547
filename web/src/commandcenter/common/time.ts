/**
 * docs/product/command-center.md, in the viewer's clock: 'Today' is since local midnight; 'This Week' is the
 * last 7 days counted from local midnight today (local midnight 7 calendar days earlier, so a
 * daylight-saving change in between is handled by the browser's calendar arithmetic).
 */
import { formatTeamDate, formatTeamTime, formatViewerTime, spanText } from "../../../../events";

export const CHART_DAYS = 30;

export function localMidnight(now: Date, daysBack = 0): Date {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  midnight.setDate(midnight.getDate() - daysBack);
  return midnight;
}

export function countBoundaries(now: Date): { todayStart: string; weekStart: string; dayStarts: string[] } {
  return {
    todayStart: localMidnight(now).toISOString(),
    weekStart: localMidnight(now, 7).toISOString(),
    dayStarts: Array.from({ length: CHART_DAYS }, (_, i) =>
      localMidnight(now, CHART_DAYS - 1 - i).toISOString(),
    ),
  };
}

/**
 * Times about leads and the team read in the team's zone with its abbreviation, as in the e-mails
 * (events/team-time.ts); the viewer's own (sessions, passkeys) in the browser's.
 */
export { formatTeamDate as formatDate, formatTeamTime as formatDateTime, formatViewerTime as formatOwnTime };

/**
 * The response clock as the list shows it (docs/decisions/0065-response-clock.md): wall time to or
 * past the reply-due time of an open lead, in whole hours (minutes under an hour); nothing once
 * answered or closed.
 */
export function replyClockText(
  lead: { status?: string; dueAt?: string; respondedAt?: string },
  now: number,
): { text: string; overdue: boolean } | undefined {
  if (!lead.dueAt || lead.respondedAt || (lead.status ?? "new") !== "new") return undefined;
  const left = Date.parse(lead.dueAt) - now;
  const amount = spanText(left);
  return left >= 0
    ? { text: `due in ${amount}`, overdue: false }
    : { text: `overdue by ${amount}`, overdue: true };
}
