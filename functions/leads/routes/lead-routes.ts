/**
 * The Command Center's admin routes, made once for both kinds of lead. Every route is behind
 * requireSession() (401 without a valid session); the named exports at the end are the functions
 * of functions/registry.ts, one per kind.
 */
import type * as z from "zod";
import {
  ContactListQuery,
  EXPORT_NEXT_CURSOR_HEADER,
  SignupListQuery,
  SignupStatsQuery,
} from "../../../events/admin";
import { fieldErrorsOf } from "../../../events/api";
import { LEAD_PLURALS, type LeadKindName, type LeadPlural } from "../../../events/desk";
import type { StoredLead } from "../../../events/lead-records";
import { systemClock } from "../../lib/clock";
import { type ApiRequest, badRequest, HttpError, httpApi, httpRoutes, jsonResponse } from "../../lib/http";
import { CONTACT_KIND, type LeadKind, SIGNUP_KIND } from "../../model/lead-kinds";
import { documentClient } from "../../model/staff/clients";
import { requireSession, signedInSession } from "../../model/staff/http-session";
import { tableName } from "../../model/tables";
import { LeadCounter } from "../counts";
import { type CsvColumn, csvHeader, csvRows } from "../csv";
import { deleteLead } from "../delete-lead";
import { arrivedBetween, type DeskFilter } from "../desk-filter";
import { leadCsvColumns } from "../lead-csv";
import { type Cursor, decodeCursor } from "../lead-cursor";
import { LeadQueries } from "../lead-query";

function queryOf<S extends z.ZodType>(request: ApiRequest, schema: S): z.infer<S> {
  const parsed = schema.safeParse(request.event.queryStringParameters ?? {});
  if (!parsed.success)
    throw badRequest("Invalid query parameters.", "invalid_query", fieldErrorsOf(parsed.error));
  return parsed.data;
}

function cursorOf(text: string | undefined): Cursor | undefined {
  if (!text) return undefined;
  const cursor = decodeCursor(text);
  if (!cursor)
    throw badRequest("Invalid query parameters.", "invalid_cursor", { cursor: "cursor is not valid" });
  return cursor;
}

/** A kind's leads as read back: each item through its stored schema (events/lead-records.ts StoredLead). */
function queriesFor(lead: LeadKind<z.ZodObject>): LeadQueries<StoredLead> {
  return new LeadQueries<StoredLead>(documentClient(), tableName(lead.table), lead, (item) => {
    const parsed = lead.schema.safeParse(item);
    return parsed.success ? (parsed.data as StoredLead) : undefined;
  });
}

interface LeadRouteSpec {
  readonly lead: LeadKind<z.ZodObject>;
  /** The path segment and the list's property name (events/desk.ts LEAD_PLURALS). */
  readonly plural: LeadPlural;
  readonly listQuery: typeof SignupListQuery | typeof ContactListQuery;
}

const SPECS = {
  signup: { lead: SIGNUP_KIND, plural: LEAD_PLURALS.signup, listQuery: SignupListQuery },
  contact: { lead: CONTACT_KIND, plural: LEAD_PLURALS.contact, listQuery: ContactListQuery },
} as const satisfies Record<LeadKindName, LeadRouteSpec>;

function facetsOf(query: Record<string, unknown>, lead: LeadKind): Record<string, string> {
  const facets: Record<string, string> = {};
  for (const facet of lead.facets)
    if (typeof query[facet] === "string") facets[facet] = query[facet] as string;
  return facets;
}

/** The desk filters of a list or export query; "me" is the signed-in staff member, "none" nobody. */
function deskOf(request: ApiRequest, query: z.infer<typeof SignupListQuery>): DeskFilter {
  const owner =
    query.owner === undefined
      ? undefined
      : query.owner === "none"
        ? null
        : query.owner === "me"
          ? signedInSession(request).username
          : query.owner;
  const arrived = arrivedBetween(query.from, query.to);
  return {
    ...(query.status ? { status: query.status } : {}),
    ...(owner !== undefined ? { owner } : {}),
    ...(query.sort === "urgency" ? { urgency: true } : {}),
    ...(query.channel ? { channel: query.channel } : {}),
    ...(query.channel && query.source !== undefined ? { source: query.source } : {}),
    ...(query.channel && query.source !== undefined && query.campaign !== undefined
      ? { campaign: query.campaign }
      : {}),
    ...(arrived ? { arrived } : {}),
  };
}

/** GET /api/admin/{plural}: a page, newest first, with search, filters and counts. */
export function listHandler(kind: keyof typeof SPECS) {
  const spec: LeadRouteSpec = SPECS[kind];
  return httpApi(
    { route: `GET /api/admin/${spec.plural}`, extraMiddlewares: [requireSession()] },
    async (request) => {
      const query = queryOf(request, spec.listQuery) as z.infer<typeof SignupListQuery>;
      const page = await queriesFor(spec.lead).list({
        q: query.q,
        facets: facetsOf(query, spec.lead),
        desk: deskOf(request, query),
        limit: query.limit,
        cursor: cursorOf(query.cursor),
      });
      const { records, ...counts } = page;
      return jsonResponse(200, { [spec.plural]: records, ...counts });
    },
  );
}

/** The record id of a `/{id}` route, or undefined when it cannot be one (empty, over 200 characters). */
function leadIdOf(request: ApiRequest): string | undefined {
  const id = request.event.pathParameters?.id ?? "";
  request.logFields.target = id.slice(0, 100);
  return id.length > 0 && id.length <= 200 ? id : undefined;
}

const noSuchLead = (spec: LeadRouteSpec) =>
  new HttpError(404, { error: `No such ${spec.lead.kind}.` }, {}, "not_found");

/** GET /api/admin/{plural}/{id}: `{ signup }` or `{ contact }`, or 404 (unknown or deleted). */
function getHandler(spec: LeadRouteSpec) {
  return httpApi(
    { route: `GET /api/admin/${spec.plural}/{id}`, extraMiddlewares: [requireSession()] },
    async (request) => {
      const id = leadIdOf(request);
      const record = id ? await queriesFor(spec.lead).one(id) : undefined;
      if (!record) throw noSuchLead(spec);
      return jsonResponse(200, { [spec.lead.kind]: record });
    },
  );
}

/** DELETE /api/admin/{plural}/{id}: 204, or 404 for an unknown id; audited. */
function deleteHandler(spec: LeadRouteSpec) {
  return httpApi(
    { route: `DELETE /api/admin/${spec.plural}/{id}`, extraMiddlewares: [requireSession()] },
    async (request) => {
      const id = leadIdOf(request);
      const session = signedInSession(request);
      const outcome = id
        ? await deleteLead(
            {
              db: documentClient(),
              tables: { records: tableName(spec.lead.table), audit: tableName("audit") },
              clock: systemClock,
            },
            spec.lead,
            { id, actor: session.username, ip: request.clientIp },
          )
        : "notFound";
      if (outcome === "notFound") throw noSuchLead(spec);
      return jsonResponse(204);
    },
  );
}

/**
 * GET and DELETE /api/admin/{plural}/{id}: one function, because CloudFront routes by path only
 * (infra/constructs/api.ts), so the two methods of one path must reach the same function.
 */
export function leadHandler(kind: keyof typeof SPECS) {
  const spec: LeadRouteSpec = SPECS[kind];
  return httpRoutes({
    [`GET /api/admin/${spec.plural}/{id}`]: getHandler(spec),
    [`DELETE /api/admin/${spec.plural}/{id}`]: deleteHandler(spec),
  });
}

/** GET /api/admin/signups/stats: exact counts for the viewer's today, week and chart days. */
export function signupStatsHandler() {
  return httpApi(
    { route: "GET /api/admin/signups/stats", extraMiddlewares: [requireSession()] },
    async (request) => {
      const query = queryOf(request, SignupStatsQuery);
      const counter = new LeadCounter(documentClient(), tableName("signups"), SIGNUP_KIND);
      const days = query.dayStarts.map((start, i) => ({
        from: new Date(start),
        ...(query.dayStarts[i + 1] ? { to: new Date(query.dayStarts[i + 1] as string) } : {}),
      }));
      const [{ total }, counts] = await Promise.all([
        counter.totals(),
        counter.countRanges([
          { from: new Date(query.todayStart) },
          { from: new Date(query.weekStart) },
          ...days,
        ]),
      ]);
      return jsonResponse(200, {
        total,
        today: counts[0],
        thisWeek: counts[1],
        perDay: query.dayStarts.map((start, i) => ({ start, count: counts[i + 2] ?? 0 })),
      });
    },
  );
}

/** Records per export chunk; each chunk stays well under 1 MB (notes are at most 5,000 characters). */
const EXPORT_CHUNK = 150;

/**
 * GET /api/admin/{plural}/export.csv: the current filtered list as CSV, in chunks — a Lambda answer
 * is capped at 6 MB, so the browser asks for the next chunk with the cursor in X-Next-Cursor and
 * joins them. The first chunk starts with the byte-order mark and the header row.
 */
export function exportHandler(kind: keyof typeof SPECS) {
  const spec: LeadRouteSpec = SPECS[kind];
  const columns = leadCsvColumns(spec.lead) as readonly CsvColumn<unknown>[];
  return httpApi(
    { route: `GET /api/admin/${spec.plural}/export.csv`, extraMiddlewares: [requireSession()] },
    async (request) => {
      const query = queryOf(request, spec.listQuery) as z.infer<typeof SignupListQuery>;
      const cursor = cursorOf(query.cursor);
      const page = await queriesFor(spec.lead).list({
        q: query.q,
        facets: facetsOf(query, spec.lead),
        desk: deskOf(request, query),
        limit: EXPORT_CHUNK,
        cursor,
      });
      const body = (cursor ? "" : csvHeader(columns)) + csvRows(columns, page.records);
      return {
        statusCode: 200,
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="${spec.plural}.csv"`,
          ...(page.nextCursor ? { [EXPORT_NEXT_CURSOR_HEADER]: page.nextCursor } : {}),
        },
        body,
      };
    },
  );
}

// The functions of functions/registry.ts (`lead-routes.ts#<name>`). Each is marked pure so that a
// bundle keeps only the handler its entry re-exports.
export const signupsList = /* @__PURE__ */ listHandler("signup");
export const contactsList = /* @__PURE__ */ listHandler("contact");
export const signupsExport = /* @__PURE__ */ exportHandler("signup");
export const contactsExport = /* @__PURE__ */ exportHandler("contact");
export const signupsLead = /* @__PURE__ */ leadHandler("signup");
export const contactsLead = /* @__PURE__ */ leadHandler("contact");
export const signupStats = /* @__PURE__ */ signupStatsHandler();
