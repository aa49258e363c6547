/**
 * The DynamoDB tables, described once. The CDK stack (infra/constructs/data.ts) and the local
 * runtime (infra/local) both build their tables from these definitions, and the functions find
 * each table's name in the environment variable named here.
 *
 * Plain data on purpose: no CDK import, so the Lambda bundles and the local runtime can load it.
 */
import { requireEnv } from "../lib/env";

export type AttributeType = "S" | "N";

export interface KeyAttribute {
  readonly name: string;
  readonly type: AttributeType;
}

export interface GlobalIndexDefinition {
  readonly indexName: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  /**
   * Non-key attributes copied into the index (projection INCLUDE); absent = ALL. An index that
   * projects ALL is rewritten by every update of its items, whatever attribute changed.
   */
  readonly include?: readonly string[];
}

export interface TableDefinition {
  /** Logical id in the stack and suffix of the physical name. */
  readonly id: string;
  /** Environment variable that carries the physical table name to the functions. */
  readonly envVar: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  readonly globalIndexes?: readonly GlobalIndexDefinition[];
  /** Epoch-seconds attribute after which DynamoDB deletes the item. */
  readonly timeToLiveAttribute?: string;
  /** Whether inserts are streamed (the transactional outbox relies on it in AWS). */
  readonly streamNewImages?: boolean;
  /**
   * Whether changes are streamed with the item as it was (a REMOVE then carries the deleted item):
   * the lead tables, whose TTL deletions leave the counters (docs/decisions/0103).
   */
  readonly streamOldImages?: boolean;
}

/** Every lead table's index of its records by arrival (`kind`, `createdAt`). */
export const CREATED_AT_INDEX = "byCreatedAt";

/**
 * Prefix-search indexes of the Command Center (functions/model/lead-index.ts): lower-cased
 * "first last", last name, e-mail and e-mail domain, each under the record's `kind`. A search
 * reads only `id`, `createdAt` and the facets from them (functions/leads/lead-search.ts), so only
 * those are projected: the enrichment's update (country, IP) then writes no search index.
 */
export const SEARCH_INDEXES = [
  { indexName: "bySearchName", attribute: "searchName" },
  { indexName: "bySearchLast", attribute: "searchLast" },
  { indexName: "bySearchEmail", attribute: "searchEmail" },
  { indexName: "bySearchDomain", attribute: "searchDomain" },
] as const;

const searchIndexes = SEARCH_INDEXES.map(({ indexName, attribute }) => ({
  indexName,
  partitionKey: { name: "kind", type: "S" as const },
  sortKey: { name: attribute, type: "S" as const },
  include: ["createdAt", "teamSize", "productLines"],
}));

/**
 * The lead desk's index (functions/model/lead-index.ts deskKey): one status of one kind, by arrival.
 * One new index per table on purpose: CloudFormation adds at most one global secondary index to
 * an existing table per update (docs/decisions/0066-lead-desk-model.md).
 */
export const DESK_INDEX = "byDesk";

const deskIndex = {
  indexName: DESK_INDEX,
  partitionKey: { name: "deskKey", type: "S" as const },
  sortKey: { name: "createdAt", type: "S" as const },
};

/**
 * One status of one owner's leads, or of nobody's (functions/model/lead-index.ts ownerKey):
 * "<kind>#<status>#<owner>", by arrival, so a status or Most urgent first with Mine, a named owner or
 * Unassigned reads exactly its matches, and an owner across statuses merges their status partitions
 * (docs/decisions/0088-owner-index.md, keyed so by 0100-status-and-owner-partitions.md). The one
 * index this release adds to each lead table (infra/index-migration.ts).
 */
export const OWNER_INDEX = "byOwner";

const ownerIndex = {
  indexName: OWNER_INDEX,
  partitionKey: { name: "ownerKey", type: "S" as const },
  sortKey: { name: "createdAt", type: "S" as const },
};

/**
 * A table of leads: `kind` is a constant per record type so one index lists them newest first;
 * `expiresAt` is set at write time when the stage has a retention period (RETENTION_DAYS > 0).
 */
function leadTable<Id extends string, EnvVar extends string>(id: Id, envVar: EnvVar) {
  return {
    id,
    envVar,
    partitionKey: { name: "id", type: "S" },
    globalIndexes: [
      {
        indexName: CREATED_AT_INDEX,
        partitionKey: { name: "kind", type: "S" },
        sortKey: { name: "createdAt", type: "S" },
      },
      ...searchIndexes,
      deskIndex,
      ownerIndex,
    ],
    timeToLiveAttribute: "expiresAt",
    streamOldImages: true,
  } as const;
}

export const TABLES = {
  /** Prospect signups. */
  signups: leadTable("Signups", "SIGNUPS_TABLE"),
  /** Contact-form messages, same layout as signups. */
  contacts: leadTable("ContactMessages", "CONTACTS_TABLE"),
  /**
   * Transactional outbox: an event is written in the same transaction as the record it
   * describes, and a relay moves it to the queues, then deletes it.
   */
  outbox: {
    id: "Outbox",
    envVar: "OUTBOX_TABLE",
    partitionKey: { name: "id", type: "S" },
    streamNewImages: true,
  },
  /**
   * Short-lived records of the public side, expiring by TTL: per-address submission counters
   * (`rate#…`), e-mail idempotency claims (`email#…`) and acknowledgement quotas (`ack-quota#…`).
   * The two forms and the notify worker reach this table and no other short-lived state.
   */
  ephemeral: {
    id: "PublicEphemeral",
    envVar: "EPHEMERAL_TABLE",
    partitionKey: { name: "pk", type: "S" },
    timeToLiveAttribute: "expiresAt",
  },
  /**
   * Staff sign-in state, expiring by TTL: login-failure counters and locks (`login#…`), revoked
   * sessions, TOTP replay guards (`totp-used#…`) and attack-alert markers. Only the functions that
   * sign staff in or check a session reach it (docs/decisions/0057-auth-state-table.md). It keeps
   * the id of the table that held all short-lived state before, so the deploy that split them
   * keeps every lock and revocation.
   */
  authState: {
    id: "Ephemeral",
    envVar: "AUTH_STATE_TABLE",
    partitionKey: { name: "pk", type: "S" },
    timeToLiveAttribute: "expiresAt",
  },
  /** Staff accounts of the Command Center. */
  users: {
    id: "Users",
    envVar: "USERS_TABLE",
    partitionKey: { name: "username", type: "S" },
  },
  /**
   * Invitations to the staff team (functions/staff/invitations.ts): one item per invitation, kept
   * 30 days past its expiry so the Team page can show it as expired, then removed by TTL.
   */
  invitations: {
    id: "Invitations",
    envVar: "INVITATIONS_TABLE",
    partitionKey: { name: "id", type: "S" },
    timeToLiveAttribute: "removeAt",
  },
  /**
   * Outbound integrations' endpoints (functions/integrations): one item per endpoint, its signing
   * secrets sealed (docs/decisions/0091-outbound-integrations.md).
   */
  integrations: {
    id: "IntegrationEndpoints",
    envVar: "INTEGRATIONS_TABLE",
    partitionKey: { name: "id", type: "S" },
  },
  /**
   * One item per (event, endpoint): the payload to send, its attempts and the last answer; removed
   * by TTL DELIVERY_RETENTION_DAYS after it was created (events/webhooks.ts). `dueKey` is set only
   * while a delivery waits for an attempt, so the sweeper's index holds only those
   * (docs/decisions/0092-webhook-retries.md). `leadRef` ("<kind>#<id>", deliveryLeadRef) names the
   * lead a delivery's payload is about.
   */
  deliveries: {
    id: "WebhookDeliveries",
    envVar: "DELIVERIES_TABLE",
    partitionKey: { name: "id", type: "S" },
    globalIndexes: [
      {
        indexName: "byEndpoint",
        partitionKey: { name: "endpointId", type: "S" },
        sortKey: { name: "createdAt", type: "S" },
      },
      {
        indexName: "byDue",
        partitionKey: { name: "dueKey", type: "S" },
        sortKey: { name: "nextAttemptAt", type: "S" },
        include: ["ticket"],
      },
      // A lead's deliveries, for a privacy request (functions/privacy): ids and times only.
      { indexName: "byLead", partitionKey: { name: "leadRef", type: "S" }, include: ["createdAt"] },
    ],
    timeToLiveAttribute: "expiresAt",
  },
  /**
   * Who did what in the Command Center (deletes, sign-ins), and beside it the lead timelines and
   * the returning-prospect lookups. Items with `expiresAt` are removed by TTL: the lookups carry
   * their lead's expiry (docs/decisions/0096-retention-you-can-see.md); audit entries carry none
   * and stay.
   */
  audit: {
    id: "AuditLog",
    envVar: "AUDIT_TABLE",
    partitionKey: { name: "pk", type: "S" },
    sortKey: { name: "sk", type: "S" },
    timeToLiveAttribute: "expiresAt",
  },
} as const satisfies Record<string, TableDefinition>;

export type TableKey = keyof typeof TABLES;

/** The physical name of one of the tables above, from its environment variable. */
export function tableName(key: TableKey): string {
  return requireEnv(TABLES[key].envVar);
}
