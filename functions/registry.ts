/**
 * Every Lambda function of the product, described once. The CDK stack creates one function per
 * entry (with its routes or its queue), the build bundles each `entry`, and the local runtime
 * dispatches HTTP requests and queue batches to the same modules.
 *
 * Plain data on purpose: no CDK import and no handler import.
 */
import { LEAD_PLURALS } from "../events/desk";
import type { DomainEventType } from "../events/envelopes";
import { FIGURE_READERS } from "./model/figures-registry";
import { INTEGRATIONS } from "./model/integrations-registry";
import { QUARANTINE_API } from "./model/quarantine-registry";
import type {
  HttpFunctionDefinition,
  QueueDefinition,
  ScheduledFunctionDefinition,
  WorkerDefinition,
} from "./model/registry-types";
import type { TableKey } from "./model/tables";

export type {
  HttpFunctionDefinition,
  QueueDefinition,
  ScheduledFunctionDefinition,
  TableAccess,
  WorkerDefinition,
} from "./model/registry-types";

/**
 * The lead desk's writers (status and owner changes, replies): both kinds of lead, and the audit
 * table for the timeline and the address's open-lead lookup (docs/decisions/0075).
 */
const DESK_WRITER_TABLES = {
  signups: "readWrite",
  contacts: "readWrite",
  audit: "readWrite",
  outbox: "write", // the lead.* events of the outbound integrations (docs/decisions/0091)
  users: "read",
  authState: "read",
} as const;

export const HTTP_FUNCTIONS: readonly HttpFunctionDefinition[] = [
  {
    name: "signup",
    entry: "pipeline/routes/signup.ts",
    routes: ["POST /api/signup"],
    // audit: the open-lead lookup per address and the lead's timeline (docs/decisions/0075).
    // Public and unauthenticated: it may add and update items, never delete, batch or scan.
    // ephemeral lookup: a double submit's first answer (functions/pipeline/double-submit.ts).
    tables: { signups: "upsert", outbox: "upsert", ephemeral: "lookupUpsert", audit: "lookupUpsert" },
  },
  {
    name: "contact",
    entry: "pipeline/routes/contact.ts",
    routes: ["POST /api/contact"],
    tables: { contacts: "upsert", outbox: "upsert", ephemeral: "lookupUpsert", audit: "lookupUpsert" },
  },
  // Command Center (docs/product/command-center.md): staff sign-in and lead management. Every route reads the session.
  {
    name: "auth-login",
    entry: "staff/routes/auth-login.ts",
    routes: ["POST /api/auth/login"],
    // outbox: the "account locked" e-mail to the owner (functions/staff/attack-alert.ts).
    tables: { users: "readWrite", authState: "readWrite", audit: "write", outbox: "write" },
    sessionKey: true,
  },
  {
    name: "auth-user",
    entry: "staff/routes/auth-user.ts",
    routes: ["GET /api/auth/user"],
    // Writes a session's "last used" time on the user item (functions/model/staff/sessions.ts).
    tables: { users: "readWrite", authState: "read" },
    sessionKey: true,
  },
  {
    name: "auth-logout",
    entry: "staff/routes/auth-logout.ts",
    routes: ["POST /api/auth/logout"],
    tables: { users: "read", authState: "readWrite", audit: "write" },
    sessionKey: true,
  },
  // Staff accounts: the signed-in member's own account (docs/decisions/0060).
  {
    name: "account",
    entry: "staff/routes/account.ts",
    routes: [
      "GET /api/account/email",
      "PUT /api/account/email",
      "DELETE /api/account/email",
      "POST /api/account/password",
      "GET /api/account/sessions",
      "DELETE /api/account/sessions",
      "DELETE /api/account/sessions/{id}",
      "GET /api/account/security",
      "POST /api/account/totp/start",
      "POST /api/account/totp/confirm",
      "POST /api/account/totp/remove",
    ],
    // invitations: a new address held by a pending invitation gets no link (docs/decisions/0122).
    tables: { users: "readWrite", authState: "readWrite", audit: "write", invitations: "read" },
    sessionKey: true,
    // The notice of a new address or second factor, with its "This wasn't me" link (docs/decisions/0082).
    sendsEmail: true,
  },
  // Passkeys (docs/decisions/0073-passkeys.md): the signed-in member's own, and signing in with one.
  // Their own functions: the WebAuthn library loads on first use and stays out of the others.
  {
    name: "account-passkeys",
    entry: "staff/routes/account-passkeys.ts",
    routes: [
      "GET /api/account/passkeys",
      "POST /api/account/passkeys/options",
      "POST /api/account/passkeys",
      "PATCH /api/account/passkeys/{id}",
      "DELETE /api/account/passkeys/{id}",
    ],
    tables: { users: "readWrite", authState: "readWrite", audit: "write" },
    sessionKey: true,
    // The notice of a passkey added or removed (docs/decisions/0082).
    sendsEmail: true,
  },
  {
    name: "auth-passkey",
    entry: "staff/routes/auth-passkey.ts",
    routes: ["POST /api/auth/passkey/options", "POST /api/auth/passkey/verify"],
    // users: the signature counter, last use and the session list; authState: challenges, throttle.
    tables: { users: "readWrite", authState: "readWrite", audit: "write" },
    sessionKey: true,
  },
  // Staff team (docs/decisions/0061): the Team page's API, Admin only on every request.
  {
    name: "team",
    entry: "staff/routes/team.ts",
    routes: [
      "GET /api/team",
      "POST /api/team/invitations",
      "POST /api/team/invitations/{id}/resend",
      "DELETE /api/team/invitations/{id}",
      "PATCH /api/team/members/{username}",
      "POST /api/team/members/{username}/reset-second-factor",
    ],
    tables: { users: "readWrite", invitations: "readWrite", audit: "readWrite", authState: "readWrite" },
    sessionKey: true,
    sendsEmail: true,
  },
  // Accepting an invitation: public, the one-time token is the credential.
  {
    name: "invitation",
    entry: "staff/routes/invitation.ts",
    routes: ["POST /api/auth/invitation/check", "POST /api/auth/invitation/accept"],
    tables: { users: "readWrite", invitations: "readWrite", audit: "write", authState: "readWrite" },
    sessionKey: true,
  },
  // Forgotten password (decision 0063), "This wasn't me" (0082): public, the e-mailed link is the credential.
  {
    name: "password-reset",
    entry: "staff/routes/password-reset.ts",
    routes: [
      "POST /api/auth/password/forgot",
      "POST /api/auth/password/check",
      "POST /api/auth/password/reset",
      "POST /api/auth/not-me",
      "POST /api/auth/email/confirm",
    ],
    // invitations: confirming a new address requires that no pending invitation holds it (0122).
    tables: { users: "readWrite", audit: "write", authState: "readWrite", invitations: "read" },
    sendsEmail: true,
  },
  ...Object.values(LEAD_PLURALS).flatMap((plural): HttpFunctionDefinition[] => [
    {
      name: `admin-${plural}-list`,
      entry: `leads/routes/lead-routes.ts#${plural}List`,
      routes: [`GET /api/admin/${plural}`],
      tables: { [plural]: "read", users: "read", authState: "read" },
      sessionKey: true,
    },
    {
      name: `admin-${plural}-export`,
      entry: `leads/routes/lead-routes.ts#${plural}Export`,
      routes: [`GET /api/admin/${plural}/export.csv`],
      tables: { [plural]: "read", users: "read", authState: "read" },
      sessionKey: true,
    },
    // The lead desk (docs/decisions/0066): a lead's timeline and notes; notes live in the audit table.
    {
      name: `admin-${plural}-timeline`,
      entry: `leads/routes/desk-routes.ts#${plural}Timeline`,
      routes: [`GET /api/admin/${plural}/{id}/timeline`],
      // Both kinds: the country of each submission linked to the lead (docs/decisions/0075).
      tables: { signups: "read", contacts: "read", audit: "read", users: "read", authState: "read" },
      sessionKey: true,
    },
    {
      name: `admin-${plural}-notes`,
      entry: `leads/routes/desk-routes.ts#${plural}Notes`,
      routes: [`POST /api/admin/${plural}/{id}/notes`],
      tables: { [plural]: "read", audit: "readWrite", users: "read", authState: "read" },
      sessionKey: true,
    },
    // One lead: read (the links in the desk's e-mails open it) and delete; one path, one function.
    {
      name: `admin-${plural}-lead`,
      entry: `leads/routes/lead-routes.ts#${plural}Lead`,
      routes: [`GET /api/admin/${plural}/{id}`, `DELETE /api/admin/${plural}/{id}`],
      // audit read: the address's open-lead lookup, released with a deleted lead (docs/decisions/0075).
      tables: { [plural]: "readWrite", audit: "readWrite", users: "read", authState: "read" },
      sessionKey: true,
    },
  ]),
  ...FIGURE_READERS, // the dashboard's response figures and the Sources report
  {
    name: "admin-desk-owners",
    entry: "leads/routes/desk-routes.ts#deskOwners",
    routes: ["GET /api/admin/desk/owners"],
    tables: { users: "read", authState: "read" },
    sessionKey: true,
  },
  {
    name: "admin-desk-update",
    entry: "leads/routes/desk-routes.ts#deskUpdate",
    routes: ["POST /api/admin/desk/update"],
    tables: DESK_WRITER_TABLES,
    sessionKey: true,
  },
  // Replies from the lead desk (docs/decisions/0068-replies.md): sent through SES with the staff
  // member's address as Reply-To; the key's claim and the reply entry live in the audit table.
  {
    name: "admin-desk-reply",
    entry: "leads/routes/reply-routes.ts#deskReply",
    routes: ["GET /api/admin/desk/reply-templates", "POST /api/admin/desk/reply"],
    tables: DESK_WRITER_TABLES,
    sessionKey: true,
    sendsEmail: true,
  },
  QUARANTINE_API,
  INTEGRATIONS.api,
  {
    name: "privacy",
    entry: "privacy/routes/privacy.ts",
    routes: ["GET settings", "POST find", "POST export", "POST erase"].map((r) =>
      r.replace(" ", " /api/privacy/"),
    ),
    tables: {
      ...DESK_WRITER_TABLES,
      ephemeral: "readWrite",
      outbox: "readWrite",
      users: "readWrite",
      authState: "readWrite",
      deliveries: "readWrite", // webhook deliveries about the address's leads (docs/decisions/0095)
      invitations: "readWrite", // invitations sent to the address (docs/decisions/0119)
    },
    sessionKey: true,
  },
  {
    name: "admin-signups-stats",
    entry: "leads/routes/lead-routes.ts#signupStats",
    routes: ["GET /api/admin/signups/stats"],
    tables: { signups: "read", users: "read", authState: "read" },
    sessionKey: true,
  },
];

const ENRICH_TABLES = { signups: "readWrite", outbox: "write" } as const; // outbox: signup.enriched (0091)
export const WORKERS: readonly WorkerDefinition[] = [
  { name: "enrich", entry: "pipeline/routes/enrich.ts", tables: ENRICH_TABLES, assets: "geoip" },
  // Two mail lanes (docs/decisions/0098-mail-lanes.md): staff mail never waits behind acknowledgements.
  {
    name: "notify",
    entry: "pipeline/routes/notify.ts#staffHandler",
    // signups/contacts: `notifiedAt` once a lead's staff alert is out (functions/pipeline/notifications.ts).
    tables: { ephemeral: "readWrite", signups: "write", contacts: "write", audit: "readWrite" },
    sendsEmail: true,
    sessionKey: true,
  },
  {
    name: "acknowledge",
    entry: "pipeline/routes/notify.ts#prospectHandler",
    // ephemeral: claims and quota; audit: the timeline's e-mail, the erasure marker (with the session key).
    tables: { ephemeral: "readWrite", audit: "readWrite" },
    sendsEmail: true,
    sessionKey: true,
  },
  ...INTEGRATIONS.workers,
];

export const QUEUES: readonly QueueDefinition[] = [
  {
    name: "enrichment",
    envVar: "ENRICHMENT_QUEUE_URL",
    consumes: ["signup.created"],
    worker: "enrich",
    maxReceiveCount: 5,
  },
  // The staff lane keeps the queue's original name, so a deployed stage keeps its queue and what waits in it.
  {
    name: "notification",
    envVar: "NOTIFICATION_QUEUE_URL",
    consumes: [
      "signup.created",
      "contact.received",
      "staff.account-locked",
      "desk.reminder",
      "desk.digest",
      ...INTEGRATIONS.staffMail, // an endpoint paused after failing for a day (docs/decisions/0092)
    ],
    worker: "notify",
    maxReceiveCount: 5,
  },
  {
    name: "acknowledgement",
    envVar: "ACKNOWLEDGEMENT_QUEUE_URL",
    consumes: ["signup.created", "contact.received"],
    worker: "acknowledge",
    maxReceiveCount: 5,
  },
  ...INTEGRATIONS.queues,
];

/**
 * Moves outbox events to the queues (DynamoDB stream in AWS; a sweep loop locally). integrations:
 * which event types an active endpoint takes, so that no other goes to the fan-out (decision 0108).
 */
export const OUTBOX_RELAY = {
  name: "outbox-relay",
  entry: "pipeline/routes/outbox-relay.ts",
  tables: { outbox: "readWrite", integrations: "read" },
  queues: QUEUES.map((queue) => queue.name),
} as const satisfies WorkerDefinition;

/**
 * Takes lead records that DynamoDB's time to live deleted out of their counters and response
 * figures (docs/decisions/0103-counts-follow-ttl-deletions.md): fed by the lead tables' streams in
 * AWS, by the TTL sweep locally. It only adds and updates items (the counters, a marker per record).
 */
export const LEAD_EXPIRY = {
  name: "lead-expiry",
  entry: "leads/routes/lead-expiry.ts",
  tables: { signups: "upsert", contacts: "upsert" },
} as const satisfies WorkerDefinition;

/**
 * Functions run on a schedule. The lead desk's reminders, overdue announcements and morning digest
 * (docs/decisions/0070-desk-reminders.md): they read open leads from the byDesk index, mark each
 * lead reminded and each owner's digest sent (audit table), and queue the e-mails via the outbox.
 */
export const SCHEDULED_FUNCTIONS: readonly ScheduledFunctionDefinition[] = [
  {
    name: "desk-schedule",
    entry: "leads/routes/desk-schedule.ts",
    tables: {
      signups: "readWrite",
      contacts: "readWrite",
      users: "read",
      audit: "readWrite",
      outbox: "write",
    },
    everyMinutes: 15,
    localIntervalEnv: "DESK_SCHEDULE_SECONDS",
    localSeconds: 60,
  },
  INTEGRATIONS.sweep,
  // The backfill of records stored before the lead desk (docs/decisions/0076-desk-backfill.md):
  // resumable runs until done, then one read of its progress per run. Its progress lives in the
  // audit table; no users, no outbox.
  {
    name: "desk-backfill",
    entry: "leads/routes/desk-backfill.ts",
    tables: { signups: "readWrite", contacts: "readWrite", audit: "readWrite" },
    everyMinutes: 5,
    localIntervalEnv: "DESK_BACKFILL_SECONDS",
    localSeconds: 0,
    localAtStart: true,
    timeoutSeconds: 300,
  },
];

/** The queues an event of this type goes to. */
export function queuesFor(type: DomainEventType): QueueDefinition[] {
  return QUEUES.filter((queue) => queue.consumes.includes(type));
}

/** The tables each function scans: only these reads get dynamodb:Scan (infra/constructs/data.ts). */
export const TABLE_SCANS: Readonly<Record<string, readonly TableKey[]>> = {
  account: ["users"],
  "admin-desk-owners": ["users"],
  "password-reset": ["users"],
  team: ["users", "invitations"],
  invitation: ["invitations"],
  integrations: ["integrations"],
  "webhook-fanout": ["integrations"],
  "webhook-sweep": ["integrations", "users"],
  "outbox-relay": ["outbox", "integrations"],
  privacy: ["outbox", "invitations"],
  "desk-backfill": Object.values(LEAD_PLURALS),
};
