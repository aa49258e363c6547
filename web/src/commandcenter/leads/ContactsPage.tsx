import { type ContactMessage, LEAD_PLURALS } from "../../../../events";
import { CONTACT_LEAD } from "../../../../events/lead-fields";
import { api } from "../common/api";
import { CHANNEL_FILTER, fullName } from "./LeadCells";
import { detailsOf } from "./LeadDialogs";
import { type LeadKind, LeadListPage } from "./LeadListPage";
import { CONTACT_COLUMNS } from "./leadColumns";

/** The contact form's fields as the list's columns, with the desk's (leadColumns.tsx). */
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
  filters: [CHANNEL_FILTER],
  columns: CONTACT_COLUMNS,
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
