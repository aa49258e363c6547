import { type ContactMessage, LEAD_PLURALS } from "../../../../events";
import { CONTACT_LEAD } from "../../../../events/lead-fields";
import { api } from "../common/api";
import { formatDate } from "../common/time";
import { fullName, TruncatedText } from "./LeadCells";
import { detailsOf } from "./LeadDialogs";
import { type LeadKind, LeadListPage } from "./LeadListPage";

const { company, subject, message } = CONTACT_LEAD;

/** The list shows subject and date by default; company and message can be added under "Columns". */
const CONTACTS: LeadKind<ContactMessage> = {
  exportName: LEAD_PLURALS.contact,
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
    { heading: company.label, cell: (contact) => contact.company ?? "" },
    { heading: subject.label, cell: (contact) => subject.options[contact.subject], shown: true },
    { heading: message.label, cell: (contact) => <TruncatedText text={contact.message} /> },
    { heading: "Date", cell: (contact) => formatDate(contact.createdAt), shown: true },
  ],
  rowName: (contact) => `message from ${fullName(contact)}`,
  details: (contact) => detailsOf(CONTACT_LEAD, contact),
  fetchPage: (params) => api.contacts(params).then(({ contacts, ...rest }) => ({ items: contacts, ...rest })),
  fetchOne: (id) => api.contact(id).then(({ contact }) => contact),
  remove: api.deleteContact,
};

/** Contact Messages (docs/product/command-center.md): list, search, details, delete, export. */
export function ContactsPage() {
  return <LeadListPage kind={CONTACTS} />;
}
