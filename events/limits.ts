/** Upper bounds on free text, shared by the forms, the API and the tests. */
export const LIMITS = {
  name: 100,
  email: 254,
  company: 200,
  phone: 50,
  notes: 5000,
  message: 5000,
  /** Largest request body the API accepts, in bytes. */
  bodyBytes: 16 * 1024,
} as const;
