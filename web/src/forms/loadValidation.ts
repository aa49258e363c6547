/**
 * The signup validation chunk (zod + the events/ schemas), loaded on demand.
 *
 * zod's compiled fast path probes `new Function` while it builds object schemas; the CSP
 * (script-src 'self') forbids eval and reports each probe as a violation. zod reads its settings
 * from `globalThis.__zod_globalConfig`, so `jitless` is set there before the chunk (and zod with it)
 * is evaluated — without importing zod here. The interpreted path is plenty fast for one form.
 */
export function loadSignupValidation() {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
  return import("./signup-validation");
}
