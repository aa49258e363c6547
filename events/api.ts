import * as z from "zod";
import "./jitless";

/** 201 answer of POST /api/signup and POST /api/contact. */
export const Created = z.object({ ok: z.literal(true), id: z.string() });
export type Created = z.infer<typeof Created>;

/** Every error answer of the API. */
export const ApiError = z.object({
  error: z.string().min(1),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/** Field name -> first message, from a failed zod parse. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    fieldErrors[field] ??= issue.message;
  }
  return fieldErrors;
}
