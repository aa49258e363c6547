/**
 * The quarantine's route in functions/registry.ts, kept here as plain data beside the integrations'
 * (./integrations-registry.ts) so the registry stays one screen of entries.
 */
import type { HttpFunctionDefinition } from "./registry-types";

// "Not spam" (docs/decisions/0151-release-exactly-once.md): releases a lead the quarantine held.
// Both kinds; audit: the status entry, the address's open-lead lookup and person pointer; outbox:
// the lead's event (its e-mails and integrations) and the desk's lead.* events for a hand-marked one.
export const QUARANTINE_API: HttpFunctionDefinition = {
  name: "admin-desk-not-spam",
  entry: "leads/routes/release-routes.ts#notSpam",
  routes: ["POST /api/admin/desk/not-spam"],
  tables: {
    signups: "lookupUpsert",
    contacts: "lookupUpsert",
    audit: "lookupUpsert",
    outbox: "write",
    users: "read",
    authState: "read",
  },
  sessionKey: true,
};
