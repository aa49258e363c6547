import * as z from "zod";
import "./jitless";
import { StaffUserView } from "./staff";

/** Body of POST /api/auth/login. `code` is the TOTP code, sent once the server asks for it. */
export const LoginRequest = z.object({
  username: z
    .string({ error: "Username is required" })
    .trim()
    .min(1, { error: "Username is required" })
    .max(128, { error: "Username is too long" }),
  password: z
    .string({ error: "Password is required" })
    .min(1, { error: "Password is required" })
    .max(256, { error: "Password is too long" }),
  code: z
    .string({ error: "Code must be text" })
    .trim()
    .max(16, { error: "Code is too long" })
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** Answer of GET /api/auth/user (never 401) and of a successful POST /api/auth/login. */
export const AuthUserResponse = z.object({ user: StaffUserView.nullable() });
export type AuthUserResponse = z.infer<typeof AuthUserResponse>;

/** The answers people see from the auth routes (the Command Center shows the server's text). */
export const AUTH_MESSAGES = {
  invalidCredentials: "Invalid username or password",
  accountThrottled:
    "Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.",
  ipThrottled: "Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.",
  codeRequired: "Enter the 6-digit code from your authenticator app",
  codeInvalid: "Invalid verification code",
  mfaNotEnrolled:
    "Two-factor sign-in is required, but no authenticator is enrolled for this account. Ask an administrator to enrol one.",
  signInRequired: "Please sign in",
  /** The stage requires a second factor and the account's is a passkey (docs/decisions/0073-passkeys.md). */
  usePasskey: "This Command Center requires a second factor: sign in with your passkey.",
} as const;

/** The login answer's fieldErrors key that tells the client to show the code field. */
export const MFA_CODE_FIELD = "code";

/** The "This wasn't me" answers (POST /api/auth/not-me -> 200 { message }; docs/decisions/0082). */
export const NOT_ME_MESSAGES = {
  invalidLink:
    "This link is not valid: it may have expired, been used already, or been voided when an earlier link of the same account was used. If you are worried about your account, ask for a new password and tell an admin.",
  done: "Every session of your account has ended and the password reset links sent so far no longer work.",
  /** The link of an address change that had not taken effect yet (docs/decisions/0121). */
  emailChangeCancelled: "The change of your e-mail address was cancelled: it never took effect.",
  /** The link went to an address the account no longer has (docs/decisions/0121). */
  locked:
    "This notice went to an address that is no longer the account's, so the account is now locked: nobody can sign in or reset its password until an admin unlocks it. Tell an admin now.",
  passkeyRemoved: "The passkey that was added has been removed.",
  totpAdded:
    "If you cannot sign in because of an authenticator app you did not set up, ask an admin to reset your second factor.",
  nextStep:
    "Whoever made the change may know your password: ask for a reset link now and choose a new password, then tell an admin.",
  throttled: "Too many attempts from your network. Please wait 15 minutes and try again.",
} as const;
