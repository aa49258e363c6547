/**
 * Passkeys (WebAuthn) of staff accounts (docs/decisions/0073-passkeys.md): the Account page's list
 * and its add/rename/remove calls, and the sign-in with a passkey on the login screen.
 */
import * as z from "zod";
import "./jitless";
import { isOneLine } from "./desk";

export const PASSKEY_NAME_MAX = 60;
/** Passkeys one account may hold (each is a way in; a long list is a list nobody reviews). */
export const MAX_PASSKEYS = 10;

/** base64url text as WebAuthn's JSON carries binary fields; bounded, and a linear pattern. */
const base64url = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .max(max, { error: `${field} is too long` })
    .regex(/^[A-Za-z0-9_-]*$/, { error: `${field} must be base64url` });

const passkeyName = z
  .string({ error: "Name must be text" })
  .trim()
  .min(1, { error: "Name is required" })
  .max(PASSKEY_NAME_MAX, { error: `Name must be ${PASSKEY_NAME_MAX} characters or fewer` })
  .refine(isOneLine, { error: "Name must be one line" });

const common = {
  id: base64url("id", 1400).min(1, { error: "id is required" }),
  rawId: base64url("rawId", 1400),
  type: z.literal("public-key", { error: "type must be public-key" }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

/** What navigator.credentials.create() answered, as @simplewebauthn/browser serializes it. */
export const RegistrationCredential = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url("clientDataJSON", 4096),
    attestationObject: base64url("attestationObject", 16_384),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});
export type RegistrationCredential = z.infer<typeof RegistrationCredential>;

/** What navigator.credentials.get() answered. */
export const AuthenticationCredential = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url("clientDataJSON", 4096),
    authenticatorData: base64url("authenticatorData", 4096),
    signature: base64url("signature", 2048),
    userHandle: base64url("userHandle", 256).optional(),
  }),
});
export type AuthenticationCredential = z.infer<typeof AuthenticationCredential>;

/** One of the signed-in member's passkeys (GET /api/account/passkeys). */
export const PasskeyView = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyView = z.infer<typeof PasskeyView>;

export const PasskeyListResponse = z.object({ passkeys: z.array(PasskeyView) });
export type PasskeyListResponse = z.infer<typeof PasskeyListResponse>;

/** Body of POST /api/account/passkeys/options: adding a way in asks for the password again. */
export const PasskeyOptionsRequest = z.object({
  password: z
    .string({ error: "Current password is required" })
    .min(1, { error: "Current password is required" })
    .max(256, { error: "Password is too long" }),
});
export type PasskeyOptionsRequest = z.infer<typeof PasskeyOptionsRequest>;

/** Body of POST /api/account/passkeys: the browser's answer to those options, and a name. */
export const PasskeyRegisterRequest = z.object({
  name: passkeyName.optional(),
  response: RegistrationCredential,
});
export type PasskeyRegisterRequest = z.infer<typeof PasskeyRegisterRequest>;

/** Body of PATCH /api/account/passkeys/{id}. */
export const PasskeyRenameRequest = z.object({ name: passkeyName });
export type PasskeyRenameRequest = z.infer<typeof PasskeyRenameRequest>;

/** Body of POST /api/auth/passkey/verify. */
export const PasskeySignInRequest = z.object({ response: AuthenticationCredential });
export type PasskeySignInRequest = z.infer<typeof PasskeySignInRequest>;

/** The answers people see from the passkey routes. */
export const PASSKEY_MESSAGES = {
  challengeInvalid: "This passkey request has expired or was already used. Please try again.",
  wrongSite: "This passkey was made for another site and cannot be used here.",
  notRegistered: "This passkey is not registered for this Command Center.",
  invalid: "The passkey could not be verified. Please try again.",
  alreadyRegistered: "This passkey is already registered.",
  tooMany: `You can register at most ${MAX_PASSKEYS} passkeys. Remove one first.`,
  notFound: "No such passkey.",
  lastFactor:
    "A second factor is required on this Command Center. Add another passkey or an authenticator app before removing this one.",
  throttled: "Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.",
} as const;
