/**
 * The signed-in member's passkeys (docs/decisions/0073-passkeys.md; docs/product/http-api.md):
 *   GET    /api/account/passkeys           { passkeys }: name, added, last used
 *   POST   /api/account/passkeys/options   { password }: WebAuthn creation options (challenge 5 min, once)
 *   POST   /api/account/passkeys           { name?, response }: the browser's answer; 201 { passkey }
 *   PATCH  /api/account/passkeys/{id}      { name }
 *   DELETE /api/account/passkeys/{id}      { password }: 204; 409 where it is the last second factor a stage requires
 * Adding and removing one are announced to the owner first (docs/decisions/0082; 503 when the
 * notice cannot be sent, and nothing changes).
 */
import {
  PasskeyOptionsRequest,
  PasskeyRegisterRequest,
  PasskeyRenameRequest,
} from "../../../events/passkeys";
import { ReauthenticationRequest } from "../../../events/staff";
import { requireSession, signedInUser } from "../../model/staff/http-session";
import { announcerFor } from "../account-changes";

/** The passkey code and, through it, the WebAuthn library load on the first request that needs them. */
const passkeys = () => import("../passkeys");

import { type ApiRequest, header, httpApi, httpRoutes, jsonResponse, validateBody } from "../../lib/http";
import { passwordRefused } from "../../model/staff/current-password";
import { UsersRepository } from "../../model/staff/users";
import { passkeyError } from "./passkey-errors";

const signedIn = () => [requireSession()];
const passkeyParameter = (request: ApiRequest) => (request.event.pathParameters?.id ?? "").slice(0, 64);

export const handler = httpRoutes({
  "GET /api/account/passkeys": httpApi(
    { route: "GET /api/account/passkeys", extraMiddlewares: signedIn() },
    async (request) => {
      const { listPasskeys, passkeyDependencies } = await passkeys();
      const deps = await passkeyDependencies(request.log);
      const user = await new UsersRepository(deps.db, deps.tables.users).find(signedInUser(request).username);
      return jsonResponse(200, { passkeys: user ? listPasskeys(user) : [] });
    },
  ),

  "POST /api/account/passkeys/options": httpApi(
    { route: "POST /api/account/passkeys/options", extraMiddlewares: signedIn() },
    async (request) => {
      const { password } = validateBody(request, PasskeyOptionsRequest);
      const { passkeyDependencies, startPasskeyRegistration } = await passkeys();
      const outcome = await startPasskeyRegistration(await passkeyDependencies(request.log), {
        username: signedInUser(request).username,
        password,
        ip: request.clientIp,
      });
      switch (outcome.kind) {
        case "options":
          return jsonResponse(200, { options: outcome.options });
        case "tooMany":
          throw passkeyError("tooMany");
        case "currentWrong":
        case "throttled":
          throw passwordRefused(outcome);
      }
    },
  ),

  "POST /api/account/passkeys": httpApi(
    { route: "POST /api/account/passkeys", extraMiddlewares: signedIn() },
    async (request) => {
      const input = validateBody(request, PasskeyRegisterRequest);
      const { finishPasskeyRegistration, passkeyDependencies } = await passkeys();
      const { username } = signedInUser(request);
      const outcome = await finishPasskeyRegistration(await passkeyDependencies(request.log), {
        username,
        ...input,
        ip: request.clientIp,
        userAgent: header(request.event, "user-agent"),
        announce: announcerFor(username, request.clientIp),
      });
      if (outcome.kind !== "added") throw passkeyError(outcome.kind);
      return jsonResponse(201, { passkey: outcome.passkey });
    },
  ),

  "PATCH /api/account/passkeys/{id}": httpApi(
    { route: "PATCH /api/account/passkeys/{id}", extraMiddlewares: signedIn() },
    async (request) => {
      const { name } = validateBody(request, PasskeyRenameRequest);
      const { passkeyDependencies, renamePasskey } = await passkeys();
      const outcome = await renamePasskey(await passkeyDependencies(request.log), {
        username: signedInUser(request).username,
        id: passkeyParameter(request),
        name,
      });
      if (outcome.kind === "notFound") throw passkeyError("notFound");
      return jsonResponse(200, { passkey: outcome.passkey });
    },
  ),

  "DELETE /api/account/passkeys/{id}": httpApi(
    // The password travels in the body, as for every change of a way in.
    { route: "DELETE /api/account/passkeys/{id}", body: "json", extraMiddlewares: signedIn() },
    async (request) => {
      const { password } = validateBody(request, ReauthenticationRequest);
      const { passkeyDependencies, removePasskey } = await passkeys();
      const { username } = signedInUser(request);
      const outcome = await removePasskey(await passkeyDependencies(request.log), {
        username,
        id: passkeyParameter(request),
        password,
        ip: request.clientIp,
        announce: announcerFor(username, request.clientIp),
      });
      if (outcome.kind === "currentWrong" || outcome.kind === "throttled") throw passwordRefused(outcome);
      if (outcome.kind !== "removed") throw passkeyError(outcome.kind);
      return jsonResponse(204);
    },
  ),
});
