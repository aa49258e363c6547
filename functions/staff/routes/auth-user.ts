/**
 * GET /api/auth/user — `{ user: null }` or `{ user: { username, email, role } }` (events/staff.ts),
 * never 401. Renews the cookie on use. The Command Center calls it whenever it is opened, so this is
 * where a session's "last used" time moves (the only session-checking function that may write the
 * user item; docs/decisions/0061).
 */

import { systemClock } from "../../lib/clock";
import { httpApi, jsonResponse } from "../../lib/http";
import { documentClient } from "../../model/staff/clients";
import { addCookie, renewedCookie, sessionOf } from "../../model/staff/http-session";
import { touchSession } from "../../model/staff/sessions";
import { tableName } from "../../model/tables";

export const handler = httpApi({ route: "GET /api/auth/user" }, async (request) => {
  const outcome = await sessionOf(request);
  if (!outcome.ok) return jsonResponse(200, { user: null });
  if (outcome.renewed) {
    await touchSession(
      { db: documentClient(), tables: { users: tableName("users"), authState: tableName("authState") } },
      outcome.renewed.session,
      systemClock(),
    );
  }
  return addCookie(jsonResponse(200, { user: outcome.user }), renewedCookie(outcome));
});
