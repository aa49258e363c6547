/**
 * The Sources report's routes (thin: parse the period, call ../source-report.ts): behind
 * requireSession(), reading only the two lead tables' figure items. GET only: nothing changes.
 */
import { fieldErrorsOf } from "../../../events/api";
import { SourceReportQuery } from "../../../events/source-report";
import { systemClock } from "../../lib/clock";
import { type ApiRequest, badRequest, httpApi, httpRoutes, jsonResponse } from "../../lib/http";
import { CONTACT_KIND, SIGNUP_KIND } from "../../model/lead-kinds";
import { documentClient } from "../../model/staff/clients";
import { requireSession } from "../../model/staff/http-session";
import { tableName } from "../../model/tables";
import { sourceReport } from "../source-report";
import { sourceReportCsv } from "../source-report-csv";

function reportOf(request: ApiRequest) {
  const parsed = SourceReportQuery.safeParse(request.event.queryStringParameters ?? {});
  if (!parsed.success)
    throw badRequest("Invalid query parameters.", "invalid_query", fieldErrorsOf(parsed.error));
  return sourceReport(
    {
      db: documentClient(),
      // Signups first, then contact messages: the order of a row's `signups` and `contacts`.
      kinds: [SIGNUP_KIND, CONTACT_KIND].map((lead) => ({ lead, table: tableName(lead.table) })),
      clock: systemClock,
    },
    parsed.data,
  );
}

/** GET /api/admin/sources?from=YYYY-MM-DD&to=YYYY-MM-DD: the report's rows. */
export function sourcesHandler() {
  return httpApi({ route: "GET /api/admin/sources", extraMiddlewares: [requireSession()] }, async (request) =>
    jsonResponse(200, await reportOf(request)),
  );
}

/** GET /api/admin/sources/export.csv?from=…&to=…: the same rows as CSV. */
export function sourcesExportHandler() {
  return httpApi(
    { route: "GET /api/admin/sources/export.csv", extraMiddlewares: [requireSession()] },
    async (request) => {
      const report = await reportOf(request);
      return {
        statusCode: 200,
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="sources-${report.from}-${report.to}.csv"`,
        },
        body: sourceReportCsv(report),
      };
    },
  );
}

// The function of functions/model/figures-registry.ts (`source-routes.ts#sources`): one function,
// both routes (the same reads, the same access).
export const sources = /* @__PURE__ */ httpRoutes({
  "GET /api/admin/sources": sourcesHandler(),
  "GET /api/admin/sources/export.csv": sourcesExportHandler(),
});
