/**
 * Accepting an invitation (public; the one-time token is the credential):
 *   POST /api/auth/invitation/check   { token } -> { email, role } or 400 with the link message
 *   POST /api/auth/invitation/accept  { token, password } -> 200 { user } + session cookie
 * The token travels in the body (the link carries it in the URL fragment), never in a query string.
 */
import { InvitationAcceptRequest, InvitationCheckRequest, TEAM_MESSAGES } from "../../../events/team";
import {
  badRequest,
  HttpError,
  header,
  httpApi,
  httpRoutes,
  invalidFields,
  jsonResponse,
  validateBody,
  withCookies,
} from "../../lib/http";
import { sessionCookie } from "../../model/staff/cookie";
import { authDependencies } from "../../model/staff/http-session";
import { hashPassword } from "../../model/staff/password";
import { staffUserViewOf } from "../../model/staff/users";
import { acceptInvitation, previewInvitation } from "../invitation-accept";
import { newPasswordProblem } from "../new-password";
import { startSession } from "../start-session";
import { teamDependencies } from "../team-deps";

const invalidLink = () =>
  new HttpError(400, { error: TEAM_MESSAGES.invitationInvalid }, {}, "invitation_invalid");

export const handler = httpRoutes({
  "POST /api/auth/invitation/check": httpApi(
    { route: "POST /api/auth/invitation/check" },
    async (request) => {
      const { token } = validateBody(request, InvitationCheckRequest);
      const preview = await previewInvitation(teamDependencies(), token);
      if (!preview) throw invalidLink();
      return jsonResponse(200, preview);
    },
  ),

  "POST /api/auth/invitation/accept": httpApi(
    { route: "POST /api/auth/invitation/accept" },
    async (request) => {
      const tokenCheck = InvitationCheckRequest.safeParse({ token: request.body?.token });
      if (!tokenCheck.success) throw invalidLink();
      const { token, password } = validateBody(request, InvitationAcceptRequest);
      const problem = await newPasswordProblem(password);
      if (problem) throw invalidFields({ password: problem });
      const deps = teamDependencies();
      if (!(await previewInvitation(deps, token))) throw invalidLink();
      const outcome = await acceptInvitation(deps, {
        token,
        // Hashed only by the one acceptance that holds the invitation.
        passwordHash: () => hashPassword(password),
        ip: request.clientIp,
      });
      if (outcome.kind === "invalid") throw invalidLink();
      if (outcome.kind === "alreadyMember") throw badRequest(TEAM_MESSAGES.alreadyMember, "already_member");
      const issued = await startSession(await authDependencies(request.log), {
        username: outcome.user.username,
        ip: request.clientIp,
        userAgent: header(request.event, "user-agent"),
        method: "invitation",
      });
      request.logFields.username = outcome.user.username;
      return withCookies(
        jsonResponse(200, { user: staffUserViewOf(outcome.user) }),
        sessionCookie(issued.token, issued.session.expiresAt - issued.session.issuedAt),
      );
    },
  ),
});
