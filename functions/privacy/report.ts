/**
 * The Privacy page's summary of the holdings of one address (./find.ts): the counts per category.
 * The download is ./export.ts, loaded only when one is asked for.
 */
import type { PrivacyCategory } from "../../events/privacy";
import type { Holdings } from "./find";

type Item = Record<string, unknown>;

/** A timeline entry that is an e-mail sent to the person. */
const isEmail = (entry: Item) => entry.type === "email" || entry.type === "reply";

export function countsOf(holdings: Holdings): Record<PrivacyCategory, number> {
  const entries = [...holdings.leads, ...holdings.formerLeads].flatMap((found) => found.timeline);
  const user = holdings.staff?.user;
  return {
    signupRecords: holdings.leads.filter((found) => found.lead.kind === "signup").length,
    contactMessages: holdings.leads.filter((found) => found.lead.kind === "contact").length,
    deletedLeads: holdings.formerLeads.length,
    timelineEntries: entries.filter((entry) => !isEmail(entry)).length,
    emailsSent: entries.filter(isEmail).length,
    prospectLookups: holdings.prospectLookups.length,
    acknowledgementQuotas: holdings.quotas.length,
    pendingEvents: holdings.pendingEvents.length,
    webhookDeliveries: holdings.webhookDeliveries.length,
    staffInvitations: holdings.invitations.filter((item) => typeof item.email === "string").length,
    staffAccounts: user ? 1 : 0,
    staffSessions: Object.keys(user?.sessions ?? {}).length,
    staffPasskeys: (user?.passkeys?.length ?? 0) + (user?.totpSecret ? 1 : 0),
    auditEntries: holdings.auditEntries.length,
  };
}
