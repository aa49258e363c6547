/**
 * Staff accounts of the Command Center as the web, the functions and the tests see them: the
 * roles, the signed-in user, a team member in lists (e.g. owner pickers) and the e-mail update.
 */
import * as z from "zod";
import "./jitless";
import { emailField } from "./fields";

/** Admin: everything, including the team. Staff: leads only. */
export const STAFF_ROLES = ["admin", "staff"] as const;
export const StaffRole = z.enum(STAFF_ROLES, { error: "Role must be admin or staff" });
export type StaffRole = z.infer<typeof StaffRole>;

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: "Admin", staff: "Staff" };

/**
 * The signed-in staff member (GET /api/auth/user, POST /api/auth/login). `email` is null for an
 * account created before accounts had an address; the Command Center asks for it after sign-in.
 */
export const StaffUserView = z.object({
  username: z.string(),
  email: z.string().nullable(),
  role: StaffRole,
});
export type StaffUserView = z.infer<typeof StaffUserView>;

/** A staff member as lists show them (the Team page, lead owner pickers). */
export const StaffMember = StaffUserView.extend({
  active: z.boolean(),
  createdAt: z.string(),
  /** A TOTP authenticator is enrolled. */
  totp: z.boolean(),
  /** Number of registered passkeys. */
  passkeys: z.number().int(),
  /** Start of the newest session still listed (sessions are kept 12 hours), null when none is. */
  lastSignInAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof StaffMember>;

/**
 * The current password, asked again before a change a stolen session must not make: a new address,
 * a second factor added or removed (docs/decisions/0082).
 */
export const currentPasswordField = z
  .string({ error: "Enter your current password" })
  .min(1, { error: "Enter your current password" })
  .max(256, { error: "Password is too long" });

/**
 * Body of PUT /api/account/email: the signed-in member's own address and their current password
 * (also for a first address: it is where reset links go).
 */
export const AccountEmailRequest = z.object({ email: emailField, password: currentPasswordField });
export type AccountEmailRequest = z.infer<typeof AccountEmailRequest>;

/** How long the link that confirms a new address works (docs/decisions/0122). */
export const EMAIL_CHANGE_VALID_HOURS = 24;

/** An address change waiting for its link to be followed (docs/decisions/0122). */
export const PendingEmailView = z.object({ email: z.string(), expiresAt: z.string() });
export type PendingEmailView = z.infer<typeof PendingEmailView>;

/**
 * GET, PUT (202) and DELETE /api/account/email: the account's address, and the change waiting for
 * confirmation, if any. The same answer whether or not the new address could ever be confirmed (it
 * tells nobody whether an address belongs to someone).
 */
export const AccountEmailView = z.object({
  email: z.string().nullable(),
  pending: PendingEmailView.nullable(),
});
export type AccountEmailView = z.infer<typeof AccountEmailView>;

/** The texts of a verified address change (docs/product/command-center.md, "Your account"). */
export const EMAIL_CHANGE_MESSAGES = {
  pending:
    "We sent a link to the new address. Your address changes once that link is followed, within 24 hours; until then reset links and notices go to your current address.",
  cancelled: "The change of your e-mail address was cancelled.",
  confirmed: "Your e-mail address has been changed. Password reset links and notices now go to it.",
  invalidLink:
    "This link is not valid: it may have expired, been used already, or been replaced by a newer change or a cancellation. Ask for the change again on your Account page.",
  unavailable:
    "This address cannot be used for your account any more. Ask for the change again with another address, or ask an admin.",
  throttled: "Too many attempts from your network. Please wait 15 minutes and try again.",
} as const;

/** Body of POST /api/account/totp/start and DELETE /api/account/passkeys/{id}. */
export const ReauthenticationRequest = z.object({ password: currentPasswordField });
export type ReauthenticationRequest = z.infer<typeof ReauthenticationRequest>;

/** The answers people see from the staff routes (the Command Center shows the server's text). */
export const STAFF_MESSAGES = {
  adminOnly: "Only administrators can do this.",
  accountDeactivated: "This account has been deactivated. Ask an administrator to reactivate it.",
  emailNeeded: "Add your e-mail address to continue",
} as const;

/** One of the signed-in member's sessions (GET /api/account/sessions). */
export const SessionView = z.object({
  id: z.string(),
  /** "Chrome 131 on Linux". */
  device: z.string(),
  ip: z.string().nullable(),
  startedAt: z.string(),
  lastUsedAt: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof SessionView>;

/** Body of POST /api/account/password. */
export const PasswordChangeRequest = z.object({
  currentPassword: z
    .string({ error: "Current password is required" })
    .min(1, { error: "Current password is required" })
    .max(256, { error: "Password is too long" }),
  newPassword: z
    .string({ error: "New password is required" })
    .min(1, { error: "New password is required" })
    .max(256, { error: "Password is too long" }),
});
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequest>;

export const ACCOUNT_MESSAGES = {
  currentPasswordWrong: "Current password is incorrect",
  noSuchSession: "No such session.",
  passwordThrottled: "Too many wrong passwords. Please wait 15 minutes and try again.",
  totpAlreadyEnrolled: "An authenticator app is already set up. Remove it first to set up another.",
  totpNoPending: "The set-up has expired. Start again.",
  totpCodeInvalid: "Invalid verification code",
  totpNotEnrolled: "No authenticator app is set up.",
  totpLastFactor:
    "A second factor is required on this Command Center. Add a passkey before removing your authenticator app.",
  totpRemoveProof: "Enter your current password or a code from your authenticator app",
  /** The notice of a security change could not be sent, so the change was not made (docs/decisions/0082). */
  noticeFailed:
    "We could not e-mail you about this change, so nothing was changed. Please try again in a moment.",
} as const;

/** GET /api/account/security: the member's second factors and whether the stage requires one. */
export const AccountSecurityResponse = z.object({
  totp: z.boolean(),
  /** Number of registered passkeys (docs/decisions/0073-passkeys.md). */
  passkeys: z.number().int(),
  mfaRequired: z.boolean(),
});
export type AccountSecurityResponse = z.infer<typeof AccountSecurityResponse>;

/** Answer of POST /api/account/totp/start: the pending secret (base32) and its otpauth:// URI. */
export const TotpStartResponse = z.object({ secret: z.string(), uri: z.string() });
export type TotpStartResponse = z.infer<typeof TotpStartResponse>;

const totpCodeField = z
  .string({ error: "Enter the 6-digit code" })
  .trim()
  .max(16, { error: "Code is too long" });

/** Body of POST /api/account/totp/confirm. */
export const TotpConfirmRequest = z.object({
  code: totpCodeField.min(1, { error: "Enter the 6-digit code" }),
});
export type TotpConfirmRequest = z.infer<typeof TotpConfirmRequest>;

/** Body of POST /api/account/totp/remove: the current password or a current code. */
export const TotpRemoveRequest = z
  .object({
    password: z
      .string({ error: "Password must be text" })
      .max(256, { error: "Password is too long" })
      .optional(),
    code: totpCodeField.optional(),
  })
  .refine((body) => Boolean(body.password || body.code), {
    error: "Enter your current password or a code from your authenticator app",
    path: ["password"],
  });
export type TotpRemoveRequest = z.infer<typeof TotpRemoveRequest>;

/** Answer of POST /api/account/password and DELETE /api/account/sessions (end all other sessions). */
export const EndedSessionsResponse = z.object({ endedSessions: z.number().int() });
export type EndedSessionsResponse = z.infer<typeof EndedSessionsResponse>;
