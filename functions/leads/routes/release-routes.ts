/**
 * POST /api/admin/desk/not-spam: staff release a lead from the Spam list (../release.ts). Behind
 * requireSession() and the cross-site guard like every state-changing admin route. 200
 * { outcome: "released" | "already", status }, 404 for an unknown lead.
 */
import { NotSpamRequest } from "../../../events/quarantine";
import { systemClock } from "../../lib/clock";
import { HttpError, httpApi, jsonResponse, validateBody } from "../../lib/http";
import { CONTACT_KIND, SIGNUP_KIND } from "../../model/lead-kinds";
import { documentClient } from "../../model/staff/clients";
import { requireSession, signedInSession } from "../../model/staff/http-session";
import { tableName } from "../../model/tables";
import { releaseLead } from "../release";

const KINDS = { signup: SIGNUP_KIND, contact: CONTACT_KIND } as const;

export function notSpamHandler() {
  return httpApi(
    { route: "POST /api/admin/desk/not-spam", extraMiddlewares: [requireSession()] },
    async (request) => {
      const input = validateBody(request, NotSpamRequest);
      const lead = KINDS[input.kind];
      request.logFields.target = input.id.slice(0, 100);
      const released = await releaseLead(
        {
          db: documentClient(),
          tables: { records: tableName(lead.table), audit: tableName("audit"), outbox: tableName("outbox") },
          clock: systemClock,
        },
        lead,
        input.id,
        signedInSession(request).username,
      );
      if (released.outcome === "notFound")
        throw new HttpError(404, { error: `No such ${lead.kind}.` }, {}, "not_found");
      request.logFields.reason = released.outcome;
      return jsonResponse(200, { outcome: released.outcome, status: released.status });
    },
  );
}

export const notSpam = /* @__PURE__ */ notSpamHandler();
