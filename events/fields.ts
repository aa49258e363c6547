import * as z from "zod";
import "./jitless";
import { EMAIL_RULE } from "./lead-fields";
import { FILL_MS_MAX } from "./limits";

export { FILL_MS_MAX };

/** 5000 -> "5,000". A regex, not toLocaleString: loading Intl data costs ~25 ms of cold start. */
export function withThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A required, trimmed text field with the exact "required" message of docs/product/site.md. */
export function requiredText(requiredMessage: string, max: number, label: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(max, { error: `${label} must be ${withThousands(max)} characters or fewer`, abort: true });
}

/**
 * An optional, trimmed text field; an empty value counts as absent. `optional()` comes last so the
 * parsed object's key is optional too: a caller building a request need not name every optional
 * field a description adds.
 */
export function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be ${withThousands(max)} characters or fewer`, abort: true })
    .transform((value) => (value ? value : undefined))
    .optional();
}

/**
 * docs/product/site.md: a basic e-mail pattern — something@something.tld with no spaces. The same language as
 * `^[^\s@]+@[^\s@]+\.[^\s@]+$` (events/fields-linear.test.ts compares the two), written so that
 * no two quantifiers can match the same characters: after the first domain character, the domain
 * runs up to its FIRST dot, so a failing match backtracks in linear, not quadratic, time (the
 * first form took ~10 s on a 64 KB value). Every pattern here must keep that property
 * (docs/decisions/0050-linear-validation.md).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

/**
 * An address field of a rule (events/lead-fields.ts EMAIL_RULE). Checks marked `abort: true` end
 * validation of the field when they fail, so the pattern only ever sees a value of at most `max`
 * characters (zod runs later checks otherwise).
 */
export function emailText(rule: {
  readonly max: number;
  readonly required: string;
  readonly invalid: string;
}) {
  return z
    .string({ error: rule.required })
    .trim()
    .min(1, { error: rule.required, abort: true })
    .max(rule.max, { error: `Email must be ${withThousands(rule.max)} characters or fewer`, abort: true })
    .regex(EMAIL_PATTERN, { error: rule.invalid });
}

/** The address of the forms and of every request that names one (EMAIL_RULE's messages). */
export const emailField = emailText(EMAIL_RULE);

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

/**
 * Milliseconds from the form being shown to its submit, as the page measured it (a spam signal,
 * functions/pipeline/spam/judge.ts `fillMs`); absent when the page could not tell.
 */
export const fillMsField = z
  .number({ error: "fillMs must be a number of milliseconds" })
  .int({ error: "fillMs must be a whole number of milliseconds" })
  .min(0, { error: "fillMs must be a whole number of milliseconds" })
  .max(FILL_MS_MAX, { error: `fillMs must be at most ${withThousands(FILL_MS_MAX)} milliseconds` })
  .optional();
