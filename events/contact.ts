import * as z from "zod";
import "./jitless";
import { deskFields } from "./desk";
import { fillMsField, honeypotField, isoDateTime, submissionIdField } from "./fields";
import { CONTACT_LEAD, type SystemKey } from "./lead-fields";
import { requestShape, storedFormShape } from "./lead-rules";
import { StoredLeadSource, sourceField } from "./lead-source-rules";
import { quarantineFields } from "./quarantine";

export type { ContactSubject } from "./options";
export { CONTACT_SUBJECT_LABELS, CONTACT_SUBJECTS } from "./options";

/** The contact form's fields: the rules of CONTACT_LEAD's form fields (events/lead-fields.ts), in its order. */
export const contactFields = /* @__PURE__ */ requestShape(CONTACT_LEAD);

/** Body of POST /api/contact; a pure call, so bundles that never validate one leave it out. */
export const ContactRequest = /* @__PURE__ */ contactRequest();
function contactRequest() {
  return z.object({
    ...contactFields,
    submissionId: submissionIdField,
    website: honeypotField,
    fillMs: fillMsField,
    /** Where the visitor came from, as the page captured it; a bad value is dropped (events/lead-source-rules.ts). */
    source: sourceField,
  });
}
export type ContactRequest = z.infer<typeof ContactRequest>;
export type ContactFormInput = z.input<typeof ContactRequest>;

/** A stored contact message. */
export const ContactMessage = z.object({
  id: z.string().min(1),
  // The form fields as CONTACT_LEAD's rules store them (events/lead-rules.ts).
  ...storedFormShape(CONTACT_LEAD),
  // Every field the system sets that CONTACT_LEAD describes, and no other, or this does not compile.
  ...({
    createdAt: isoDateTime,
    ipAddress: z.string().optional(),
    // The quarantine's (events/quarantine.ts).
    ...quarantineFields,
    source: StoredLeadSource.optional(),
  } satisfies Record<Exclude<SystemKey<typeof CONTACT_LEAD>, "id">, z.ZodType>),
  /** When the notify worker had sent every e-mail of its event (the staff alert first). */
  notifiedAt: isoDateTime.optional(),
  ...deskFields,
});
export type ContactMessage = z.infer<typeof ContactMessage>;
