import { CONTACT_SUBJECT_LABELS, type ContactMessage } from "../../../../events";
import { api } from "../shared/api";
import { formatDate, formatDateTime } from "../shared/time";
import { fullName, TruncatedText } from "./LeadCells";
import { type LeadKind, LeadListPage } from "./LeadListPage";

function subjectText(message: ContactMessage): string {
  return message.subject === "general" ? "General" : CONTACT_SUBJECT_LABELS[message.subject];
}

/** The list shows subject and date by default; company and message can be added under "Columns". */
const CONTACTS: LeadKind<ContactMessage> = {
  exportName: "contacts",
  texts: {
    loading: "Loading messages...",
    noun: "messages",
    empty: "No messages found",
    detailsTitle: "Message Details",
    notFound: "This message does not exist: it was deleted, or the link is wrong.",
    confirmDelete: "Are you sure you want to delete this message? This action cannot be undone.",
  },
  filters: [],
  columns: [
    { heading: "Company", cell: (message) => message.company ?? "" },
    { heading: "Subject", cell: subjectText, shown: true },
    { heading: "Message", cell: (message) => <TruncatedText text={message.message} /> },
    { heading: "Date", cell: (message) => formatDate(message.createdAt), shown: true },
  ],
  rowName: (message) => `message from ${fullName(message)}`,
  details: (message) => [
    { term: "Name", value: fullName(message) },
    { term: "Email", value: message.email },
    { term: "Phone", value: message.phone ?? "N/A" },
    { term: "Company", value: message.company ?? "N/A" },
    { term: "Subject", value: subjectText(message) },
    { term: "Newsletter", value: message.newsletter ? "Yes" : "No" },
    { term: "Submitted", value: formatDateTime(message.createdAt) },
    { term: "IP Address", value: message.ipAddress ?? "N/A" },
    { term: "Message", value: message.message, long: true },
  ],
  fetchPage: (params) => api.contacts(params).then(({ contacts, ...rest }) => ({ items: contacts, ...rest })),
  fetchOne: (id) => api.contact(id).then(({ contact }) => contact),
  remove: api.deleteContact,
};

/** Contact Messages (docs/product/command-center.md): list, search, details, delete, export. */
export function ContactsPage() {
  return <LeadListPage kind={CONTACTS} />;
}
