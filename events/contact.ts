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
import type { CONTACT_LEAD, FormKey } from "./lead-fields";
import { LIMITS } from "./limits";

import { CONTACT_SUBJECTS } from "./options";

export type { ContactSubject } from "./options";
export { CONTACT_SUBJECT_LABELS, CONTACT_SUBJECTS } from "./options";

/** The contact form's fields: exactly the form fields of CONTACT_LEAD (events/lead-fields.ts). */
export const contactFields = {
  firstName: requiredText("First name is required", LIMITS.name, "First name"),
  lastName: requiredText("Last name is required", LIMITS.name, "Last name"),
  email: emailField,
  phone: optionalText(LIMITS.phone, "Phone"),
  company: optionalText(LIMITS.company, "Company"),
  subject: z.enum(CONTACT_SUBJECTS, { error: "Please select a subject" }).default("general"),
  message: requiredText("Message is required", LIMITS.message, "Message"),
  newsletter: z.boolean({ error: "newsletter must be true or false" }).default(false),
} satisfies Record<FormKey<typeof CONTACT_LEAD>, z.ZodType>;

/** Body of POST /api/contact. */
export const ContactRequest = z.object({
  ...contactFields,
  submissionId: submissionIdField,
  website: honeypotField,
  fillMs: fillMsField,
});
export type ContactRequest = z.infer<typeof ContactRequest>;
export type ContactFormInput = z.input<typeof ContactRequest>;

/** A stored contact message. */
export const ContactMessage = z.object({
  // Every field CONTACT_LEAD describes, and no other, or this does not compile.
  ...({
    id: z.string().min(1),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().optional(),
    company: z.string().optional(),
    subject: z.enum(CONTACT_SUBJECTS),
    message: z.string(),
    newsletter: z.boolean(),
    createdAt: isoDateTime,
    ipAddress: z.string().optional(),
  } satisfies Record<keyof typeof CONTACT_LEAD, z.ZodType>),
  /** When the notify worker had sent every e-mail of its event (the staff alert first). */
  notifiedAt: isoDateTime.optional(),
  ...deskFields,
});
export type ContactMessage = z.infer<typeof ContactMessage>;
