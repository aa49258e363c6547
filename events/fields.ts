import { z } from "zod";
import { LIMITS } from "./limits";

/** 5000 -> "5,000". A regex, not toLocaleString: loading Intl data costs ~25 ms of cold start. */
export function withThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A required, trimmed text field with the exact "required" message of SPEC.md section 5. */
export function requiredText(requiredMessage: string, max: number, label: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(max, { error: `${label} must be ${withThousands(max)} characters or fewer` });
}

/** An optional, trimmed text field; an empty value counts as absent. */
export function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be ${withThousands(max)} characters or fewer` })
    .optional()
    .transform((value) => (value ? value : undefined));
}

/** SPEC.md: a basic e-mail pattern — something@something.tld with no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, { error: "Email is required" })
  .max(LIMITS.email, { error: `Email must be ${LIMITS.email} characters or fewer` })
  .regex(EMAIL_PATTERN, { error: "Please enter a valid email address" });

/**
 * A client-generated id for one submission (a UUID). The same id sent twice is one record,
 * so a double click or a retried request cannot create two leads.
 */
export const submissionIdField = z.uuid({ error: "submissionId must be a UUID" }).optional();

/**
 * Honeypot: a field hidden from people and assistive technology. Browsers leave it empty;
 * naive bots fill it. Any value is accepted here so that a bot gets the ordinary answer.
 */
export { HONEYPOT_FIELD } from "./options";
export const honeypotField = z.unknown().optional();

export const isoDateTime = z.iso.datetime({ offset: true });
