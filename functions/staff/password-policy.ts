/**
 * The one rule for a new staff password, used wherever one is set: account creation (the admin
 * command and the local first admin), password reset, and later invitations and password change
 * (docs/decisions/0053-password-policy.md).
 *
 * - 12 to 256 characters;
 * - not easy to guess, judged offline by zxcvbn-ts with its common-password and common-word lists
 *   (the maintained port of Dropbox's zxcvbn): a known password, a keyboard walk, a sequence or a
 *   word with digits ("password1234") is refused, as is one built from the username or e-mail.
 */
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
/** zxcvbn's score 3: about 10^8 guesses or more ("safely unguessable" against a slow hash). */
export const PASSWORD_MIN_SCORE = 3;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  tooEasy:
    "Password is too easy to guess: avoid common passwords, names, keyboard patterns and simple sequences",
} as const;

let factory: Promise<ZxcvbnFactory> | undefined;
/**
 * Loaded and built on first use, never at cold start: the lists are ~430 KiB of code and building
 * them takes ~150 ms, and most requests of the functions that set passwords do not. Bundled, the
 * two imports are chunks shipped beside index.mjs (infra/build/functions.ts).
 */
function estimator(): Promise<ZxcvbnFactory> {
  factory ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(
    ([{ ZxcvbnFactory }, common]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary },
        graphs: common.adjacencyGraphs,
        maxLength: PASSWORD_MAX_LENGTH,
      }),
  );
  return factory;
}

export interface PasswordContext {
  readonly username?: string;
  readonly email?: string;
}

/** Why this password may not be set, or undefined when it may. */
export async function passwordProblem(
  password: string,
  context: PasswordContext = {},
): Promise<string | undefined> {
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  const personal = ["repdesk", context.username, context.email, context.email?.split("@")[0]].filter(
    (value): value is string => Boolean(value),
  );
  if ((await estimator()).check(password, personal).score < PASSWORD_MIN_SCORE)
    return PASSWORD_MESSAGES.tooEasy;
  return undefined;
}
