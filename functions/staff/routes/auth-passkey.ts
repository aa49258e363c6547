/**
 * Signing in with a passkey (docs/decisions/0073-passkeys.md; docs/product/http-api.md):
 *   POST /api/auth/passkey/options  WebAuthn request options with a fresh single-use challenge
 *   POST /api/auth/passkey/verify   { response }: 200 { user } + session cookie, as POST /api/auth/login
 */
import { PASSKEY_MESSAGES, PasskeySignInRequest } from "../../../events/passkeys";
import { STAFF_MESSAGES } from "../../../events/staff";
import {
  HttpError,
  header,
  httpApi,
  httpRoutes,
  jsonResponse,
  tooManyRequests,
  validateBody,
} from "../../lib/http";
import { signedInResponse } from "../../model/staff/http-session";
import { passkeySignInOptions, signInWithPasskey } from "../passkey-sign-in";
import { passkeyDependencies } from "../passkeys";
import { passkeyError } from "./passkey-errors";

export const handler = httpRoutes({
  "POST /api/auth/passkey/options": httpApi({ route: "POST /api/auth/passkey/options" }, async (request) =>
    jsonResponse(200, { options: await passkeySignInOptions(await passkeyDependencies(request.log)) }),
  ),

  "POST /api/auth/passkey/verify": httpApi({ route: "POST /api/auth/passkey/verify" }, async (request) => {
    const { response } = validateBody(request, PasskeySignInRequest);
    const outcome = await signInWithPasskey(await passkeyDependencies(request.log), {
      response,
      ip: request.clientIp,
      userAgent: header(request.event, "user-agent"),
    });
    switch (outcome.kind) {
      case "success":
        return signedInResponse(request, outcome.issued, outcome.user);
      case "throttled":
        throw tooManyRequests(outcome.retryAfterSeconds, PASSKEY_MESSAGES.throttled);
      case "challengeInvalid":
      case "wrongSite":
      case "notRegistered":
        throw passkeyError(outcome.kind);
      case "invalid":
        throw passkeyError("invalid", 401);
      case "deactivated":
        throw new HttpError(403, { error: STAFF_MESSAGES.accountDeactivated }, {}, "account_deactivated");
    }
  }),
});
