/** The HTTP answers of the passkey routes' refusals (docs/product/http-api.md). */
import { PASSKEY_MESSAGES } from "../../../events/passkeys";
import { HttpError } from "../../lib/http";

const ANSWERS = {
  challengeInvalid: [400, "passkey_challenge_invalid"],
  wrongSite: [400, "passkey_wrong_site"],
  invalid: [400, "passkey_invalid"],
  notRegistered: [401, "passkey_unknown"],
  notFound: [404, "not_found"],
  alreadyRegistered: [409, "passkey_registered"],
  tooMany: [409, "passkey_limit"],
  lastFactor: [409, "passkey_last_factor"],
} as const satisfies Record<string, readonly [number, string]>;

/** `status` overrides the usual one (an unverifiable answer at sign-in is a 401, not a 400). */
export function passkeyError(kind: keyof typeof ANSWERS, status?: number): HttpError {
  const [usual, code] = ANSWERS[kind];
  return new HttpError(status ?? usual, { error: PASSKEY_MESSAGES[kind] }, {}, code);
}
