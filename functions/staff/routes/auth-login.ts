/** POST /api/auth/login — docs/product/http-api.md: 200 { user: { username, email, role } } + session cookie, 401 "Invalid username or password". */
import { AUTH_MESSAGES, LoginRequest, MFA_CODE_FIELD } from "../../../events/auth";
import { STAFF_MESSAGES } from "../../../events/staff";
import { randomId } from "../../lib/clock";
import { HttpError, header, httpApi, tooManyRequests, validateBody } from "../../lib/http";
import type { AccountUnderAttack } from "../../model/staff/auth-deps";
import { authDependencies, signedInResponse } from "../../model/staff/http-session";
import { tableName } from "../../model/tables";
import { raiseAccountLockedAlert } from "../attack-alert";
import { login } from "../login";

export const handler = httpApi({ route: "POST /api/auth/login" }, async (request) => {
  const input = validateBody(request, LoginRequest);
  const base = await authDependencies(request.log);
  const deps = {
    ...base,
    onAccountUnderAttack: async (attack: AccountUnderAttack) => {
      const raised = await raiseAccountLockedAlert(
        {
          db: base.db,
          tables: { authState: base.tables.authState, outbox: tableName("outbox") },
          newId: randomId,
        },
        attack,
      );
      if (raised)
        request.log.warn("account locked by failed sign-ins: owner alerted", { username: attack.username });
    },
  };
  const outcome = await login(deps, {
    ...input,
    ip: request.clientIp,
    userAgent: header(request.event, "user-agent"),
  });
  switch (outcome.kind) {
    case "success":
      return signedInResponse(request, outcome.issued, outcome.user);
    case "invalid":
      throw new HttpError(401, { error: AUTH_MESSAGES.invalidCredentials }, {}, "invalid_credentials");
    case "throttled":
      throw tooManyRequests(
        outcome.retryAfterSeconds,
        outcome.scope === "account" ? AUTH_MESSAGES.accountThrottled : AUTH_MESSAGES.ipThrottled,
      );
    case "codeRequired":
      throw new HttpError(
        401,
        { error: AUTH_MESSAGES.codeRequired, fieldErrors: { [MFA_CODE_FIELD]: AUTH_MESSAGES.codeRequired } },
        {},
        "mfa_code_required",
      );
    case "codeInvalid":
      throw new HttpError(
        401,
        { error: AUTH_MESSAGES.codeInvalid, fieldErrors: { [MFA_CODE_FIELD]: AUTH_MESSAGES.codeInvalid } },
        {},
        "mfa_code_invalid",
      );
    case "deactivated":
      throw new HttpError(403, { error: STAFF_MESSAGES.accountDeactivated }, {}, "account_deactivated");
    case "mfaNotEnrolled":
      throw new HttpError(403, { error: AUTH_MESSAGES.mfaNotEnrolled }, {}, "mfa_not_enrolled");
    case "usePasskey":
      throw new HttpError(403, { error: AUTH_MESSAGES.usePasskey }, {}, "use_passkey");
  }
});
