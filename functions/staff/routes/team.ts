/**
 * The Team page's API (Admin only; the role is read from the account on every request):
 *   GET    /api/team                                   members, invitations, audit entries
 *   POST   /api/team/invitations                       invite { email, role } (e-mail with a link)
 *   POST   /api/team/invitations/{id}/resend           new link, new 72 hours
 *   DELETE /api/team/invitations/{id}                  revoke
 *   PATCH  /api/team/members/{username}                { role } and/or { active }
 *   POST   /api/team/members/{username}/reset-second-factor
 */
import { InvitationRequest, MemberUpdateRequest, TEAM_MESSAGES } from "../../../events/team";
import { requireEnv } from "../../lib/env";
import { type ApiRequest, HttpError, httpApi, httpRoutes, jsonResponse, validateBody } from "../../lib/http";
import { invitationEmail } from "../../model/mail/staff-emails";
import { sendStaffEmail } from "../../model/mail/staff-mail";
import { requireSession, signedInSession, signedInUser } from "../../model/staff/http-session";
import { changeInvitation, createInvitation, INVITATION_VALID_HOURS, listInvitations } from "../invitations";
import { type ManageOutcome, resetSecondFactor, teamAudit, updateMember } from "../manage";
import { listStaffMembers } from "../members";
import { teamDependencies } from "../team-deps";

const adminOnly = () => [requireSession({ role: "admin" })];

function pathParameter(request: ApiRequest, name: string): string {
  return (request.event.pathParameters?.[name] ?? "").slice(0, 200);
}

async function sendInvitation(
  request: ApiRequest,
  invitation: { email: string; role: "admin" | "staff" },
  token: string,
): Promise<void> {
  try {
    await sendStaffEmail(
      invitation.email,
      invitationEmail({
        siteUrl: requireEnv("SITE_URL"),
        token,
        role: invitation.role,
        invitedBy: signedInUser(request).username,
        validHours: INVITATION_VALID_HOURS,
      }),
    );
  } catch (error) {
    request.log.warn("invitation e-mail failed", { error: String(error) });
    // The invitation is stored; the Team page shows it with Resend.
    throw new HttpError(502, { error: TEAM_MESSAGES.emailFailed }, {}, "invitation_email_failed");
  }
}

function memberAnswer(outcome: ManageOutcome) {
  switch (outcome.kind) {
    case "done":
      return jsonResponse(200, { member: outcome.member });
    case "notFound":
      throw new HttpError(404, { error: TEAM_MESSAGES.noSuchMember }, {}, "not_found");
    case "lastAdmin":
      throw new HttpError(409, { error: TEAM_MESSAGES.lastAdmin }, {}, "last_admin");
    case "notYourself":
      throw new HttpError(409, { error: TEAM_MESSAGES.notYourself }, {}, "not_yourself");
  }
}

export const handler = httpRoutes({
  "GET /api/team": httpApi({ route: "GET /api/team", extraMiddlewares: adminOnly() }, async () => {
    const deps = teamDependencies();
    const [members, invitations, audit] = await Promise.all([
      listStaffMembers(deps),
      listInvitations(deps),
      teamAudit(deps),
    ]);
    return jsonResponse(200, { members, invitations, audit });
  }),

  "POST /api/team/invitations": httpApi(
    { route: "POST /api/team/invitations", extraMiddlewares: adminOnly() },
    async (request) => {
      const input = validateBody(request, InvitationRequest);
      const outcome = await createInvitation(teamDependencies(), {
        ...input,
        actor: signedInUser(request).username,
        ip: request.clientIp,
      });
      if (outcome.kind === "alreadyMember")
        throw new HttpError(409, { error: TEAM_MESSAGES.alreadyMember }, {}, "already_member");
      if (outcome.kind === "alreadyInvited")
        throw new HttpError(409, { error: TEAM_MESSAGES.alreadyInvited }, {}, "already_invited");
      await sendInvitation(request, outcome.invitation, outcome.token);
      return jsonResponse(201, { invitation: outcome.invitation });
    },
  ),

  ...Object.fromEntries(
    (
      [
        ["POST /api/team/invitations/{id}/resend", "resend"],
        ["DELETE /api/team/invitations/{id}", "revoke"],
      ] as const
    ).map(([route, change]) => [
      route,
      httpApi({ route, extraMiddlewares: adminOnly() }, async (request) => {
        const outcome = await changeInvitation(teamDependencies(), {
          id: pathParameter(request, "id"),
          change,
          actor: signedInUser(request).username,
          ip: request.clientIp,
        });
        if (outcome.kind === "notFound")
          throw new HttpError(404, { error: TEAM_MESSAGES.noSuchInvitation }, {}, "not_found");
        if (outcome.kind === "notPending")
          throw new HttpError(409, { error: TEAM_MESSAGES.invitationNotPending }, {}, "not_pending");
        if (outcome.kind === "alreadyInvited")
          throw new HttpError(409, { error: TEAM_MESSAGES.alreadyInvited }, {}, "already_invited");
        if (outcome.kind === "alreadyMember")
          throw new HttpError(409, { error: TEAM_MESSAGES.alreadyMember }, {}, "already_member");
        if (outcome.kind === "addressInvalid")
          throw new HttpError(409, { error: TEAM_MESSAGES.invitationAddressInvalid }, {}, "address_invalid");
        if (outcome.token) await sendInvitation(request, outcome.invitation, outcome.token);
        return jsonResponse(200, { invitation: outcome.invitation });
      }),
    ]),
  ),

  "PATCH /api/team/members/{username}": httpApi(
    { route: "PATCH /api/team/members/{username}", extraMiddlewares: adminOnly() },
    async (request) => {
      const change = validateBody(request, MemberUpdateRequest);
      return memberAnswer(
        await updateMember(teamDependencies(), {
          username: pathParameter(request, "username"),
          change,
          actor: signedInUser(request).username,
          ip: request.clientIp,
        }),
      );
    },
  ),

  "POST /api/team/members/{username}/reset-second-factor": httpApi(
    {
      route: "POST /api/team/members/{username}/reset-second-factor",
      extraMiddlewares: adminOnly(),
    },
    async (request) =>
      memberAnswer(
        await resetSecondFactor(teamDependencies(), {
          username: pathParameter(request, "username"),
          actor: signedInUser(request).username,
          actorSession: signedInSession(request).sessionId,
          ip: request.clientIp,
        }),
      ),
  ),
});
