import * as z from "zod";
import "./jitless";
import { ContactMessage } from "./contact";
import { LEAD_STATUSES } from "./desk";
import { isoDateTime } from "./fields";
import { CHANNELS } from "./lead-source";
import { PRODUCT_LINES, Signup, TEAM_SIZES } from "./signup";
import { teamDayField } from "./source-report";

/** Query of GET /api/admin/signups and /api/admin/signups/export.csv (all optional). */
const pageFields = {
  /** Records per page: 1-100, default 50. */
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int({ error: "limit must be a whole number" })
    .min(1, { error: "limit must be at least 1" })
    .max(100, { error: "limit must be at most 100" })
    .default(50),
  /** Opaque value of a previous answer's nextCursor. */
  cursor: z.string().max(400, { error: "cursor is too long" }).optional(),
  /** Case-insensitive search on first name, last name and e-mail. */
  q: z.string().max(200, { error: "q must be 200 characters or fewer" }).optional(),
};

const facet = <T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z
    .union([z.enum(values), z.literal("all"), z.literal("")], {
      error: `${name} must be one of ${values.join(", ")}, all`,
    })
    .optional()
    .transform((value) => (value === "all" || value === "" ? undefined : (value as T[number] | undefined)));

/**
 * The lead desk's filters, on both lists and their exports: a status, an owner ("me" = the signed-in
 * staff member, "none" = nobody, or a username), the urgency order (open leads, most urgent first)
 * and the channel the lead came through.
 */
const deskFilterFields = {
  status: facet(LEAD_STATUSES, "status"),
  owner: z
    .string({ error: "owner must be me, none or a username" })
    .trim()
    .max(64, { error: "owner must be 64 characters or fewer" })
    .optional()
    .transform((value) => (value === "" || value === "all" ? undefined : value)),
  sort: z
    .union([z.enum(["newest", "urgency"]), z.literal("all"), z.literal("")], {
      error: "sort must be newest or urgency",
    })
    .optional()
    .transform((value) => (value === "urgency" ? "urgency" : "newest")),
  /**
   * The Sources report's row (docs/decisions/0143-channel-filter.md): leads the report counts under a
   * channel, with `source` under that source, with `campaign` under that campaign too, as the
   * report's rows name them (events/source-report.ts).
   */
  channel: facet(CHANNELS, "channel"),
  source: rowText("source"),
  campaign: rowText("campaign"),
  /** Leads that arrived in these team days (both ends included), as the report's period. */
  from: teamDayField("from").optional(),
  to: teamDayField("to").optional(),
};

/** A report row's source or campaign: the report cuts them to 100 characters (functions/model/source-figures.ts). */
function rowText(name: string) {
  return z
    .string({ error: `${name} must be text` })
    .max(100, { error: `${name} must be 100 characters or fewer` })
    .optional()
    .transform((value) => (value === "" ? undefined : value));
}

/**
 * What the report's row and period need: a source belongs to a channel, a campaign to a source, a
 * period starts before it ends.
 */
function rowAndPeriod(
  query: { channel?: string; source?: string; campaign?: string; from?: string; to?: string },
  context: z.RefinementCtx,
) {
  if (query.source !== undefined && query.channel === undefined)
    context.addIssue({ code: "custom", path: ["source"], message: "source needs a channel" });
  if (query.campaign !== undefined && query.source === undefined)
    context.addIssue({ code: "custom", path: ["campaign"], message: "campaign needs a source" });
  if (query.from !== undefined && query.to !== undefined && query.from > query.to)
    context.addIssue({ code: "custom", path: ["from"], message: "from must not be after to" });
}

export const SignupListQuery = z
  .object({
    ...pageFields,
    ...deskFilterFields,
    teamSize: facet(TEAM_SIZES, "teamSize"),
    productLines: facet(PRODUCT_LINES, "productLines"),
  })
  .superRefine(rowAndPeriod);
export type SignupListQuery = z.infer<typeof SignupListQuery>;

export const ContactListQuery = z.object({ ...pageFields, ...deskFilterFields }).superRefine(rowAndPeriod);
export type ContactListQuery = z.infer<typeof ContactListQuery>;

const listCounts = {
  /** Cursor of the next page; absent on the last page. */
  nextCursor: z.string().optional(),
  /** All records of this kind. */
  total: z.number().int(),
  /** Records matching the search and filters; a lower bound when matchedAtLeast is true. */
  matched: z.number().int(),
  matchedAtLeast: z.boolean().optional(),
};

/** Answer of GET /api/admin/signups (docs/product/http-api.md: `{ signups, nextCursor? }`, newest first). */
export const SignupListResponse = z.object({ signups: z.array(Signup), ...listCounts });
export type SignupListResponse = z.infer<typeof SignupListResponse>;

export const ContactListResponse = z.object({ contacts: z.array(ContactMessage), ...listCounts });
export type ContactListResponse = z.infer<typeof ContactListResponse>;

/** Answer of GET /api/admin/signups/{id}: one lead, e.g. for a link from a reminder e-mail. */
export const SignupResponse = z.object({ signup: Signup });
export type SignupResponse = z.infer<typeof SignupResponse>;

export const ContactResponse = z.object({ contact: ContactMessage });
export type ContactResponse = z.infer<typeof ContactResponse>;

/**
 * Query of GET /api/admin/signups/stats. The browser computes the boundaries from the viewer's
 * clock (docs/product/command-center.md): todayStart = local midnight today, weekStart = local midnight 7 days
 * earlier, dayStarts = the local midnights of the chart's days, oldest first (comma-separated).
 */
export const SignupStatsQuery = z.object({
  todayStart: isoDateTime,
  weekStart: isoDateTime,
  dayStarts: z
    .string()
    .optional()
    .transform((value, context) => {
      const starts = (value ?? "").split(",").filter(Boolean);
      if (starts.length > 62) {
        context.addIssue({ code: "custom", message: "dayStarts holds at most 62 dates" });
        return z.NEVER;
      }
      if (!starts.every((start) => isoDateTime.safeParse(start).success)) {
        context.addIssue({ code: "custom", message: "dayStarts must be ISO date-times" });
        return z.NEVER;
      }
      const times = starts.map((start) => Date.parse(start));
      if (times.some((time, i) => i > 0 && time <= (times[i - 1] as number))) {
        context.addIssue({ code: "custom", message: "dayStarts must be in ascending order" });
        return z.NEVER;
      }
      return starts;
    }),
});
export type SignupStatsQuery = z.infer<typeof SignupStatsQuery>;

export const SignupStatsResponse = z.object({
  total: z.number().int(),
  today: z.number().int(),
  thisWeek: z.number().int(),
  /** One entry per dayStarts value: signups from that start to the next (the last: to now). */
  perDay: z.array(z.object({ start: isoDateTime, count: z.number().int() })),
});
export type SignupStatsResponse = z.infer<typeof SignupStatsResponse>;

/** Header of an export chunk that names the cursor of the next chunk. */
export const EXPORT_NEXT_CURSOR_HEADER = "X-Next-Cursor";
