/**
 * The Command Center's Sources report (docs/product/command-center.md, "Sources"): leads per
 * channel, source and campaign over a period of days in the team's zone, how they were answered
 * and how far they got. docs/decisions/0144-sources-report-figures.md.
 */
import * as z from "zod";
import "./jitless";
import { CHANNELS } from "./lead-source";

/** The longest period the report answers: a leap year and a day. */
export const SOURCE_REPORT_MAX_DAYS = 367;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A day of the team's calendar, "YYYY-MM-DD", that exists (the report's period, the lists' `from`/`to`). */
export const teamDayField = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .max(10, { error: `${field} must be a date like 2026-11-29` })
    .regex(DATE, { error: `${field} must be a date like 2026-11-29` })
    .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value, {
      error: `${field} must be a date like 2026-11-29`,
    });

const DAY_MS = 86_400_000;

/** Days of a period, both ends included (dates in the team's zone, "YYYY-MM-DD"). */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Query of GET /api/admin/sources and /api/admin/sources/export.csv: a period of the team's days. */
export const SourceReportQuery = z
  .object({ from: teamDayField("from"), to: teamDayField("to") })
  .refine((query) => query.from <= query.to, { error: "from must not be after to" })
  .refine((query) => periodDays(query.from, query.to) <= SOURCE_REPORT_MAX_DAYS, {
    error: `A period may be at most ${SOURCE_REPORT_MAX_DAYS} days`,
  });
export type SourceReportQuery = z.infer<typeof SourceReportQuery>;

export const SOURCE_ROW_LEVELS = ["channel", "source", "campaign"] as const;

/** One row: a channel, a channel's source, or a source's campaign. */
export const SourceReportRow = z.object({
  level: z.enum(SOURCE_ROW_LEVELS),
  channel: z.enum(CHANNELS),
  /** Absent on a channel's row. */
  source: z.string().optional(),
  /** Present on a campaign's row only. */
  campaign: z.string().optional(),
  leads: z.number().int(),
  signups: z.number().int(),
  contacts: z.number().int(),
  /** Answered within the promise, of those answered or past their due time (0-1); null: none judged yet. */
  withinPromiseShare: z.number().nullable(),
  /** Median clock time to the first reply over the answered leads; null: none answered. */
  medianFirstReplyMs: z.number().nullable(),
  qualified: z.number().int(),
  trial: z.number().int(),
  won: z.number().int(),
});
export type SourceReportRow = z.infer<typeof SourceReportRow>;

/** Answer of GET /api/admin/sources: channel rows, each followed by its sources, each by its campaigns. */
export const SourceReportResponse = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** False until the recount has counted the leads stored before the report existed. */
  complete: z.boolean(),
  rows: z.array(SourceReportRow),
  total: SourceReportRow.omit({ level: true, channel: true, source: true, campaign: true }),
});
export type SourceReportResponse = z.infer<typeof SourceReportResponse>;

/** The texts people see on the Sources page and in its CSV. */
export const SOURCE_REPORT_TEXT = {
  title: "Sources",
  nav: "Sources",
  intro: "Where leads came from, how fast they were answered and how far they got.",
  from: "From",
  to: "To",
  presets: { week: "Last 7 days", quarter: "Last 90 days", year: "Last 365 days" },
  show: "Show",
  export: "Export CSV",
  empty: "No leads arrived in this period.",
  incomplete: "Leads stored before the Sources report existed are not counted yet.",
  total: "All leads",
  expand: (name: string) => `Show the sources of ${name}`,
  collapse: (name: string) => `Hide the sources of ${name}`,
  columns: {
    name: "Channel / source / campaign",
    leads: "Leads",
    withinPromise: "Answered within 24 h",
    median: "Median first reply",
    qualified: "Qualified",
    trial: "Trial",
    won: "Won",
  },
  drill: { signups: "Signups", contacts: "Contacts" },
  /** A lead list opened from a row: what it is limited to, and the button that drops it. */
  listRow: {
    intro: "From the Sources report:",
    between: (from: string, to: string) => `arrived ${from} to ${to}`,
    since: (from: string) => `arrived from ${from}`,
    until: (to: string) => `arrived until ${to}`,
    teamDays: "(the team's days; Spam and repeat submissions are not counted)",
    clear: "Show all sources and dates",
  },
  none: "—",
} as const;

/** The CSV's columns, in order. */
export const SOURCE_CSV_COLUMNS = [
  "Channel",
  "Source",
  "Campaign",
  "Leads",
  "Signups",
  "Contact messages",
  "Answered within 24 h (%)",
  "Median first reply (h)",
  "Qualified",
  "Trial",
  "Won",
] as const;
