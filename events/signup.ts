import * as z from "zod";
import "./jitless";
import { deskFields } from "./desk";
import {
  emailField,
  fillMsField,
  honeypotField,
  isoDateTime,
  optionalText,
  requiredText,
  submissionIdField,
} from "./fields";
import type { FormKey, SIGNUP_LEAD } from "./lead-fields";
import { LIMITS } from "./limits";

import { PRODUCT_LINES, TEAM_SIZES } from "./options";

export type { ProductLines, TeamSize } from "./options";
export { PRODUCT_LINES, PRODUCT_LINES_LABELS, TEAM_SIZE_LABELS, TEAM_SIZES } from "./options";

/**
 * The fields a prospect fills in on /signup, with the messages of docs/product/site.md: exactly the
 * form fields of SIGNUP_LEAD (events/lead-fields.ts), or this does not compile.
 */
export const signupFields = {
  firstName: requiredText("First name is required", LIMITS.name, "First name"),
  lastName: requiredText("Last name is required", LIMITS.name, "Last name"),
  email: emailField,
  teamSize: z.enum(TEAM_SIZES, { error: "Please select your team size" }),
  productLines: z.enum(PRODUCT_LINES, { error: "Please select your product line focus" }),
  notes: optionalText(LIMITS.notes, "Notes"),
} satisfies Record<FormKey<typeof SIGNUP_LEAD>, z.ZodType>;

/** Body of POST /api/signup. */
export const SignupRequest = z.object({
  ...signupFields,
  submissionId: submissionIdField,
  website: honeypotField,
  fillMs: fillMsField,
});
export type SignupRequest = z.infer<typeof SignupRequest>;
/** What the web form holds before validation (every field a string). */
export type SignupFormInput = z.input<typeof SignupRequest>;

/** A stored signup, as the API returns it (docs/product/http-api.md). */
export const Signup = z.object({
  // Every field SIGNUP_LEAD describes, and no other, or this does not compile.
  ...({
    id: z.string().min(1),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    teamSize: z.enum(TEAM_SIZES),
    productLines: z.enum(PRODUCT_LINES),
    notes: z.string().optional(),
    createdAt: isoDateTime,
    ipAddress: z.string().optional(),
    country: z.string().optional(),
    countryCode: z.string().length(2).optional(),
  } satisfies Record<keyof typeof SIGNUP_LEAD, z.ZodType>),
  /** When the notify worker had sent every e-mail of its event (the staff alert first). */
  notifiedAt: isoDateTime.optional(),
  ...deskFields,
});
export type Signup = z.infer<typeof Signup>;
