import { LEAD_PLURALS, PRODUCT_LINES_LABELS, type Signup } from "../../../../events";
import { SIGNUP_LEAD } from "../../../../events/lead-fields";
import { api } from "../common/api";
import { CHANNEL_FILTER, fullName } from "./LeadCells";
import { detailsOf } from "./LeadDialogs";
import { type LeadKind, LeadListPage } from "./LeadListPage";
import { SHORT_TEAM, SIGNUP_COLUMNS } from "./leadColumns";

const { teamSize, productLines } = SIGNUP_LEAD;

/**
 * The texts, columns and details of docs/product/command-center.md (/commandcenter/signups): the
 * list's 8 columns and the desk's (leadColumns.tsx), any of them but Name and Actions hidden by
 * whoever turns it off under "Columns".
 */
const SIGNUPS: LeadKind<Signup> = {
  exportName: LEAD_PLURALS.signup,
  texts: {
    loading: "Loading signups...",
    noun: "signups",
    empty: "No signups found",
    detailsTitle: "Signup Details",
    notFound: "This signup does not exist: it was deleted, or the link is wrong.",
    confirmDelete: "Are you sure you want to delete this signup? This action cannot be undone.",
  },
  filters: [
    { param: "teamSize", label: teamSize.label, options: SHORT_TEAM },
    { param: "productLines", label: productLines.label, options: PRODUCT_LINES_LABELS },
    CHANNEL_FILTER,
  ],
  columns: SIGNUP_COLUMNS,
  rowName: fullName,
  details: (signup) => detailsOf(SIGNUP_LEAD, signup),
  fetchPage: (params) => api.signups(params).then(({ signups, ...rest }) => ({ items: signups, ...rest })),
  fetchOne: (id) => api.signup(id).then(({ signup }) => signup),
  remove: api.deleteSignup,
};

/** docs/product/command-center.md (/commandcenter/signups). */
export function SignupsPage() {
  return <LeadListPage kind={SIGNUPS} />;
}
