/**
 * The signed-in staff member's own account: PUT /api/account/email (accounts created before
 * accounts had an address are asked for it after sign-in).
 */
import { AccountEmailRequest } from "../../events";
import { documentClient } from "../auth/clients";
import { requireSession, signedInUser } from "../auth/http-session";
import { normalizeEmail, UsersRepository } from "../auth/users";
import { tableName } from "../lib/env";
import { httpApi, httpRoutes, jsonResponse, validateBody } from "./middleware";

export const handler = httpRoutes({
  "PUT /api/account/email": httpApi(
    { route: "PUT /api/account/email", extraMiddlewares: [requireSession()] },
    async (request) => {
      const { email } = validateBody(request, AccountEmailRequest);
      const user = signedInUser(request);
      await new UsersRepository(documentClient(), tableName("users")).setEmail(user.username, email);
      return jsonResponse(200, { user: { ...user, email: normalizeEmail(email) } });
    },
  ),
});
