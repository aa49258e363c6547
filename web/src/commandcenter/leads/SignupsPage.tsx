import { PRODUCT_LINES_LABELS, type Signup, TEAM_SIZE_LABELS } from "../../../../events";
import { api } from "../shared/api";
import { formatDate, formatDateTime } from "../shared/time";
import { fullName, TruncatedText } from "./LeadCells";
import { type LeadKind, LeadListPage } from "./LeadListPage";

const SHORT_TEAM: Record<Signup["teamSize"], string> = { solo: "Solo", team: "Team" };

function countryText(signup: Signup): string {
  if (!signup.country) return signup.countryCode ?? "Unknown";
  return signup.countryCode && signup.countryCode !== signup.country
    ? `${signup.country} (${signup.countryCode})`
    : signup.country;
}

/**
 * The texts, columns and details of docs/product/command-center.md (/commandcenter/signups). The
 * list shows the date by default; team size, product lines, notes and country are in the details
 * and can be added to the list under "Columns".
 */
const SIGNUPS: LeadKind<Signup> = {
  exportName: "signups",
  texts: {
    loading: "Loading signups...",
    noun: "signups",
    empty: "No signups found",
    detailsTitle: "Signup Details",
    notFound: "This signup does not exist: it was deleted, or the link is wrong.",
    confirmDelete: "Are you sure you want to delete this signup? This action cannot be undone.",
  },
  filters: [
    { param: "teamSize", label: "Team Size", options: SHORT_TEAM },
    { param: "productLines", label: "Product Lines", options: PRODUCT_LINES_LABELS },
  ],
  columns: [
    { heading: "Team Size", cell: (signup) => SHORT_TEAM[signup.teamSize] },
    { heading: "Product Lines", cell: (signup) => PRODUCT_LINES_LABELS[signup.productLines] },
    { heading: "Notes", cell: (signup) => <TruncatedText text={signup.notes} fallback="No notes" /> },
    { heading: "Country", cell: (signup) => signup.country ?? "Unknown" },
    { heading: "Date", cell: (signup) => formatDate(signup.createdAt), shown: true },
  ],
  rowName: fullName,
  details: (signup) => [
    { term: "Name", value: fullName(signup) },
    { term: "Email", value: signup.email },
    { term: "Team Size", value: TEAM_SIZE_LABELS[signup.teamSize] },
    { term: "Product Lines", value: PRODUCT_LINES_LABELS[signup.productLines] },
    { term: "Submitted", value: formatDateTime(signup.createdAt) },
    { term: "IP Address", value: signup.ipAddress ?? "N/A" },
    { term: "Country", value: countryText(signup) },
    ...(signup.notes ? [{ term: "Notes", value: signup.notes, long: true }] : []),
  ],
  fetchPage: (params) => api.signups(params).then(({ signups, ...rest }) => ({ items: signups, ...rest })),
  fetchOne: (id) => api.signup(id).then(({ signup }) => signup),
  remove: api.deleteSignup,
};

/** docs/product/command-center.md (/commandcenter/signups). */
export function SignupsPage() {
  return <LeadListPage kind={SIGNUPS} />;
}
