/**
 * Each kind of lead described once (docs/decisions/0085-one-description-per-lead-kind.md): for every
 * field stored on a signup or contact message, its label as staff read it
 * (docs/product/command-center.md), how its value reads, who sets it and where staff see it. The
 * stored record (functions/pipeline/submissions.ts), the staff alert's rows
 * (functions/model/mail/templates.ts), the CSV columns (functions/leads/lead-csv.ts) and the
 * Command Center's details (web/src/commandcenter/leads) are made from these descriptions; the
 * request and stored schemas (signup.ts, contact.ts) must name the same fields or fail to compile.
 * No zod here: the public forms and the notify bundle use it without the schemas.
 */
import { CONTACT_SUBJECT_CHOSEN_LABELS, PRODUCT_LINES_LABELS, TEAM_SIZE_LABELS } from "./options";

/** Where staff see a field: the staff alert e-mail, a lead's details, the CSV export, its timeline. */
export type LeadPlace = "email" | "details" | "csv" | "timeline";

export interface LeadField {
  /** The one label of the field, wherever staff see it. */
  readonly label: string;
  /**
   * "form": the person enters it, and the stored record copies it from the validated request;
   * "system": set on arrival (id, time, address) or later (the country, by enrichment).
   */
  readonly from: "form" | "system";
  readonly in: readonly LeadPlace[];
  /** A choice: the label of each value (events/options.ts). */
  readonly options?: Readonly<Record<string, string>>;
  /**
   * "yesNo": a box, read Yes or No. "time": an instant, which each place writes its own way (the
   * e-mail and details in the team's zone, the CSV as ISO 8601). "long": text that keeps its line
   * breaks and comes last in the details.
   */
  readonly type?: "yesNo" | "time" | "long";
  /** What the details show when the value is absent; without it the line is left out. */
  readonly absentText?: string;
  /** The details add this field's value in brackets when it differs (the country's code). */
  readonly detailsCode?: string;
}

export type LeadFields = Readonly<Record<string, LeadField>>;

/** The fields a person enters: the request's fields besides the submission id and the honeypot. */
export type FormKey<D extends LeadFields> = {
  [K in keyof D]: D[K] extends { readonly from: "form" } ? K : never;
}[keyof D] &
  string;

/** Keeps each field's literal `from`, so FormKey can tell the form's fields. */
function describe<const D extends LeadFields>(fields: D): D {
  return fields;
}

/** The e-mail and the details open with the person's name, first and last together. */
export const NAME_LABEL = "Name";

// Fields both kinds have. No spreads below: esbuild can drop a literal it does not need only
// without them, and bundles that never read a description (staff e-mails) leave it out.
const firstName = { label: "First name", from: "form", in: ["csv"] } as const;
const lastName = { label: "Last name", from: "form", in: ["csv"] } as const;
const email = { label: "Email", from: "form", in: ["email", "details", "csv"] } as const;
const createdAt = {
  label: "Submitted",
  from: "system",
  type: "time",
  in: ["email", "details", "csv", "timeline"],
} as const;
const id = { label: "Id", from: "system", in: ["email", "csv"] } as const;

/** A signup (/signup, docs/product/site.md); the Command Center's "Signup Details". */
export const SIGNUP_LEAD = /* @__PURE__ */ describe({
  firstName,
  lastName,
  email,
  teamSize: { label: "Team Size", from: "form", options: TEAM_SIZE_LABELS, in: ["email", "details", "csv"] },
  productLines: {
    label: "Product Lines",
    from: "form",
    options: PRODUCT_LINES_LABELS,
    in: ["email", "details", "csv"],
  },
  notes: { label: "Notes", from: "form", type: "long", in: ["email", "details", "csv"] },
  createdAt,
  ipAddress: { label: "IP Address", from: "system", absentText: "N/A", in: ["email", "details", "csv"] },
  country: {
    label: "Country",
    from: "system",
    absentText: "Unknown",
    detailsCode: "countryCode",
    in: ["details", "csv", "timeline"],
  },
  countryCode: { label: "Country code", from: "system", in: ["csv"] },
  id,
});

/** A contact message (/contact); the Command Center's "Message Details". */
export const CONTACT_LEAD = /* @__PURE__ */ describe({
  firstName,
  lastName,
  email,
  phone: { label: "Phone", from: "form", absentText: "N/A", in: ["email", "details", "csv"] },
  company: { label: "Company", from: "form", absentText: "N/A", in: ["email", "details", "csv"] },
  subject: {
    label: "Subject",
    from: "form",
    options: CONTACT_SUBJECT_CHOSEN_LABELS,
    in: ["email", "details", "csv"],
  },
  message: { label: "Message", from: "form", type: "long", in: ["email", "details", "csv"] },
  newsletter: { label: "Newsletter", from: "form", type: "yesNo", in: ["email", "details", "csv"] },
  createdAt,
  ipAddress: { label: "IP Address", from: "system", absentText: "N/A", in: ["email", "details"] },
  id,
});

/** Empty means absent, everywhere: nothing, null or an empty text. */
export function isAbsent(value: unknown): value is undefined | null | "" {
  return value === undefined || value === null || value === "";
}

export function formKeys<D extends LeadFields>(lead: D): FormKey<D>[] {
  return Object.keys(lead).filter((key) => lead[key]?.from === "form") as FormKey<D>[];
}

/**
 * What a validated request gives the stored record: each form field of the description that holds a
 * value. Made by going through the description, so no field can be accepted and left out.
 */
export function formValues<D extends LeadFields>(
  lead: D,
  input: Readonly<Record<FormKey<D>, unknown>>,
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
  if (field.type === "yesNo") return value === true ? "Yes" : "No";
  if (field.type === "time") return time(String(value));
  return field.options?.[String(value)] ?? String(value);
}

/** One line of a lead as staff read it: a label and its value. */
export interface LeadLine {
  readonly label: string;
  readonly value: string;
  /** Long text: its line breaks kept. */
  readonly long: boolean;
}

/** A stored lead as these functions read it. */
export type LeadRecord = Readonly<Record<string, unknown>> & {
  readonly firstName: string;
  readonly lastName: string;
};

export function fullName(record: { readonly firstName: string; readonly lastName: string }): string {
  return `${record.firstName} ${record.lastName}`;
}

function lines(
  lead: LeadFields,
  place: LeadPlace,
  text: (key: string, field: LeadField) => string | undefined,
) {
  return Object.entries(lead).flatMap(([key, field]): LeadLine[] => {
    if (!field.in.includes(place)) return [];
    const value = text(key, field);
    return value === undefined ? [] : [{ label: field.label, value, long: field.type === "long" }];
  });
}

/** The staff alert's rows: the name, then each of the e-mail's fields that holds a value. */
export function emailLines(lead: LeadFields, record: LeadRecord, time: (iso: string) => string): LeadLine[] {
  return [
    { label: NAME_LABEL, value: fullName(record), long: false },
    ...lines(lead, "email", (key, field) => fieldText(field, record[key], time)),
  ];
}

/**
 * A lead's details: the name, then each of the details' fields — an absent one as its absentText,
 * or left out without one — with long texts last, where they have room.
 */
export function detailLines(lead: LeadFields, record: LeadRecord, time: (iso: string) => string): LeadLine[] {
  const all = lines(lead, "details", (key, field) => {
    const value = fieldText(field, record[key], time);
    const code = field.detailsCode ? fieldText(field, record[field.detailsCode], time) : undefined;
    if (value === undefined) return code ?? field.absentText;
    return code && code !== value ? `${value} (${code})` : value;
  });
  return [
    { label: NAME_LABEL, value: fullName(record), long: false },
    ...all.filter((line) => !line.long),
    ...all.filter((line) => line.long),
  ];
}

/** A CSV column of a lead's own fields: instants as ISO 8601, as stored. */
export interface LeadColumn {
  readonly key: string;
  readonly header: string;
  readonly value: (record: Readonly<Record<string, unknown>>) => string | undefined;
}

export function csvFieldColumns(lead: LeadFields): LeadColumn[] {
  return Object.entries(lead).flatMap(([key, field]) =>
    field.in.includes("csv")
      ? [{ key, header: field.label, value: (record) => fieldText(field, record[key], (iso) => iso) }]
      : [],
  );
}
