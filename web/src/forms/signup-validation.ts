/**
 * Loaded on demand (first input / submit) through `loadSignupValidation`: zod and the request
 * schema are too heavy for the first-load budget, and the rules must be the very ones the API
 * applies (events/signup.ts).
 */
import { fieldErrorsOf } from "../../../events/api";
import { SignupRequest } from "../../../events/signup";

export function validateSignup(input: unknown): Record<string, string> | null {
  const result = SignupRequest.safeParse(input);
  return result.success ? null : fieldErrorsOf(result.error);
}
