/**
 * Each kind of lead described once (docs/decisions/0085-one-description-per-lead-kind.md,
 * docs/decisions/0124-a-field-described-once-drives-every-place.md): for every field stored on a
 * signup or contact message, its label, how its value reads, who sets it, and — for a field a person
 * enters — the request's rule and the form's input; and the places it appears. Every place is made
 * from this: the request and stored schemas (./lead-rules.ts, signup.ts, contact.ts), the public
 * forms' inputs (web/src/components/ui/DescribedFields.tsx), the staff alert and the
 * acknowledgement (functions/model/mail/templates.ts), the Command Center's details and list columns
 * (web/src/commandcenter/leads), the CSV (functions/leads/lead-csv.ts), the webhook payload
 * (functions/integrations/payloads.ts, events/webhooks.ts), Slack's facts
 * (functions/integrations/slack.ts) and the privacy export (functions/privacy/export.ts); how each
 * place reads a field is in ./lead-places.ts.
 * No zod here: the public forms and the notify bundle use it without the schemas.
 */
import { SOURCE_FIELD } from "./lead-source";
import { LIMITS } from "./limits";
import {
  CONTACT_SUBJECT_CHOSEN_LABELS,
  CONTACT_SUBJECT_LABELS,
  CONTACT_SUBJECTS,
  PRODUCT_LINES,
  PRODUCT_LINES_LABELS,
  TEAM_SIZE_LABELS,
  TEAM_SIZES,
} from "./options";
import {
  QUARANTINE_FIELD,
  RELEASED_AT_FIELD,
  RELEASED_BY_FIELD,
  SPAM_CHECK_FIELD,
} from "./quarantine-fields";

/**
 * Where a field appears besides the form (a field with an `input` is on its kind's form):
 * - "email": the staff alert e-mail; "ack": the acknowledgement e-mail to the person;
 * - "details": the Command Center's lead details; "list": a column its list can show;
 * - "csv": the CSV export; "timeline": the timeline's `submitted` entry (a statement, checked);
 * - "webhook": the webhook payload of a new lead; "slack": a fact of Slack's message (Slack reads
 *   the payload, so a "slack" field is a "webhook" field too);
 * - "export": the privacy export (what a person gave is always there).
 */
export type LeadPlace =
  | "email"
  | "ack"
  | "details"
  | "list"
  | "csv"
  | "timeline"
  | "webhook"
  | "slack"
  | "export";

/**
 * The request's rule for a field a person enters; ./lead-rules.ts makes the zod schema of it. A text
 * that is too long reads "<label> must be <max> characters or fewer".
 */
export type FieldRule =
  /** Trimmed text; empty is absent. `required`: the message when it is empty. */
  | { readonly type: "text"; readonly max: number; readonly required?: string }
  /** A trimmed address of events/fields.ts EMAIL_PATTERN. */
  | { readonly type: "email"; readonly max: number; readonly required: string; readonly invalid: string }
  /** One of `values`; `required`: the message when it is none of them. */
  | {
      readonly type: "choice";
      readonly values: readonly [string, ...string[]];
      readonly required: string;
      readonly default?: string;
    }
  /** A box: true or false, unticked by default. */
  | { readonly type: "yesNo"; readonly invalid: string };

/** How the public form shows a field (web/src/components/ui/DescribedFields.tsx). */
export interface FormInput {
  /** A choice as a select instead of radio cards. */
  readonly control?: "select";
  readonly inputType?: "email" | "tel";
  readonly autoComplete?: string;
  readonly inputMode?: "email";
  readonly placeholder?: string;
  /** A long text's height in lines. */
  readonly rows?: number;
  /** Fields of the same row sit side by side (first and last name). */
  readonly row?: string;
  /** The form's labels of a choice's values, when they differ from `options` ("Select a subject"). */
  readonly options?: Readonly<Record<string, string>>;
  /** A line under each choice's label. */
  readonly hints?: Readonly<Record<string, string>>;
}

interface FieldBase {
  /** The one label of the field, wherever staff see it (docs/product/command-center.md). */
  readonly label: string;
  /** A place's own wording: the form's ("Product line focus"), Slack's, the list's heading. */
  readonly labels?: Readonly<Partial<Record<"form" | "slack" | "list", string>>>;
  readonly in: readonly LeadPlace[];
  /** A choice: the label of each value (events/options.ts). */
  readonly options?: Readonly<Record<string, string>>;
  /** A choice's short labels, where room is tight: the list's cells and filters, Slack. */
  readonly short?: Readonly<Record<string, string>>;
  /**
   * "yesNo": a box, read Yes or No. "time": an instant, which each place writes its own way (the
   * e-mail and details in the team's zone, the CSV as ISO 8601). "long": text that keeps its line
   * breaks and comes last in the details. "list": a list of texts, read joined by commas.
   */
  readonly type?: "yesNo" | "time" | "long" | "list";
  /** A value of its own shape (an object): how it reads, or undefined when there is nothing to say. */
  readonly read?: (value: unknown) => string | undefined;
  /** What the details show when the value is absent; without it the line is left out. */
  readonly absentText?: string;
  /** The details add this field's value in brackets when it differs (the country's code). */
  readonly detailsCode?: string;
  /**
   * A value that is an object (the lead's source): in the details and the CSV each part is read as a
   * field of its own, a line and a column under its own label; elsewhere `read` says it in one text.
   */
  readonly parts?: readonly LeadFieldPart[];
}

/** One part of an object field: its key in the object, label and how it reads. */
export type LeadFieldPart = Pick<FieldBase, "label" | "options"> & {
  readonly key: string;
  readonly type?: "time";
};

/** A field the person enters: the stored record copies it from the validated request. */
export interface FormField extends FieldBase {
  readonly from: "form";
  readonly rule: FieldRule;
  readonly input: FormInput;
}

/**
 * A field the system sets: on arrival (id, time, address) or later (the country, by enrichment). Its
 * stored schema is written beside the kind's (signup.ts, contact.ts): it may be of any shape.
 */
export interface SystemField extends FieldBase {
  readonly from: "system";
}

export type LeadField = FormField | SystemField;
export type LeadFields = Readonly<Record<string, LeadField>>;

/** The fields a person enters: the request's fields besides the submission id and the honeypot. */
export type FormKey<D extends LeadFields> = {
  [K in keyof D]: D[K] extends { readonly from: "form" } ? K : never;
}[keyof D] &
  string;

/** The fields the system sets. */
export type SystemKey<D extends LeadFields> = Exclude<keyof D & string, FormKey<D>>;

/** Keeps each field's literals (`from`, the rule's type and values), so the schemas can follow them. */
export function describe<const D extends LeadFields>(fields: D): D {
  return fields;
}

/** The e-mail and the details open with the person's name, first and last together. */
export const NAME_LABEL = "Name";

// Fields both kinds have. No spreads below: esbuild can drop a literal it does not need only
// without them, and bundles that never read a description (staff e-mails) leave it out.
const PERSON: readonly LeadPlace[] = ["csv", "webhook", "export"];
const firstName = {
  label: "First name",
  from: "form",
  rule: { type: "text", max: LIMITS.name, required: "First name is required" },
  input: { autoComplete: "given-name", row: "name" },
  in: PERSON,
} as const;
const lastName = {
  label: "Last name",
  from: "form",
  rule: { type: "text", max: LIMITS.name, required: "Last name is required" },
  input: { autoComplete: "family-name", row: "name" },
  in: PERSON,
} as const;
/** An address, on every form and request that takes one (events/fields.ts emailField). */
export const EMAIL_RULE = {
  type: "email",
  max: LIMITS.email,
  required: "Email is required",
  invalid: "Please enter a valid email address",
} as const;
const EMAIL_PLACES: readonly LeadPlace[] = ["email", "details", "csv", "webhook", "export"];
const createdAt = {
  label: "Submitted",
  labels: { list: "Date" },
  from: "system",
  type: "time",
  in: ["email", "details", "list", "csv", "timeline", "webhook", "export"],
} as const;
const id = { label: "Id", from: "system", in: ["email", "csv", "export"] } as const;
/** A signup (/signup, docs/product/site.md); the Command Center's "Signup Details". */
export const SIGNUP_LEAD = /* @__PURE__ */ describe({
  firstName,
  lastName,
  email: {
    label: "Email",
    from: "form",
    rule: EMAIL_RULE,
    input: { inputType: "email", autoComplete: "email", inputMode: "email" },
    in: EMAIL_PLACES,
  },
  teamSize: {
    label: "Team Size",
    labels: { form: "Team size", slack: "Company size" },
    from: "form",
    rule: { type: "choice", values: TEAM_SIZES, required: "Please select your team size" },
    input: { hints: { solo: "I sell on my own", team: "Several reps or office staff" } },
    options: TEAM_SIZE_LABELS,
    short: { solo: "Solo", team: "Team" },
    in: ["email", "ack", "details", "list", "csv", "webhook", "slack", "export"],
  },
  productLines: {
    label: "Product Lines",
    labels: { form: "Product line focus" },
    from: "form",
    rule: { type: "choice", values: PRODUCT_LINES, required: "Please select your product line focus" },
    input: { hints: { single: "I represent one manufacturer", multiple: "I carry several principals" } },
    options: PRODUCT_LINES_LABELS,
    in: ["email", "ack", "details", "list", "csv", "webhook", "export"],
  },
  notes: {
    label: "Notes",
    labels: { form: "Anything we should know? (optional)" },
    from: "form",
    rule: { type: "text", max: LIMITS.notes },
    input: { rows: 4 },
    type: "long",
    in: ["email", "details", "list", "csv", "export"],
  },
  createdAt,
  ipAddress: {
    label: "IP Address",
    from: "system",
    absentText: "N/A",
    in: ["email", "details", "csv", "export"],
  },
  country: {
    label: "Country",
    from: "system",
    absentText: "Unknown",
    detailsCode: "countryCode",
    in: ["details", "list", "csv", "timeline", "webhook", "slack", "export"],
  },
  countryCode: { label: "Country code", from: "system", in: ["csv", "webhook", "export"] },
  source: SOURCE_FIELD,
  id,
  spamCheck: SPAM_CHECK_FIELD,
  quarantine: QUARANTINE_FIELD,
  releasedAt: RELEASED_AT_FIELD,
  releasedBy: RELEASED_BY_FIELD,
});

/** A contact message (/contact); the Command Center's "Message Details". */
export const CONTACT_LEAD = /* @__PURE__ */ describe({
  firstName,
  lastName,
  email: {
    label: "Email",
    from: "form",
    rule: EMAIL_RULE,
    input: { inputType: "email", autoComplete: "email" },
    in: EMAIL_PLACES,
  },
  phone: {
    label: "Phone",
    from: "form",
    rule: { type: "text", max: LIMITS.phone },
    input: { inputType: "tel", autoComplete: "tel", row: "reach" },
    absentText: "N/A",
    in: ["email", "details", "csv", "export"],
  },
  company: {
    label: "Company",
    from: "form",
    rule: { type: "text", max: LIMITS.company },
    input: { autoComplete: "organization", row: "reach" },
    absentText: "N/A",
    in: ["email", "details", "list", "csv", "webhook", "slack", "export"],
  },
  subject: {
    label: "Subject",
    from: "form",
    rule: {
      type: "choice",
      values: CONTACT_SUBJECTS,
      required: "Please select a subject",
      default: "general",
    },
    input: { control: "select", options: CONTACT_SUBJECT_LABELS },
    options: CONTACT_SUBJECT_CHOSEN_LABELS,
    in: ["email", "ack", "details", "list", "csv", "webhook", "export"],
  },
  message: {
    label: "Message",
    from: "form",
    rule: { type: "text", max: LIMITS.message, required: "Message is required" },
    input: { rows: 5 },
    type: "long",
    in: ["email", "details", "list", "csv", "export"],
  },
  newsletter: {
    label: "Newsletter",
    labels: { form: "Send me product updates and tips for reps (you can unsubscribe at any time)" },
    from: "form",
    rule: { type: "yesNo", invalid: "newsletter must be true or false" },
    input: {},
    type: "yesNo",
    in: ["email", "details", "csv", "export"],
  },
  createdAt,
  ipAddress: { label: "IP Address", from: "system", absentText: "N/A", in: ["email", "details", "export"] },
  source: SOURCE_FIELD,
  id,
  spamCheck: SPAM_CHECK_FIELD,
  quarantine: QUARANTINE_FIELD,
  releasedAt: RELEASED_AT_FIELD,
  releasedBy: RELEASED_BY_FIELD,
});

/** Each kind's description by its `kind`. */
export const LEAD_FIELDS = { signup: SIGNUP_LEAD, contact: CONTACT_LEAD } as const;

/** Empty means absent, everywhere: nothing, null or an empty text. */
export function isAbsent(value: unknown): value is undefined | null | "" {
  return value === undefined || value === null || value === "";
}

export function formKeys<D extends LeadFields>(lead: D): FormKey<D>[] {
  return Object.keys(lead).filter((key) => lead[key]?.from === "form") as FormKey<D>[];
}

/** A field's label in a place that may word it its own way. */
export function labelIn(field: LeadField, place: "form" | "slack" | "list"): string {
  return field.labels?.[place] ?? field.label;
}

/** What a form holds before anyone types: a box unticked, a choice on its default or none, text empty. */
export type FormValues<D extends LeadFields> = {
  [K in FormKey<D>]: D[K] extends { readonly rule: { readonly type: "yesNo" } } ? boolean : string;
};

export function emptyForm<D extends LeadFields>(lead: D): FormValues<D> {
  const values: Record<string, string | boolean> = {};
  for (const key of formKeys(lead)) {
    const { rule } = lead[key] as FormField;
    values[key] = rule.type === "yesNo" ? false : rule.type === "choice" ? (rule.default ?? "") : "";
  }
  return values as FormValues<D>;
}

/** The fields whose errors a form shows: all but boxes, which have no wrong value. */
export function errorKeys<D extends LeadFields>(lead: D): FormKey<D>[] {
  return formKeys(lead).filter((key) => (lead[key] as FormField).rule.type !== "yesNo");
}

/**
 * What a validated request gives the stored record: each form field of the description that holds a
 * value. Made by going through the description, so no field can be accepted and left out.
 */
export function formValues<D extends LeadFields>(
  lead: D,
  input: Readonly<Partial<Record<FormKey<D>, unknown>>>,
): Partial<Record<FormKey<D>, unknown>> {
  const values: Partial<Record<FormKey<D>, unknown>> = {};
  for (const key of formKeys(lead)) if (!isAbsent(input[key])) values[key] = input[key];
  return values;
}

/** How a value reads; undefined when it is absent. `time` writes an instant the place's way. */
export function fieldText(
  field: LeadField,
  value: unknown,
  time: (iso: string) => string,
): string | undefined {
  if (isAbsent(value)) return undefined;
  if (field.read) return field.read(value);
  if (field.type === "yesNo") return value === true ? "Yes" : "No";
  if (field.type === "time") return time(String(value));
  if (field.type === "list") return Array.isArray(value) && value.length > 0 ? value.join(", ") : undefined;
  return field.options?.[String(value)] ?? String(value);
}

export function fullName(record: { readonly firstName: string; readonly lastName: string }): string {
  return `${record.firstName} ${record.lastName}`;
}
