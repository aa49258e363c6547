/**
 * The forgotten password (public; docs/decisions/0063) and the other e-mailed link that secures an
 * account, "This wasn't me" (docs/decisions/0082):
 *   POST /api/auth/password/forgot  { login } -> 202 { message }, the same for every account or none
 *   POST /api/auth/password/check   { token } -> 200 {} or 400 with the link message
 *   POST /api/auth/password/reset   { token, password } -> 200 { message }; every session ends
 *   POST /api/auth/not-me           { token } -> 200 { message }: every session ends, reset links
 *                                   die, the change is undone where it can be; 400 with the link
 *                                   message; 429 over 10 requests from one address in 15 minutes
 *   POST /api/auth/email/confirm    { token } -> 200 { email, message }: the link sent to a new address
 *                                   makes it the account's (docs/decisions/0122); 400 with the link
 *                                   message, 409 when the address is no longer free, 429 as above
 * The token travels in the body (the link carries it in the URL fragment), never in a query string.
 */
import { NOT_ME_MESSAGES } from "../../../events/auth";
import { EMAIL_CHANGE_MESSAGES } from "../../../events/staff";
import {
  ForgotPasswordRequest,
  InvitationCheckRequest,
  PASSWORD_RESET_MESSAGES,
  PasswordResetRequest,
} from "../../../events/team";
import { systemClock } from "../../lib/clock";
import { requireEnv } from "../../lib/env";
import {
  HttpError,
  httpApi,
  httpRoutes,
  invalidFields,
  jsonResponse,
  tooManyRequests,
  validateBody,
} from "../../lib/http";
import { sleep } from "../../lib/transact";
import { passwordResetEmail } from "../../model/mail/staff-emails";
import { sendStaffEmail } from "../../model/mail/staff-mail";
import { documentClient } from "../../model/staff/clients";
import { hashPassword } from "../../model/staff/password";
import { tableName } from "../../model/tables";
import { changeNoticeDependencies } from "../account-changes";
import { confirmEmailChange } from "../email-confirm";
import { newPasswordProblem } from "../new-password";
import { type NotMeOutcome, undoChange } from "../not-me";
import {
  checkPasswordReset,
  type PasswordResetDependencies,
  RESET_VALID_MINUTES,
  requestPasswordReset,
  resetPassword,
} from "../password-reset";

/**
 * Every forgot-password answer leaves no earlier than this after the request arrived, whether an
 * e-mail was sent or not, so its timing does not tell which accounts exist.
 */
export const FORGOT_ANSWER_FLOOR_MS = 1_000;

const dependencies = (): PasswordResetDependencies => ({
  db: documentClient(),
  tables: { users: tableName("users"), authState: tableName("authState"), audit: tableName("audit") },
  clock: systemClock,
});

const invalidLink = () =>
  new HttpError(400, { error: PASSWORD_RESET_MESSAGES.invalidLink }, {}, "reset_link_invalid");
const invalidNotMeLink = () =>
  new HttpError(400, { error: NOT_ME_MESSAGES.invalidLink }, {}, "not_me_link_invalid");

/** The token of a body, or the link message (never a field error that names the token's shape). */
function tokenOf(body: unknown, invalid: () => HttpError = invalidLink): string {
  const check = InvitationCheckRequest.safeParse({ token: (body as { token?: unknown } | undefined)?.token });
  if (!check.success) throw invalid();
  return check.data.token;
}

/** What "This wasn't me" did, in the sentences the page shows. */
function notMeMessage(outcome: Extract<NotMeOutcome, { kind: "done" }>): string {
  return [
    NOT_ME_MESSAGES.done,
    outcome.emailChangeCancelled ? NOT_ME_MESSAGES.emailChangeCancelled : "",
    outcome.passkeyRemoved ? NOT_ME_MESSAGES.passkeyRemoved : "",
    outcome.change === "totp.enrol" ? NOT_ME_MESSAGES.totpAdded : "",
    outcome.locked ? NOT_ME_MESSAGES.locked : NOT_ME_MESSAGES.nextStep,
  ]
    .filter(Boolean)
    .join(" ");
}

export const handler = httpRoutes({
  "POST /api/auth/password/forgot": httpApi({ route: "POST /api/auth/password/forgot" }, async (request) => {
    const started = Date.now();
    const { login } = validateBody(request, ForgotPasswordRequest);
    const outcome = await requestPasswordReset(dependencies(), { login, ip: request.clientIp });
    if (outcome.kind === "throttled")
      throw tooManyRequests(outcome.retryAfterSeconds, PASSWORD_RESET_MESSAGES.throttled);
    if (outcome.mail) {
      try {
        await sendStaffEmail(
          outcome.mail.to,
          passwordResetEmail({
            siteUrl: requireEnv("SITE_URL"),
            token: outcome.mail.token,
            validMinutes: RESET_VALID_MINUTES,
          }),
        );
      } catch (error) {
        // The answer stays the same: a failure here must not tell that the account exists.
        request.log.error("password reset e-mail failed", { error: String(error) });
      }
    }
    await sleep(Math.max(0, started + FORGOT_ANSWER_FLOOR_MS - Date.now()));
    return jsonResponse(202, { message: PASSWORD_RESET_MESSAGES.sent });
  }),

  "POST /api/auth/password/check": httpApi({ route: "POST /api/auth/password/check" }, async (request) => {
    if (!(await checkPasswordReset(dependencies(), tokenOf(request.body)))) throw invalidLink();
    return jsonResponse(200, {});
  }),

  "POST /api/auth/password/reset": httpApi({ route: "POST /api/auth/password/reset" }, async (request) => {
    const token = tokenOf(request.body);
    const { password } = validateBody(request, PasswordResetRequest);
    const deps = dependencies();
    const user = await checkPasswordReset(deps, token);
    if (!user) throw invalidLink();
    const problem = await newPasswordProblem(password, { username: user.username, email: user.email });
    if (problem) throw invalidFields({ password: problem });
    const outcome = await resetPassword(deps, {
      token,
      // Hashed only by the one request that holds the link.
      passwordHash: () => hashPassword(password),
      ip: request.clientIp,
    });
    if (outcome.kind === "invalid") throw invalidLink();
    request.logFields.username = outcome.username;
    return jsonResponse(200, { message: PASSWORD_RESET_MESSAGES.done });
  }),

  "POST /api/auth/email/confirm": httpApi({ route: "POST /api/auth/email/confirm" }, async (request) => {
    const invalid = () =>
      new HttpError(400, { error: EMAIL_CHANGE_MESSAGES.invalidLink }, {}, "email_link_invalid");
    const token = tokenOf(request.body, invalid);
    const outcome = await confirmEmailChange(
      { ...dependencies(), tables: { ...dependencies().tables, invitations: tableName("invitations") } },
      { token, ip: request.clientIp },
    );
    if (outcome.kind === "throttled")
      throw tooManyRequests(outcome.retryAfterSeconds, EMAIL_CHANGE_MESSAGES.throttled);
    if (outcome.kind === "invalid") throw invalid();
    if (outcome.kind === "unavailable")
      throw new HttpError(409, { error: EMAIL_CHANGE_MESSAGES.unavailable }, {}, "email_unavailable");
    return jsonResponse(200, { email: outcome.email, message: EMAIL_CHANGE_MESSAGES.confirmed });
  }),

  "POST /api/auth/not-me": httpApi({ route: "POST /api/auth/not-me" }, async (request) => {
    const token = tokenOf(request.body, invalidNotMeLink);
    const outcome = await undoChange(
      { ...changeNoticeDependencies(), tables: { ...dependencies().tables } },
      { token, ip: request.clientIp },
    );
    if (outcome.kind === "throttled")
      throw tooManyRequests(outcome.retryAfterSeconds, NOT_ME_MESSAGES.throttled);
    if (outcome.kind === "invalid") throw invalidNotMeLink();
    return jsonResponse(200, { message: notMeMessage(outcome) });
  }),
});
