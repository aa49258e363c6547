import * as z from "zod";
import "./jitless";
import { deskFields } from "./desk";
import { fillMsField, honeypotField, isoDateTime, submissionIdField } from "./fields";
import { SIGNUP_LEAD, type SystemKey } from "./lead-fields";
import { requestShape, storedFormShape } from "./lead-rules";
import { StoredLeadSource, sourceField } from "./lead-source-rules";
import { quarantineFields } from "./quarantine";

export type { ProductLines, TeamSize } from "./options";
export { PRODUCT_LINES, PRODUCT_LINES_LABELS, TEAM_SIZE_LABELS, TEAM_SIZES } from "./options";

/**
 * The fields a prospect fills in on /signup, with the messages of docs/product/site.md: the rules of
 * SIGNUP_LEAD's form fields (events/lead-fields.ts), in its order.
 */
export const signupFields = /* @__PURE__ */ requestShape(SIGNUP_LEAD);

/** Body of POST /api/signup; a pure call, so bundles that never validate one leave it out. */
export const SignupRequest = /* @__PURE__ */ signupRequest();
function signupRequest() {
  return z.object({
    ...signupFields,
    submissionId: submissionIdField,
    website: honeypotField,
    fillMs: fillMsField,
    /** Where the visitor came from, as the page captured it; a bad value is dropped (events/lead-source-rules.ts). */
    source: sourceField,
  });
}
export type SignupRequest = z.infer<typeof SignupRequest>;
/** What the web form holds before validation (every field a string). */
export type SignupFormInput = z.input<typeof SignupRequest>;

/** A stored signup, as the API returns it (docs/product/http-api.md). */
export const Signup = z.object({
  id: z.string().min(1),
  // The form fields as SIGNUP_LEAD's rules store them (events/lead-rules.ts).
  ...storedFormShape(SIGNUP_LEAD),
  // Every field the system sets that SIGNUP_LEAD describes, and no other, or this does not compile.
  ...({
    createdAt: isoDateTime,
    ipAddress: z.string().optional(),
    source: StoredLeadSource.optional(),
    country: z.string().optional(),
    countryCode: z.string().length(2).optional(),
    // The quarantine's (events/quarantine.ts).
    ...quarantineFields,
  } satisfies Record<Exclude<SystemKey<typeof SIGNUP_LEAD>, "id">, z.ZodType>),
  /** When the notify worker had sent every e-mail of its event (the staff alert first). */
  notifiedAt: isoDateTime.optional(),
  ...deskFields,
});
export type Signup = z.infer<typeof Signup>;
