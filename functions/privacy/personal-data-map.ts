/**
 * Where personal data lives (docs/decisions/0119-personal-data-map.md): every table of
 * functions/model/tables.ts, and every place outside them, that can hold a person's address or a
 * lead's fields or something derived from them, with what each privacy operation does to it. One
 * map, in code: docs/product/privacy.md carries it as rendered by `personalDataMapMarkdown`
 * (test/docs/personal-data-map.test.ts holds the page to it), and
 * functions/privacy/personal-data-map.test.ts fails when a table is added to tables.ts without an
 * entry here, or a privacy category has no store.
 *
 * Plain data: the privacy code does not read it; it says what that code does, and the tests hold
 * both to it.
 */
import type { PrivacyCategory } from "../../events/privacy";
import { CONTACT_KIND, SIGNUP_KIND } from "../model/lead-kinds";
import type { TableKey } from "../model/tables";

/** Outside the tables: what no privacy request can reach by key, listed so nothing is forgotten. */
export type OutsideStore = "queues" | "logs" | "sent";

export interface PersonalDataStore {
  /** A short name, unique. */
  readonly name: string;
  /** The tables it lives in (functions/model/tables.ts), or the place outside them. */
  readonly where: readonly TableKey[] | OutsideStore;
  /** Its items' keys. */
  readonly items: string;
  /** What of a person it holds. */
  readonly holds: string;
  /** The privacy summary's categories it is counted in (events/privacy.ts). */
  readonly categories: readonly PrivacyCategory[];
  readonly find: string;
  readonly export: string;
  readonly erase: string;
  /** What deleting a lead in the Command Center does to it. */
  readonly deleteLead: string;
  readonly retention: string;
  /** Whether anything about a person can leave from it again (replays, retries, sweeps, workers). */
  readonly replay: string;
}

const NONE = "—";
const LEAD_RECORD = {
  holds:
    "name, address, IP address, country, every form field, where they came from (page, referrer origin, campaign tags, click ids, channel), the desk's status, owner and times, the spam verdict (score, reasons) and who released it",
  find: "the bySearchEmail index under the address's canonical form, each record kept only when sameAddress agrees",
  export: "as stored, without keys, index entries and counters",
  erase:
    "deleted with its counters, figures and open-lead lookup (functions/model/lead-delete.ts); an erased-lead mark first",
  deleteLead: "deleted the same way; its person pointer stays",
  retention:
    "expiresAt = arrival + RETENTION_DAYS (none: kept); held as spam: arrival + 30 days, until released",
  replay: "its events leave through the outbox and the queues (see there)",
} as const;

export const PERSONAL_DATA_STORES: readonly PersonalDataStore[] = [
  { name: "signups", where: ["signups"], items: "`id`", categories: ["signupRecords"], ...LEAD_RECORD },
  {
    name: "contact messages",
    where: ["contacts"],
    items: "`id`",
    categories: ["contactMessages"],
    ...LEAD_RECORD,
  },
  {
    name: "lead counters and figures",
    where: [SIGNUP_KIND.table, CONTACT_KIND.table],
    items: "`#…` day, hour, owner and promise items",
    holds: "counts only, no person",
    categories: [],
    find: NONE,
    export: NONE,
    erase: "the erased records' counts taken out",
    deleteLead: "its counts taken out",
    retention: "the bucket's end + RETENTION_DAYS",
    replay: NONE,
  },
  {
    name: "timelines",
    where: ["audit"],
    items: "`lead#<kind>#<id>`",
    holds:
      "notes, replies (to, subject, body), the system's e-mails (to), status, owner, links, the deletion",
    categories: ["timelineEntries", "emailsSent"],
    find: "by each lead's key: live leads, and former ones through the person pointers",
    export: "per lead; a former lead's marked `deleted`",
    erase: "deleted, read and cleared again at the end",
    deleteLead: "kept, ending with a deletion entry (found later through the person pointer)",
    retention: "the lead's expiresAt",
    replay: NONE,
  },
  {
    name: "reply claims",
    where: ["audit"],
    items: "`reply#<kind>#<lead>#<key>` / claim",
    holds: "a copy of the reply's entry",
    categories: [],
    find: "by the key its reply entry records (`replyClaim`), live or former lead",
    export: "no (a copy of the timeline's reply)",
    erase: "deleted",
    deleteLead: "kept, like the timeline",
    retention: "the lead's expiresAt",
    replay: NONE,
  },
  {
    name: "returning-prospect lookup",
    where: ["audit"],
    items: "`prospect#<sha-256 of the canonical address>`",
    holds: "the address's open lead (kind, id); the address only as a hash",
    categories: ["prospectLookups"],
    find: "by key",
    export: "as stored",
    erase: "deleted",
    deleteLead: "released when it points at the lead",
    retention: "the lead's expiresAt",
    replay: NONE,
  },
  {
    name: "person pointers",
    where: ["audit"],
    items: "`person#<sha-256 of the canonical address>` / `<kind>#<id>`",
    holds: "each lead's kind, id and arrival; the address only as a hash",
    categories: ["deletedLeads"],
    find: "by key: every lead the address ever had, so a deleted one's timeline and deliveries are found",
    export: "the former leads (kind, id, arrival)",
    erase: "deleted, last",
    deleteLead: "kept: how a later erasure finds what the lead left",
    retention: "the lead's expiresAt + DELIVERY_RETENTION_DAYS (none: kept)",
    replay: NONE,
  },
  {
    name: "erasure markers",
    where: ["audit"],
    items: "`erasure#<keyed reference>`",
    holds: "a keyed hash of the address, the time",
    categories: [],
    find: "by key: the summary's erasedAt",
    export: NONE,
    erase: "written first",
    deleteLead: NONE,
    retention: "kept",
    replay: "read by the notify and acknowledge workers before they send or record anything",
  },
  {
    name: "audit entries and desk markers",
    where: ["audit"],
    items: "`audit#<month>`, `desk-digest#<date>`, the backfill's progress",
    holds: "staff actions (actor, target, IP); leads named by id only; privacy requests by keyed reference",
    categories: ["auditEntries"],
    find: "a staff member's, by actor or target, month by month to the account's creation",
    export: "as stored",
    erase: "a former member's username becomes a keyed reference, the IP goes",
    deleteLead: "a delete entry (id only)",
    retention: "kept",
    replay: NONE,
  },
  {
    name: "pending events",
    where: ["outbox"],
    items: "`id`",
    holds: "events in flight: a new lead's fields, reminders naming a lead, a locked account's address",
    categories: ["pendingEvents"],
    find: "a bounded scan (2,000), matched by the identity rule or a live or former lead's id",
    export: "as stored",
    erase: "deleted",
    deleteLead: NONE,
    retention: "deleted by the relay once moved to the queues",
    replay: "relayed to the queues (see there)",
  },
  {
    name: "queue messages",
    where: "queues",
    items: "SQS queues and their dead-letter queues; locally the queue journal in the data folder",
    holds: "copies of the events",
    categories: [],
    find: "not reachable (no read by content)",
    export: NONE,
    erase: "not reachable: dropped by the workers when processed or redriven",
    deleteLead: NONE,
    retention: "at most 14 days (SQS); locally until consumed",
    replay:
      "every worker checks first: notify and acknowledge the erasure marker, fan-out and delivery the erased-lead mark",
  },
  {
    name: "acknowledgement quotas",
    where: ["ephemeral"],
    items: "`ack-quota#<hash of the inbox>#<day>`",
    holds: "the day's acknowledgement event ids and the hashes of the addresses that took from it",
    categories: ["acknowledgementQuotas"],
    find: "by key per day, only an item the address's hash took from (a `+tag` shares the inbox, not the address)",
    export: "as stored, without the hashes",
    erase: "the address's hash removed, the item deleted when it was the only one",
    deleteLead: NONE,
    retention: "2 days",
    replay: NONE,
  },
  {
    name: "short-lived public items",
    where: ["ephemeral"],
    items: "`submission#<sha-256>`, `email#<event>…`, `rate#<network>`",
    holds: "a double submit's lead id; an e-mail's send claim; a client network's count",
    categories: [],
    find: NONE,
    export: NONE,
    erase: "left to expire: no address",
    deleteLead: NONE,
    retention: "5 minutes; 7 days; about 2 minutes",
    replay: NONE,
  },
  {
    name: "staff accounts and sessions",
    where: ["users"],
    items: "`username`",
    holds: "username and e-mail, role, password hash, second factors, passkeys, sessions (device, IP, times)",
    categories: ["staffAccounts", "staffSessions", "staffPasskeys"],
    find: "by username or the address claim",
    export: "without secrets; ended sessions left out",
    erase: "a former member's account deleted (an active member is refused)",
    deleteLead: NONE,
    retention: "while the account exists",
    replay: NONE,
  },
  {
    name: "sign-in state",
    where: ["authState"],
    items: "`staff-address#…` claims, `login#…`, `session-revoked#…`, `totp-used#…`, tokens and challenges",
    holds: "which account holds an address; failure counts, revocations and tokens by username",
    categories: [],
    find: "the address claim, by key",
    export: "through the account",
    erase: "the claim deleted; the rest expires",
    deleteLead: NONE,
    retention: "the claim while the account exists; the rest at most a session's lifetime",
    replay: NONE,
  },
  {
    name: "invitations",
    where: ["invitations"],
    items: "`id`",
    holds:
      "the invitee's address (an invitation, and the address's lock `address#<address>`), who invited them",
    categories: ["staffInvitations"],
    find: "the table read whole (a team's few dozen; bounded at 2,000), matched by the identity rule",
    export: "the invitations, without their secret's hash",
    erase: "deleted, with the lock",
    deleteLead: NONE,
    retention: "30 days past the invitation's expiry",
    replay: NONE,
  },
  {
    name: "integration endpoints",
    where: ["integrations"],
    items: "`id`",
    holds: "the receiver's URL and sealed secrets, who created it (a username); no lead data",
    categories: [],
    find: NONE,
    export: NONE,
    erase: "not changed (a creator's username stays: decision 0119)",
    deleteLead: NONE,
    retention: "until deleted",
    replay: NONE,
  },
  {
    name: "webhook and Slack deliveries",
    where: ["deliveries"],
    items: "`msg_…`",
    holds:
      "the body sent (a lead's fields, or the Slack message), the receiver's answer, the lead's kind and id",
    categories: ["webhookDeliveries"],
    find: "the byLead index for each live or former lead",
    export: "as stored, without the lease ticket",
    erase: "deleted, each leaving an erased-delivery mark; read and cleared again at the end",
    deleteLead: "kept (found through the person pointer)",
    retention: "DELIVERY_RETENTION_DAYS (30)",
    replay:
      "a replay of an erased one answers 410; an attempt (retry, sweep) of a marked lead's deletes it unsent",
  },
  {
    name: "erasure marks of deliveries",
    where: ["deliveries"],
    items: "`erased-lead#<kind>#<id>`, `erased-delivery#<id>`",
    holds: "ids and a time",
    categories: [],
    find: NONE,
    export: NONE,
    erase: "written first (leads) and with each deleted delivery",
    deleteLead: NONE,
    retention: "15 days; the delivery's own expiry",
    replay: "read by the fan-out, the delivery attempt and the replay routes",
  },
  {
    name: "logs",
    where: "logs",
    items: "one JSON line per request or message (functions/lib/log.ts)",
    holds: "ids, statuses and reasons; never a body or an address",
    categories: [],
    find: NONE,
    export: NONE,
    erase: NONE,
    deleteLead: NONE,
    retention: "the log group's",
    replay: NONE,
  },
  {
    name: "what was sent",
    where: "sent",
    items: "e-mails through SES; what a webhook receiver or a Slack channel got",
    holds: "whatever was sent (recorded on the lead's timeline as an e-mail entry)",
    categories: [],
    find: "the timeline's e-mail entries say what and to whom",
    export: "through the timeline",
    erase: "out of reach: the recipient's",
    deleteLead: NONE,
    retention: "the recipient's",
    replay: NONE,
  },
];

/** The tables of tables.ts that no entry names (a new table must get one). */
export function tablesWithoutEntry(
  tables: readonly string[],
  stores: readonly PersonalDataStore[] = PERSONAL_DATA_STORES,
): string[] {
  const named = new Set(stores.flatMap((store) => (typeof store.where === "string" ? [] : store.where)));
  return tables.filter((table) => !named.has(table as TableKey));
}

const cell = (text: string) => text.replaceAll("|", "\\|");

/** The map as docs/product/privacy.md shows it. */
export function personalDataMapMarkdown(stores: readonly PersonalDataStore[] = PERSONAL_DATA_STORES): string {
  const head = "| store | where | holds | find | export | erase | delete lead | retention | replay |";
  const rule = "| --- | --- | --- | --- | --- | --- | --- | --- | --- |";
  const rows = stores.map((store) =>
    [
      store.name,
      `${typeof store.where === "string" ? store.where : store.where.map((table) => `\`${table}\``).join(", ")}: ${store.items}`,
      store.holds,
      store.find,
      store.export,
      store.erase,
      store.deleteLead,
      store.retention,
      store.replay,
    ]
      .map(cell)
      .join(" | "),
  );
  return [head, rule, ...rows.map((row) => `| ${row} |`)].join("\n");
}
