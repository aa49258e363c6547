/**
 * The Team page and invitations (Admin only), and accepting an invitation (public, by token).
 * Used by functions/staff/routes/team.ts, functions/staff/routes/invitation.ts, the Command Center and the tests.
 */
import * as z from "zod";
import "./jitless";
import { emailField } from "./fields";
import { StaffMember, StaffRole } from "./staff";

/** An invited address becomes the new member's username, so it must fit one (64 characters). */
export const INVITATION_EMAIL_MAX = 64;

/** Body of POST /api/team/invitations. */
export const InvitationRequest = z.object({
  email: emailField.max(INVITATION_EMAIL_MAX, {
    error: `Email must be ${INVITATION_EMAIL_MAX} characters or fewer`,
  }),
  role: StaffRole,
});
export type InvitationRequest = z.infer<typeof InvitationRequest>;

export const INVITATION_STATES = ["pending", "accepted", "revoked", "expired"] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const InvitationView = z.object({
  id: z.string(),
  email: z.string(),
  role: StaffRole,
  invitedBy: z.string(),
  createdAt: z.string(),
  /** When the link stops working (72 hours after it was last sent). */
  expiresAt: z.string(),
  state: z.enum(INVITATION_STATES),
});
export type InvitationView = z.infer<typeof InvitationView>;

/** Body of PATCH /api/team/members/{username}: a new role, or deactivate (false) / reactivate (true). */
export const MemberUpdateRequest = z
  .object({
    role: StaffRole.optional(),
    active: z.boolean({ error: "active must be true or false" }).optional(),
  })
  .refine((value) => value.role !== undefined || value.active !== undefined, {
    error: "Give a role or active",
  });
export type MemberUpdateRequest = z.infer<typeof MemberUpdateRequest>;

export const TEAM_AUDIT_ACTIONS = [
  "team.invite",
  "team.invite.resend",
  "team.invite.revoke",
  "team.invite.accept",
  "team.role",
  "team.deactivate",
  "team.reactivate",
  "team.second-factor.reset",
  "team.password.forgot",
  "team.password.reset",
  // Outbound integrations (docs/product/webhooks.md): the target is the endpoint's id.
  "team.integration.add",
  "team.integration.edit",
  "team.integration.pause",
  "team.integration.resume",
  "team.integration.delete",
  "team.integration.rotate",
  "team.integration.replay",
  "team.integration.test",
] as const;
export type TeamAuditAction = (typeof TEAM_AUDIT_ACTIONS)[number];

export const TEAM_AUDIT_LABELS: Record<TeamAuditAction, string> = {
  "team.invite": "Invited",
  "team.invite.resend": "Resent invitation to",
  "team.invite.revoke": "Revoked invitation of",
  "team.invite.accept": "Accepted invitation",
  "team.role": "Changed role of",
  "team.deactivate": "Deactivated",
  "team.reactivate": "Reactivated",
  "team.second-factor.reset": "Reset second factor of",
  "team.password.forgot": "Asked for a password reset link",
  "team.password.reset": "Chose a new password with a reset link",
  "team.integration.add": "Added integration",
  "team.integration.edit": "Edited integration",
  "team.integration.pause": "Paused integration",
  "team.integration.resume": "Resumed integration",
  "team.integration.delete": "Deleted integration",
  "team.integration.rotate": "Rotated the secret of integration",
  "team.integration.replay": "Replayed deliveries of integration",
  "team.integration.test": "Sent a test event to integration",
};

/** One line of the Team page's audit list: who did what to whom, and when. */
export const TeamAuditEntry = z.object({
  action: z.enum(TEAM_AUDIT_ACTIONS),
  actor: z.string(),
  target: z.string().optional(),
  at: z.string(),
  /** e.g. the new role. */
  detail: z.string().optional(),
});
export type TeamAuditEntry = z.infer<typeof TeamAuditEntry>;

/** Answer of GET /api/team. */
export const TeamResponse = z.object({
  members: z.array(StaffMember),
  invitations: z.array(InvitationView),
  audit: z.array(TeamAuditEntry),
});
export type TeamResponse = z.infer<typeof TeamResponse>;

/** A one-time link's token ("<id>.<secret>", base64url), as the link carries it. */
export const oneTimeToken = z
  .string({ error: "This link is not valid" })
  .max(200, { error: "This link is not valid" })
  .regex(/^[A-Za-z0-9_-]{8,64}\.[A-Za-z0-9_-]{22,86}$/, { error: "This link is not valid" });

/** Body of POST /api/auth/invitation/check. */
export const InvitationCheckRequest = z.object({ token: oneTimeToken });
/** Answer of POST /api/auth/invitation/check: what the link invites to. */
export const InvitationPreview = z.object({ email: z.string(), role: StaffRole });
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/** A new password as a person types it (the policy is checked server-side). */
export const newPasswordField = z
  .string({ error: "Password is required" })
  .min(1, { error: "Password is required" })
  .max(256, { error: "Password is too long" });

/** Body of POST /api/auth/invitation/accept. */
export const InvitationAcceptRequest = z.object({ token: oneTimeToken, password: newPasswordField });
export type InvitationAcceptRequest = z.infer<typeof InvitationAcceptRequest>;

export const TEAM_MESSAGES = {
  invitationInvalid: "This invitation link is not valid. It may have expired, been used or been revoked.",
  alreadyMember: "A staff member with this e-mail address already exists.",
  alreadyInvited: "This address already has a pending invitation. Resend it instead.",
  invitationNotPending: "This invitation is no longer pending.",
  invitationAddressInvalid:
    "This invitation's address is not a plain e-mail address. Revoke it and invite the address again.",
  lastAdmin: "The last active admin cannot be removed or demoted.",
  notYourself: "You cannot deactivate your own account.",
  noSuchMember: "No such staff member.",
  noSuchInvitation: "No such invitation.",
  emailFailed: "The invitation was saved, but the e-mail could not be sent. Please use Resend.",
} as const;

/** Body of POST /api/auth/password/forgot: the account's e-mail address or username. */
export const ForgotPasswordRequest = z.object({
  login: z
    .string({ error: "Enter your e-mail address or username" })
    .trim()
    .min(1, { error: "Enter your e-mail address or username" })
    .max(254, { error: "Enter your e-mail address or username" }),
});
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/** Body of POST /api/auth/password/reset: the e-mailed link's token and the new password. */
export const PasswordResetRequest = z.object({ token: oneTimeToken, password: newPasswordField });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

/** The forgotten-password answers (docs/decisions/0063). */
export const PASSWORD_RESET_MESSAGES = {
  /** The one answer to every request, whether or not an account matches. */
  sent: "If an account matches, we have sent a link to its e-mail address. It works once, for 1 hour.",
  invalidLink: "This password reset link is not valid. It may have expired or been used. Ask for a new one.",
  done: "Your password has been changed and every session has been signed out. Sign in with your new password.",
  throttled: "Too many password reset requests. Please wait 15 minutes and try again.",
} as const;
