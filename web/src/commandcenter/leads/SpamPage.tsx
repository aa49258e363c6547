/**
 * The Spam list (docs/product/command-center.md, /commandcenter/spam): the signups and contact
 * messages marked Spam — held by the quarantine on arrival, or set by staff — each with the reasons
 * the server judged it by, and "Not spam" to release it to the desk (POST /api/admin/desk/not-spam,
 * docs/decisions/0151-release-exactly-once.md). Reuses the shared table and cells.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ContactMessage, LEAD_PLURALS, type LeadKindName, type Signup } from "../../../../events";
import { SPAM_TEXTS } from "../../../../events/quarantine";
import { spamReasonText } from "../../../../events/spam";
import { api, failureMessage } from "../common/api";
import { ErrorNotice } from "../common/ErrorNotice";
import { Loaded } from "../common/Loaded";
import { type Column, RecordTable } from "../common/RecordTable";
import shared from "../common/shared.module.css";
import { formatDate } from "../common/time";
import { CutText, fullName } from "./LeadCells";
import { leadKeys } from "./leadQueries";

type SpamLead = Signup | ContactMessage;

const SECTIONS: readonly { kind: LeadKindName; heading: string }[] = [
  { kind: "signup", heading: "Signups" },
  { kind: "contact", heading: "Contact messages" },
];

/** The list's page size: the Spam list is short-lived (30 days), one page is its usual whole. */
const PAGE = 100;

async function spamOf(kind: LeadKindName): Promise<SpamLead[]> {
  return kind === "signup"
    ? (await api.signups({ status: "spam", limit: PAGE })).signups
    : (await api.contacts({ status: "spam", limit: PAGE })).contacts;
}

/** Each reason as staff read it; a lead staff marked by hand has none of its own. */
function Reasons({ lead }: { lead: SpamLead }) {
  const reasons = lead.spamCheck?.reasons ?? [];
  if (lead.quarantine !== "held" || reasons.length === 0)
    return <span className={shared.muted}>{SPAM_TEXTS.markedByHand}</span>;
  return (
    <ul className={shared.stack}>
      {reasons.map((reason) => (
        <li key={`${reason.code}${reason.detail ?? ""}`}>{spamReasonText(reason)}</li>
      ))}
    </ul>
  );
}

function SpamSection({ kind, heading }: { kind: LeadKindName; heading: string }) {
  const plural = LEAD_PLURALS[kind];
  const client = useQueryClient();
  const list = useQuery({ queryKey: [...leadKeys.lists(plural), "spam"], queryFn: () => spamOf(kind) });
  const release = useMutation({
    mutationFn: (id: string) => api.notSpam({ kind, id }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: leadKeys.kind(plural) }),
        client.invalidateQueries({ queryKey: ["dashboard"] }),
      ]),
  });
  const columns: Column<SpamLead>[] = [
    { heading: "Name", cell: (lead) => <CutText strong text={fullName(lead)} /> },
    { heading: "Date", cell: (lead) => formatDate(lead.createdAt) },
    { heading: SPAM_TEXTS.reasons, cell: (lead) => <Reasons lead={lead} /> },
    {
      heading: "Actions",
      cell: (lead) => (
        <button
          type="button"
          className={shared.secondaryButton}
          disabled={release.isPending}
          aria-label={`${SPAM_TEXTS.notSpam}: ${lead.firstName} ${lead.lastName}`}
          onClick={() => release.mutate(lead.id)}
        >
          {release.isPending && release.variables === lead.id ? SPAM_TEXTS.releasing : SPAM_TEXTS.notSpam}
        </button>
      ),
    },
  ];
  return (
    <section className={shared.card} aria-labelledby={`spam-${kind}`}>
      <h2 id={`spam-${kind}`} className={shared.cardTitle}>
        {heading}
      </h2>
      {release.isSuccess && <p role="status">{SPAM_TEXTS.released}</p>}
      {release.isError && <ErrorNotice message={failureMessage(release.error)} />}
      <Loaded query={list} loading={SPAM_TEXTS.loading} failure="Could not load the spam list.">
        {(leads) => (
          <div className={shared.tableWrap}>
            <RecordTable columns={columns} rows={leads} emptyText={SPAM_TEXTS.empty} />
          </div>
        )}
      </Loaded>
    </section>
  );
}

export function SpamPage() {
  return (
    <div className={shared.stack}>
      <p>{SPAM_TEXTS.intro}</p>
      {SECTIONS.map((section) => (
        <SpamSection key={section.kind} {...section} />
      ))}
    </div>
  );
}
