/**
 * GET /api/auth/user — `{ user: null }` or `{ user: { username, email, role } }` (events/staff.ts),
 * never 401. Renews the cookie on use.
 */
import { addCookie, renewedCookie, sessionOf } from "../auth/http-session";
import { httpApi, jsonResponse } from "./middleware";

export const handler = httpApi({ route: "GET /api/auth/user" }, async (request) => {
  const outcome = await sessionOf(request);
  if (!outcome.ok) return jsonResponse(200, { user: null });
  return addCookie(jsonResponse(200, { user: outcome.user }), renewedCookie(outcome));
});
