import { LEAD_PLURALS, PRODUCT_LINES_LABELS, type Signup } from "../../../../events";
import { SIGNUP_LEAD } from "../../../../events/lead-fields";
import { api } from "../common/api";
import { formatDate } from "../common/time";
import { fullName, TruncatedText } from "./LeadCells";
import { detailsOf } from "./LeadDialogs";
import { type LeadKind, LeadListPage } from "./LeadListPage";

const SHORT_TEAM: Record<Signup["teamSize"], string> = { solo: "Solo", team: "Team" };
const { teamSize, productLines, notes, country } = SIGNUP_LEAD;

/**
 * The texts, columns and details of docs/product/command-center.md (/commandcenter/signups). The
 * list shows the date by default; team size, product lines, notes and country are in the details
 * and can be added to the list under "Columns".
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
  ],
  columns: [
    { heading: teamSize.label, cell: (signup) => SHORT_TEAM[signup.teamSize] },
    { heading: productLines.label, cell: (signup) => PRODUCT_LINES_LABELS[signup.productLines] },
    { heading: notes.label, cell: (signup) => <TruncatedText text={signup.notes} fallback="No notes" /> },
    { heading: country.label, cell: (signup) => signup.country ?? country.absentText },
    { heading: "Date", cell: (signup) => formatDate(signup.createdAt), shown: true },
  ],
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
