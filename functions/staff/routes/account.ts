/**
 * The signed-in staff member's own account (security changes: docs/decisions/0082):
 *   GET    /api/account/email          { email, pending }: the address and a change awaiting its link
 *   PUT    /api/account/email          { email, password } -> 202 { email, pending }: a link goes to the
 *                                      new address (docs/decisions/0122); the old address is told
 *   DELETE /api/account/email          cancels the pending change -> 200 { email, pending: null }
 *   POST   /api/account/password       { currentPassword, newPassword }: other sessions end (announced)
 *   GET    /api/account/sessions       { sessions } with device, address, last use
 *   DELETE /api/account/sessions/{id}  ends one of them
 *   DELETE /api/account/sessions       ends every session but this one
 *   GET    /api/account/security       { totp, passkeys, mfaRequired }
 *   POST   /api/account/totp/start     { password }: a pending authenticator secret and its otpauth URI
 *   POST   /api/account/totp/confirm   { code }: the pending secret becomes the account's (announced)
 *   POST   /api/account/totp/remove    { password } or { code } (announced)
 * A wrong password is 400 `fieldErrors.password` and counts as a failed sign-in; a notice that
 * cannot be sent is 503 and nothing changes.
 */
import {
  ACCOUNT_MESSAGES,
  AccountEmailRequest,
  PasswordChangeRequest,
  ReauthenticationRequest,
  TotpConfirmRequest,
  TotpRemoveRequest,
} from "../../../events/staff";
import { systemClock } from "../../lib/clock";
import { requireEnv } from "../../lib/env";
import {
  HttpError,
  header,
  httpApi,
  httpRoutes,
  invalidFields,
  jsonResponse,
  tooManyRequests,
  validateBody,
  withCookies,
} from "../../lib/http";
import { documentClient } from "../../model/staff/clients";
import { sessionCookie } from "../../model/staff/cookie";
import { passwordRefused } from "../../model/staff/current-password";
import {
  authDependencies,
  requireSession,
  signedInSession,
  signedInUser,
} from "../../model/staff/http-session";
import { endSession, endSessions, listSessions } from "../../model/staff/sessions";
import { UsersRepository } from "../../model/staff/users";
import { tableName } from "../../model/tables";
import { announcerFor, changeNoticeDependencies } from "../account-changes";
import {
  accountEmail,
  cancelEmailChange,
  type EmailChangeDependencies,
  requestEmailChange,
} from "../account-email";
import { changePassword } from "../change-password";
import { confirmTotpEnrolment, removeTotp, startTotpEnrolment } from "../totp-enrolment";

const signedIn = () => [requireSession()];
const sessionTables = () => ({
  db: documentClient(),
  tables: { users: tableName("users"), authState: tableName("authState") },
});

/** The notices' clients and mailer, with the tables a change of address reads. */
const emailChangeDependencies = (): EmailChangeDependencies => {
  const notices = changeNoticeDependencies();
  return {
    ...notices,
    tables: { ...notices.tables, audit: tableName("audit"), invitations: tableName("invitations") },
  };
};

export const handler = httpRoutes({
  "GET /api/account/email": httpApi(
    { route: "GET /api/account/email", extraMiddlewares: signedIn() },
    async (request) =>
      jsonResponse(200, await accountEmail(emailChangeDependencies(), signedInUser(request).username)),
  ),

  "PUT /api/account/email": httpApi(
    { route: "PUT /api/account/email", extraMiddlewares: signedIn() },
    async (request) => {
      const input = validateBody(request, AccountEmailRequest);
      const { username } = signedInUser(request);
      const outcome = await requestEmailChange(emailChangeDependencies(), {
        username,
        ...input,
        ip: request.clientIp,
        announce: announcerFor(username, request.clientIp),
      });
      if (outcome.kind === "currentWrong" || outcome.kind === "throttled") throw passwordRefused(outcome);
      return jsonResponse(outcome.kind === "pending" ? 202 : 200, outcome.view);
    },
  ),

  "DELETE /api/account/email": httpApi(
    { route: "DELETE /api/account/email", extraMiddlewares: signedIn() },
    async (request) =>
      jsonResponse(
        200,
        await cancelEmailChange(emailChangeDependencies(), {
          username: signedInUser(request).username,
          ip: request.clientIp,
        }),
      ),
  ),

  "POST /api/account/password": httpApi(
    { route: "POST /api/account/password", extraMiddlewares: signedIn() },
    async (request) => {
      const input = validateBody(request, PasswordChangeRequest);
      const { username } = signedInUser(request);
      const outcome = await changePassword(await authDependencies(request.log), {
        username,
        sessionId: signedInSession(request).sessionId,
        ...input,
        ip: request.clientIp,
        userAgent: header(request.event, "user-agent"),
        announce: announcerFor(username, request.clientIp),
      });
      if (outcome.kind === "throttled")
        throw tooManyRequests(outcome.retryAfterSeconds, ACCOUNT_MESSAGES.passwordThrottled);
      if (outcome.kind === "currentWrong")
        throw invalidFields({ currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong });
      if (outcome.kind === "weak") throw invalidFields({ newPassword: outcome.problem });
      const { token, session } = outcome.issued;
      // The request's own renewed cookie (if any) must not win over the new session's.
      request.locals.sessionCookie = undefined;
      return withCookies(
        jsonResponse(200, { endedSessions: outcome.endedSessions }),
        sessionCookie(token, session.expiresAt - session.issuedAt),
      );
    },
  ),

  "GET /api/account/sessions": httpApi(
    { route: "GET /api/account/sessions", extraMiddlewares: signedIn() },
    async (request) => {
      const session = signedInSession(request);
      const sessions = await listSessions(
        sessionTables(),
        session.username,
        session.sessionId,
        systemClock(),
      );
      return jsonResponse(200, { sessions });
    },
  ),

  "DELETE /api/account/sessions": httpApi(
    { route: "DELETE /api/account/sessions", extraMiddlewares: signedIn() },
    async (request) => {
      const session = signedInSession(request);
      const endedSessions = await endSessions(sessionTables(), session.username, session.sessionId);
      return jsonResponse(200, { endedSessions });
    },
  ),

  "DELETE /api/account/sessions/{id}": httpApi(
    { route: "DELETE /api/account/sessions/{id}", extraMiddlewares: signedIn() },
    async (request) => {
      const id = (request.event.pathParameters?.id ?? "").slice(0, 100);
      const ended = await endSession(sessionTables(), signedInSession(request).username, id);
      if (!ended) throw new HttpError(404, { error: ACCOUNT_MESSAGES.noSuchSession }, {}, "not_found");
      return jsonResponse(204);
    },
  ),

  "GET /api/account/security": httpApi(
    { route: "GET /api/account/security", extraMiddlewares: signedIn() },
    async (request) => {
      const user = await new UsersRepository(documentClient(), tableName("users")).find(
        signedInUser(request).username,
      );
      return jsonResponse(200, {
        totp: Boolean(user?.totpSecret),
        passkeys: user?.passkeys?.length ?? 0,
        mfaRequired: requireEnv("MFA_REQUIRED"),
      });
    },
  ),

  "POST /api/account/totp/start": httpApi(
    { route: "POST /api/account/totp/start", extraMiddlewares: signedIn() },
    async (request) => {
      const { password } = validateBody(request, ReauthenticationRequest);
      const outcome = await startTotpEnrolment(await authDependencies(request.log), {
        username: signedInUser(request).username,
        password,
        ip: request.clientIp,
      });
      if (outcome.kind === "currentWrong" || outcome.kind === "throttled") throw passwordRefused(outcome);
      if (outcome.kind === "alreadyEnrolled")
        throw new HttpError(409, { error: ACCOUNT_MESSAGES.totpAlreadyEnrolled }, {}, "totp_enrolled");
      return jsonResponse(200, { secret: outcome.secret, uri: outcome.uri });
    },
  ),

  "POST /api/account/totp/confirm": httpApi(
    { route: "POST /api/account/totp/confirm", extraMiddlewares: signedIn() },
    async (request) => {
      const { code } = validateBody(request, TotpConfirmRequest);
      const { username } = signedInUser(request);
      const outcome = await confirmTotpEnrolment(await authDependencies(request.log), {
        username,
        code,
        ip: request.clientIp,
        announce: announcerFor(username, request.clientIp),
      });
      if (outcome.kind === "noPending")
        throw new HttpError(409, { error: ACCOUNT_MESSAGES.totpNoPending }, {}, "totp_no_pending");
      if (outcome.kind === "codeInvalid") throw invalidFields({ code: ACCOUNT_MESSAGES.totpCodeInvalid });
      return jsonResponse(200, { totp: true });
    },
  ),

  "POST /api/account/totp/remove": httpApi(
    { route: "POST /api/account/totp/remove", extraMiddlewares: signedIn() },
    async (request) => {
      const input = validateBody(request, TotpRemoveRequest);
      const { username } = signedInUser(request);
      const outcome = await removeTotp(await authDependencies(request.log), {
        username,
        ...input,
        ip: request.clientIp,
        announce: announcerFor(username, request.clientIp),
      });
      switch (outcome.kind) {
        case "removed":
          return jsonResponse(200, { totp: false });
        case "notEnrolled":
          throw new HttpError(409, { error: ACCOUNT_MESSAGES.totpNotEnrolled }, {}, "totp_not_enrolled");
        case "lastFactor":
          throw new HttpError(409, { error: ACCOUNT_MESSAGES.totpLastFactor }, {}, "totp_last_factor");
        case "codeInvalid":
          throw invalidFields({ code: ACCOUNT_MESSAGES.totpCodeInvalid });
        case "currentWrong":
        case "throttled":
          throw passwordRefused(outcome);
      }
    },
  ),
});
