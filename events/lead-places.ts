/**
 * How each place reads a lead from its description (./lead-fields.ts): the staff alert's rows, the
 * acknowledgement's, the details' lines, the list's columns, the CSV's, the webhook payload's
 * fields, Slack's facts and the privacy export's. Each goes through the description, so a field
 * described in a place is in it with no other edit (events/lead-places.test.ts adds one to show it).
 * No zod here, as in ./lead-fields.ts.
 */
import {
  fieldText,
  fullName,
  isAbsent,
  type LeadField,
  type LeadFields,
  type LeadPlace,
  labelIn,
  NAME_LABEL,
} from "./lead-fields";
import type { DescribedRecord } from "./lead-records";

/** A stored lead as the places read it (events/lead-records.ts): its fields by name. */
type Readable = DescribedRecord;

/** One line of a lead as staff read it: a label and its value. */
export interface LeadLine {
  readonly label: string;
  readonly value: string;
  /** Long text: its line breaks kept. */
  readonly long: boolean;
}

/** The description's fields in a place, in its order. */
export function fieldsIn(lead: LeadFields, place: LeadPlace): [string, LeadField][] {
  return Object.entries(lead).filter(([, field]) => field.in.includes(place));
}

type Read = (record: Readonly<Record<string, unknown>>) => unknown;

/**
 * The fields of a place as [key, field, how a record's value is read]; a field with parts (the
 * source) is one entry per part ("source.channel"), each a field of its own reading its part.
 */
function partsIn(lead: LeadFields, place: LeadPlace): [string, LeadField, Read][] {
  return fieldsIn(lead, place).flatMap(([key, field]): [string, LeadField, Read][] =>
    field.parts
      ? field.parts.map((part): [string, LeadField, Read] => [
          `${key}.${part.key}`,
          { label: part.label, from: "system", in: field.in, type: part.type, options: part.options },
          (record) => {
            const value = record[key];
            return typeof value === "object" && value !== null
              ? (value as Record<string, unknown>)[part.key]
              : undefined;
          },
        ])
      : [[key, field, (record) => record[key]]],
  );
}

function lines(
  lead: LeadFields,
  place: LeadPlace,
  record: Readable,
  text: (value: unknown, field: LeadField) => string | undefined,
) {
  return partsIn(lead, place).flatMap(([, field, read]): LeadLine[] => {
    const value = text(read(record), field);
    return value === undefined ? [] : [{ label: field.label, value, long: field.type === "long" }];
  });
}

/** The staff alert's rows: the name, then each of the e-mail's fields that holds a value. */
export function emailLines(lead: LeadFields, record: Readable, time: (iso: string) => string): LeadLine[] {
  return [
    { label: NAME_LABEL, value: fullName(record), long: false },
    ...lines(lead, "email", record, (value, field) => fieldText(field, value, time)),
  ];
}

/** The acknowledgement's summary: each of its fields that holds a value (never free text it would repeat). */
export function ackLines(lead: LeadFields, record: Readable, time: (iso: string) => string): LeadLine[] {
  return lines(lead, "ack", record, (value, field) => fieldText(field, value, time));
}

/**
 * A lead's details: the name, then each of the details' fields — an absent one as its absentText,
 * or left out without one — with long texts last, where they have room.
 */
export function detailLines(lead: LeadFields, record: Readable, time: (iso: string) => string): LeadLine[] {
  const all = lines(lead, "details", record, (raw, field) => {
    const value = fieldText(field, raw, time);
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

/** A column the Command Center's list can show besides the name and address. */
export interface ListColumn {
  readonly key: string;
  readonly label: string;
  /** How a cell reads: short option labels, an instant as `time` writes it, long text whole (the cell truncates). */
  readonly text: (
    record: Readonly<Record<string, unknown>>,
    time: (iso: string) => string,
  ) => string | undefined;
  /** What the cell shows when the value is absent. */
  readonly absentText?: string;
  readonly long: boolean;
}

/** The list's columns of a kind, in the description's order (for web/src/commandcenter/leads). */
export function listColumns(lead: LeadFields): ListColumn[] {
  return fieldsIn(lead, "list").map(([key, field]) => ({
    key,
    label: labelIn(field, "list"),
    text: (record, time) =>
      field.short && !isAbsent(record[key])
        ? (field.short[String(record[key])] ?? String(record[key]))
        : fieldText(field, record[key], time),
    absentText: field.absentText,
    long: field.type === "long",
  }));
}

/** A CSV column of a lead's own fields: instants as ISO 8601, as stored. */
export interface LeadColumn {
  readonly key: string;
  readonly header: string;
  readonly value: (record: Readonly<Record<string, unknown>>) => string | undefined;
}

export function csvFieldColumns(lead: LeadFields): LeadColumn[] {
  return partsIn(lead, "csv").map(([key, field, read]) => ({
    key,
    header: field.label,
    value: (record) => fieldText(field, read(record), (iso) => iso),
  }));
}

/** The values of a place's fields that hold one, as stored, in the description's order. */
export function valuesIn(
  lead: LeadFields,
  place: LeadPlace,
  record: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key] of fieldsIn(lead, place)) if (!isAbsent(record[key])) values[key] = record[key];
  return values;
}

/** One fact of Slack's message about a new lead: the label, and the value still to be made inert. */
export interface SlackFact {
  readonly label: string;
  readonly value: string;
}

/**
 * Slack's facts about a new lead, from its webhook payload's data: each "slack" field that holds a
 * value, in Slack's wording and a choice's short label.
 */
export function slackFacts(lead: LeadFields, data: Readonly<Record<string, unknown>>): SlackFact[] {
  return fieldsIn(lead, "slack").flatMap(([key, field]) => {
    const raw = data[key];
    if (isAbsent(raw)) return [];
    const value = field.short?.[String(raw)] ?? fieldText(field, raw, (iso) => iso);
    return value === undefined ? [] : [{ label: labelIn(field, "slack"), value }];
  });
}
