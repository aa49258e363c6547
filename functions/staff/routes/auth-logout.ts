/**
 * POST /api/auth/logout — 204, cookie cleared, and the session revoked server-side so that a kept
 * copy of the cookie is refused afterwards. Answers 204 without a session too (nothing to end).
 * The Command Center sends no body; a body, if sent, must be JSON (415 otherwise).
 */

import { PutCommand } from "@aws-sdk/lib-dynamodb";
import {
  HttpError,
  header,
  httpApi,
  isJsonContentType,
  jsonResponse,
  MESSAGES,
  withCookies,
} from "../../lib/http";
import { auditItem } from "../../model/audit";
import { clearedSessionCookie } from "../../model/staff/cookie";
import { authDependencies, sessionOf } from "../../model/staff/http-session";
import { revokeSession } from "../../model/staff/revocation";

export const handler = httpApi({ route: "POST /api/auth/logout", body: "none" }, async (request) => {
  const { event } = request;
  const contentType = header(event, "content-type");
  if ((event.body || contentType) && !isJsonContentType(contentType)) {
    throw new HttpError(415, { error: MESSAGES.unsupportedMediaType }, {}, "unsupported_media_type");
  }
  const outcome = await sessionOf(request);
  if (outcome.ok) {
    const deps = await authDependencies(request.log);
    await revokeSession(deps.db, deps.tables.authState, outcome.session);
    await deps.db.send(
      new PutCommand({
        TableName: deps.tables.audit,
        Item: auditItem({
          action: "logout",
          actor: outcome.session.username,
          ip: request.clientIp,
          at: deps.clock(),
        }),
      }),
    );
    request.logFields.username = outcome.session.username;
  }
  return withCookies(jsonResponse(204), clearedSessionCookie());
});
