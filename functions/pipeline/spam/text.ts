/**
 * The text of a submission as the signals read it: the name fields, the short fields (company,
 * phone…), the free text (notes, message), the e-mail's parts. Every field is cut at MAX_FIELD
 * characters before any signal reads it, so hostile sizes cost the same as the largest real one.
 */
import type { SpamSubmission } from "./submission";

/** The most of one field any signal reads: the request body's own limit (events/limits.ts). */
export const MAX_FIELD = 64 * 1024;

const NAME_FIELDS = new Set(["firstName", "lastName", "name"]);
const BODY_FIELDS = new Set(["notes", "message"]);
/** Not text a person wrote: the address is read apart, the rest are options or ids. */
const SKIPPED_FIELDS = new Set(["email", "submissionId", "website", "subject", "teamSize", "productLines"]);

export interface SubmissionText {
  readonly names: readonly string[];
  /** Company, phone and any other free field that is neither a name nor the body. */
  readonly short: readonly string[];
  /** Notes or message, joined. */
  readonly body: string;
  /** The e-mail's domain, lower case, without a trailing dot; "" when there is none. */
  readonly emailDomain: string;
}

export function submissionText(submission: SpamSubmission): SubmissionText {
  const names: string[] = [];
  const short: string[] = [];
  const body: string[] = [];
  for (const [key, value] of Object.entries(submission.fields)) {
    if (typeof value !== "string" || value === "" || SKIPPED_FIELDS.has(key)) continue;
    const text = value.slice(0, MAX_FIELD);
    if (NAME_FIELDS.has(key)) names.push(text);
    else if (BODY_FIELDS.has(key)) body.push(text);
    else short.push(text);
  }
  return { names, short, body: body.join("\n"), emailDomain: domainOf(submission.email) };
}

export function domainOf(email: string): string {
  const address = email.slice(0, MAX_FIELD).trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return "";
  return address.slice(at + 1).replace(/\.+$/, "");
}

/** A Unicode letter or mark, or a digit: what words are made of. */
const WORD = /[\p{L}\p{M}\p{Nd}]+/gu;

/** The words of a text, in order (one linear pass). */
export function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** "0.8 s", "12 s": a duration as staff read it. */
export function seconds(ms: number): string {
  return `${ms < 10_000 ? (Math.max(0, ms) / 1000).toFixed(1) : Math.round(ms / 1000)} s`;
}

/** Up to `max` items joined for a detail, with how many more there were. */
export function listed(items: readonly string[], max = 3): string {
  const shown = items.slice(0, max).join(", ");
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}
