/**
 * The browser side of passkeys (docs/decisions/0073-passkeys.md): the server's options, the
 * browser's ceremony through @simplewebauthn/browser (loaded only when a passkey is used, so it
 * stays out of every page's start), the answer back to the server. A refusal by the browser or
 * the authenticator becomes an ApiFailure with a sentence a person understands.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import type { StaffUserView } from "../../../../events";
import type { PasskeyView } from "../../../../events/passkeys";
import { ApiFailure, api } from "./api";

export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/** What the browser's refusal means (the names WebAuthn gives its errors). */
function ceremonyFailure(error: unknown): ApiFailure {
  const name = error instanceof Error ? error.name : "";
  const message =
    name === "NotAllowedError" || name === "AbortError"
      ? "The passkey request was cancelled or timed out."
      : name === "InvalidStateError"
        ? "This passkey is already registered."
        : name === "SecurityError"
          ? "Passkeys cannot be used at this address."
          : "Your browser could not use a passkey.";
  return new ApiFailure(0, message);
}

const browser = () => import("@simplewebauthn/browser");

/** Adds a passkey to the signed-in account; the password is asked again by the server. */
export async function addPasskey(password: string, name?: string): Promise<PasskeyView> {
  const { options } = await api.passkeyOptions(password);
  const { startRegistration } = await browser();
  let response: unknown;
  try {
    response = await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
  } catch (error) {
    throw ceremonyFailure(error);
  }
  return (await api.registerPasskey(response, name)).passkey;
}

/** Signs in with a passkey alone: the authenticator offers the ones it holds for this site. */
export async function signInWithPasskey(): Promise<StaffUserView> {
  const { options } = await api.passkeySignInOptions();
  const { startAuthentication } = await browser();
  let response: unknown;
  try {
    response = await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
  } catch (error) {
    throw ceremonyFailure(error);
  }
  return (await api.passkeySignIn(response)).user;
}
