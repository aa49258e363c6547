/** Upper bounds on free text, shared by the forms, the API and the tests. */
export const LIMITS = {
  name: 100,
  email: 254,
  company: 200,
  phone: 50,
  notes: 5000,
  message: 5000,
  /**
   * Largest request body the API (and the WAF in front of it) accepts, in bytes. It must hold the
   * heaviest body the schemas accept: every field at its limit in characters JSON writes as
   * 6-byte escapes is ~34 KB (3-byte CJK text ~17 KB), so 16 KB refused valid messages (found by
   * the fuzzer, docs/decisions/0030). events/limits.test.ts keeps the two in step.
   */
  bodyBytes: 64 * 1024,
} as const;

/** The longest fill time a page reports (events/fields.ts `fillMsField`): a day; a tab left open longer sends this. */
export const FILL_MS_MAX = 86_400_000;
