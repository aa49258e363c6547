import { z } from "zod";
import { emailField, honeypotField, isoDateTime, optionalText, requiredText, submissionIdField } from "./fields";
import { LIMITS } from "./limits";

export const TEAM_SIZES = ["solo", "team"] as const;
export const PRODUCT_LINES = ["single", "multiple"] as const;
export type TeamSize = (typeof TEAM_SIZES)[number];
export type ProductLines = (typeof PRODUCT_LINES)[number];

/** Labels shown to staff (SPEC.md section 2, Signup Details). */
export const TEAM_SIZE_LABELS: Record<TeamSize, string> = {
  solo: "Solo (Just me)",
  team: "Team (Multiple people)",
};
export const PRODUCT_LINES_LABELS: Record<ProductLines, string> = {
  single: "Single Line",
  multiple: "Multiple Lines",
};

/** The fields a prospect fills in on /signup, with SPEC.md section 5's messages. */
export const signupFields = {
  firstName: requiredText("First name is required", LIMITS.name, "First name"),
  lastName: requiredText("Last name is required", LIMITS.name, "Last name"),
  email: emailField,
  teamSize: z.enum(TEAM_SIZES, { error: "Please select your team size" }),
  productLines: z.enum(PRODUCT_LINES, { error: "Please select your product line focus" }),
  notes: optionalText(LIMITS.notes, "Notes"),
};

/** Body of POST /api/signup. */
export const SignupRequest = z.object({
  ...signupFields,
  submissionId: submissionIdField,
  website: honeypotField,
});
export type SignupRequest = z.infer<typeof SignupRequest>;
/** What the web form holds before validation (every field a string). */
export type SignupFormInput = z.input<typeof SignupRequest>;

/** A stored signup, as the API returns it (DESIGN.md "Signup record as returned"). */
export const Signup = z.object({
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
});
export type Signup = z.infer<typeof Signup>;
