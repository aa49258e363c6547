/**
 * The lead lists' columns, in order, in one place: the kind's own fields as columns (their labels
 * from the kind's description, events/lead-fields.ts), the date, the desk's Status, Owner and Reply
 * (docs/decisions/0066-lead-desk-model.md); LeadTable adds Actions. The signups list is the 8
 * columns of docs/product/command-center.md plus the desk's; the contacts list the contact form's
 * fields the same way (docs/decisions/0127-lead-list-columns.md).
 */
import type { ContactMessage, Signup } from "../../../../events";
import {
  CONTACT_LEAD,
  fieldText,
  type LeadFields,
  NAME_LABEL,
  SIGNUP_LEAD,
} from "../../../../events/lead-fields";
import type { Column } from "../common/RecordTable";
import { formatDate } from "../common/time";
import { type DeskLead, statusText } from "./deskModel";
import { CutText, fullName, SOURCE_HEADING, sourceText } from "./LeadCells";
import styles from "./leads.module.css";
import { ReplyClock } from "./ReplyClock";

/** What every listed lead has: its desk fields, a name, an address and its arrival. */
export interface ListedLead extends DeskLead {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly createdAt: string;
}

export interface ListColumn<R> extends Column<R> {
  /** A person may hide it under "Columns" (useShownColumns.ts); Name and Actions always show. */
  readonly hideable: boolean;
  /** Not in the list until a person turns it on under "Columns": the default is the spec's set and the desk's. */
  readonly offByDefault?: boolean;
}

/** The day a lead arrived; its details call the full time "Submitted". */
export const DATE_HEADING = "Date";
export const ACTIONS_HEADING = "Actions";

/**
 * A field of the kind's description as a column: its label, its value as the description reads it
 * (or `short` for a choice the filters also name shortly), cut to the column's width.
 */
function fieldColumn<R extends ListedLead, D extends LeadFields>(
  lead: D,
  key: keyof D & keyof R & string,
  options: { width?: string; absent?: string; short?: Readonly<Record<string, string>> } = {},
): ListColumn<R> {
  const field = lead[key];
  if (!field) throw new Error(`No field ${key} in the description`);
  return {
    heading: field.label,
    headClassName: options.width,
    hideable: true,
    cell: (row) => {
      const value = row[key];
      const text = options.short?.[String(value)] ?? fieldText(field, value, formatDate);
      return <CutText text={text} fallback={options.absent ?? field.absentText} />;
    },
  };
}

function nameColumn<R extends ListedLead>(): ListColumn<R> {
  return { heading: NAME_LABEL, hideable: false, cell: (row) => <CutText strong text={fullName(row)} /> };
}

/** The date, then the desk's Status, Owner and Reply. */
function dateAndDeskColumns<R extends ListedLead>(): ListColumn<R>[] {
  return [
    {
      heading: DATE_HEADING,
      headClassName: styles.colDate,
      hideable: true,
      cell: (row) => <CutText text={formatDate(row.createdAt)} />,
    },
    { heading: "Status", hideable: true, cell: (row) => <CutText text={statusText(row)} /> },
    { heading: "Owner", hideable: true, cell: (row) => <CutText text={row.owner} fallback="Unassigned" /> },
    {
      heading: "Reply",
      headClassName: styles.colReply,
      className: styles.replyCell,
      hideable: true,
      cell: (row) => <ReplyClock lead={row} />,
    },
  ];
}

/** Where the lead came from: its channel; off until a person turns it on. */
function sourceColumn<R extends ListedLead & { source?: Signup["source"] }>(): ListColumn<R> {
  return {
    heading: SOURCE_HEADING,
    hideable: true,
    offByDefault: true,
    cell: (row) => <CutText text={sourceText(row) || undefined} />,
  };
}

/** "Solo" and "Team", as the Team Size filter names them; the details say "Solo (Just me)". */
export const SHORT_TEAM: Record<Signup["teamSize"], string> = { solo: "Solo", team: "Team" };

/** Name, Email, Team Size, Product Lines, Notes, Country, Date (docs/product), Status, Owner, Reply. */
export const SIGNUP_COLUMNS: readonly ListColumn<Signup>[] = [
  nameColumn(),
  fieldColumn(SIGNUP_LEAD, "email"),
  fieldColumn(SIGNUP_LEAD, "teamSize", { width: styles.colTeamSize, short: SHORT_TEAM }),
  fieldColumn(SIGNUP_LEAD, "productLines", { width: styles.colProductLines }),
  fieldColumn(SIGNUP_LEAD, "notes", { absent: "No notes" }),
  fieldColumn(SIGNUP_LEAD, "country"),
  sourceColumn(),
  ...dateAndDeskColumns(),
];

/** Name, Email, Phone, Company, Subject, Message, Newsletter, Date, Status, Owner, Reply. */
export const CONTACT_COLUMNS: readonly ListColumn<ContactMessage>[] = [
  nameColumn(),
  fieldColumn(CONTACT_LEAD, "email"),
  fieldColumn(CONTACT_LEAD, "phone"),
  fieldColumn(CONTACT_LEAD, "company"),
  fieldColumn(CONTACT_LEAD, "subject"),
  fieldColumn(CONTACT_LEAD, "message"),
  fieldColumn(CONTACT_LEAD, "newsletter", { width: styles.colNewsletter }),
  sourceColumn(),
  ...dateAndDeskColumns(),
];
