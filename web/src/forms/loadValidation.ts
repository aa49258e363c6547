/**
 * The signup validation chunk (zod + the events/ schemas), loaded on demand. zod is jitless there
 * as everywhere (events/jitless.ts): the CSP allows no eval.
 */
export function loadSignupValidation() {
  return import("./signup-validation");
}
