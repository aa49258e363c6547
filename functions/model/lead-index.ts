import type { TransactItem } from "../lib/transact";
import { updateExpression } from "../lib/update-expression";
import { canonicalForm, prospectAddressKey } from "./identity";
import { facetAttribute, facetsOf, type LeadKind } from "./lead-kinds";
import { countedExpiry, isUncounted, uncountedStatus } from "./quarantine";

/**
 * Case-insensitive, whitespace-collapsed form used both for stored search keys and for queries: the
 * identity rule's canonical form (./identity.ts), so two addresses that are the same person have
 * the same `searchEmail` and one query finds every spelling (functions/privacy/find.ts).
 */
export function searchKey(text: string): string {
  return canonicalForm(text).replace(/\s+/g, " ").trim();
}

/** An address's search key: its searchKey as the identity rule folds a prospect's address. */
export function searchAddressKey(email: string): string {
  return searchKey(prospectAddressKey(email));
}

export function searchAttributes(record: {
  firstName: string;
  lastName: string;
  email: string;
}): Record<string, string> {
  const email = searchAddressKey(record.email);
  const domain = email.slice(email.lastIndexOf("@") + 1) || email;
  return {
    searchName: searchKey(`${record.firstName} ${record.lastName}`) || "-",
    searchLast: searchKey(record.lastName) || "-",
    searchEmail: email || "-",
    searchDomain: domain || "-",
  };
}

export type BucketSize = "day" | "hour";

/** ISO start of the UTC hour/day containing `iso`. */
export function bucketStart(iso: string, size: BucketSize): string {
  return size === "day" ? `${iso.slice(0, 10)}T00:00:00.000Z` : `${iso.slice(0, 13)}:00:00.000Z`;
}

export function counterKind(lead: LeadKind, size: BucketSize): string {
  return `#counts#${lead.kind}#${size}`;
}

/**
 * Each bucket's counter is split into shards, picked by record id, so that concurrent submissions
 * rarely update the same item: DynamoDB cancels transactions that touch one item at the same time
 * (TransactionConflict). Readers sum every shard of a bucket.
 */
export const COUNTER_SHARDS = 4;

export function counterShard(recordId: string): number {
  let hash = 0;
  for (let index = 0; index < recordId.length; index += 1) {
    hash = (hash * 31 + recordId.charCodeAt(index)) >>> 0;
  }
  return hash % COUNTER_SHARDS;
}

export function counterId(lead: LeadKind, size: BucketSize, start: string, shard = 0): string {
  const bucket = `${counterKind(lead, size)}#${start.slice(0, size === "day" ? 10 : 13)}`;
  return shard === 0 ? bucket : `${bucket}#${shard}`;
}

const BUCKET_MS: Record<BucketSize, number> = { day: 86_400_000, hour: 3_600_000 };

/**
 * When a counter or figures bucket of a record expires (stages with a retention period): when the
 * last record it can count does, i.e. at its bucket's end plus the retention period — the record's
 * `expiresAt` moved from its arrival to the bucket's end. Every record of a bucket gives the same
 * instant, so no write (an arrival, a desk change, a delete) moves it earlier than a record still
 * counted in it (docs/decisions/0103-counts-follow-ttl-deletions.md).
 */
export function bucketExpiry(
  record: { createdAt: string; expiresAt?: unknown },
  size: BucketSize,
): number | undefined {
  // A held lead's own expiry is the quarantine's; its buckets go by the stage's (./quarantine.ts).
  const expiresAt = countedExpiry(record);
  if (expiresAt === undefined) return undefined;
  const end = Date.parse(bucketStart(record.createdAt, size)) + BUCKET_MS[size];
  return expiresAt + (end / 1000 - Math.floor(Date.parse(record.createdAt) / 1000));
}

/** The counter items of functions/model/tables.ts' byCreatedAt index: {id, kind, createdAt = bucket start}. */
export function counterUpdates(
  tableName: string,
  lead: LeadKind,
  record: Record<string, unknown> & { createdAt: string; expiresAt?: unknown },
  delta: 1 | -1,
): TransactItem[] {
  const facet = facetAttribute(lead, facetsOf(lead, record));
  const status = statusAttribute(record);
  const owner = countedOwner(record);
  const shard = counterShard(String(record.id ?? ""));
  const counted = !isUncounted(record);
  // An uncounted record is only in its day counter's status and owner counts.
  const sizes = counted ? (["day", "hour"] as const) : (["day"] as const);
  return sizes.map((size) => {
    const start = bucketStart(record.createdAt, size);
    const expiresAt = bucketExpiry(record, size);
    const dayCounts = [
      facet !== "n" && counted ? `${facet} :d` : "",
      status ? `${status} :d` : "",
      owner ? "#owned :d" : "",
    ].filter(Boolean);
    const counts = size === "day" ? [counted ? "n :d" : "", ...dayCounts].filter(Boolean).join(", ") : "n :d";
    return {
      Update: {
        TableName: tableName,
        Key: { id: counterId(lead, size, start, shard) },
        // A bucket expires with the last record it can count (stages with a retention period).
        UpdateExpression: `ADD ${counts} SET kind = :kind, createdAt = :start${expiresAt ? ", expiresAt = :exp" : ""}`,
        ...(size === "day" && owner ? { ExpressionAttributeNames: { "#owned": owner } } : {}),
        ExpressionAttributeValues: {
          ":d": delta,
          ":kind": counterKind(lead, size),
          ":start": start,
          ...(expiresAt ? { ":exp": expiresAt } : {}),
        },
      },
    };
  });
}

/**
 * The day counters also count records per lead-desk status (`s_new`, `s_won`, ...), so that the
 * list's "N of M" and the dashboard's open leads are exact without reading records. A record
 * without a status (written before the desk existed) is counted in no status.
 */
export function statusAttribute(record: Record<string, unknown>): string | undefined {
  return typeof record.status === "string" && /^[a-z]+$/.test(record.status)
    ? `s_${record.status}`
    : undefined;
}

/**
 * Records that someone owns are also counted per status and owner in the same day counters:
 * `o_<status>#<owner>` (docs/decisions/0079), so "Mine", a named owner and those with a status are
 * exact without reading records; the unassigned are the status counts minus these. The record names
 * the counter it is counted in (`ownerCount`), so a change or a delete moves exactly that one, and
 * a record owned before the owner counts existed (no `ownerCount`) is counted by the desk backfill
 * (functions/leads/backfill.ts) or by its next change, never twice.
 */
export const OWNER_COUNT = "ownerCount";
const OWNER_PREFIX = "o_";

export function ownerCounterName(status: string, owner: string): string {
  return `${OWNER_PREFIX}${status}#${owner}`;
}

/** The owner counter a stored record is counted in, if any. */
export function countedOwner(record: Record<string, unknown>): string | undefined {
  const name = record[OWNER_COUNT];
  return typeof name === "string" && name.startsWith(OWNER_PREFIX) ? name : undefined;
}

/** The owner counter a record with this status and owner belongs in (none for the unassigned). */
export function ownerCounterOf(record: Record<string, unknown>): string | undefined {
  return typeof record.status === "string" && typeof record.owner === "string" && record.owner
    ? ownerCounterName(record.status, record.owner)
    : undefined;
}

/** A day counter's owner counters: status -> owner -> count. */
export function ownerCounts(
  item: Record<string, unknown>,
  into: Record<string, Record<string, number>>,
): void {
  for (const [name, value] of Object.entries(item)) {
    if (!name.startsWith(OWNER_PREFIX)) continue;
    const split = name.indexOf("#");
    if (split < 0) continue;
    const status = name.slice(OWNER_PREFIX.length, split);
    const owners = into[status] ?? {};
    owners[name.slice(split + 1)] = (owners[name.slice(split + 1)] ?? 0) + Number(value);
    into[status] = owners;
  }
}

/** Day-counter attributes and how much each moves: -1 where a record was counted, +1 where it now is. */
export type CounterMoves = Readonly<Record<string, 1 | -1>>;

/**
 * Where a record's counts move when its status or owner changes to `to`: from its status and the
 * owner counter it names to `to`'s status and owner. Empty when neither moves.
 */
export function deskCounterMoves(
  record: Record<string, unknown>,
  to: { readonly status: string; readonly owner: string | null },
): CounterMoves {
  const moves: Record<string, 1 | -1> = {};
  // Into Spam: out of the totals; out of Spam (a record taken out): back in (counterMoveUpdates).
  if (uncountedStatus(to.status) && !isUncounted(record)) moves.n = -1;
  if (!uncountedStatus(to.status) && isUncounted(record)) moves.n = 1;
  const from = statusAttribute(record);
  const next = `s_${to.status}`;
  if (from !== next) {
    if (from) moves[from] = -1;
    moves[next] = 1;
  }
  const fromOwner = countedOwner(record);
  const nextOwner = to.owner ? ownerCounterName(to.status, to.owner) : undefined;
  if (fromOwner !== nextOwner) {
    if (fromOwner) moves[fromOwner] = -1;
    if (nextOwner) moves[nextOwner] = 1;
  }
  return moves;
}

/** The update of the record's day counter (same bucket and shard as its insert) by `moves`. */
export function counterMoveUpdate(
  tableName: string,
  lead: LeadKind,
  record: Record<string, unknown> & { createdAt: string },
  moves: CounterMoves,
): TransactItem | undefined {
  if (Object.keys(moves).length === 0) return undefined;
  const start = bucketStart(record.createdAt, "day");
  return {
    Update: {
      TableName: tableName,
      Key: { id: counterId(lead, "day", start, counterShard(String(record.id ?? ""))) },
      ...updateExpression({ add: moves, set: { kind: counterKind(lead, "day"), createdAt: start } }),
    },
  };
}

/**
 * counterMoveUpdate, and when the record goes out of the totals or back in (`n` moves): its facet
 * count with it, and its hour counter's `n` (which carries the bucket's expiry: a held record never
 * wrote that counter).
 */
export function counterMoveUpdates(
  tableName: string,
  lead: LeadKind,
  record: Record<string, unknown> & { createdAt: string },
  moves: CounterMoves,
): TransactItem[] {
  const total = moves.n;
  const facet = facetAttribute(lead, facetsOf(lead, record));
  const all: CounterMoves = total && facet !== "n" ? { ...moves, [facet]: total } : moves;
  const day = counterMoveUpdate(tableName, lead, record, all);
  if (!total) return day ? [day] : [];
  const start = bucketStart(record.createdAt, "hour");
  const expiresAt = bucketExpiry(record, "hour");
  const hour: TransactItem = {
    Update: {
      TableName: tableName,
      Key: { id: counterId(lead, "hour", start, counterShard(String(record.id ?? ""))) },
      ...updateExpression({
        add: { n: total },
        set: { kind: counterKind(lead, "hour"), createdAt: start, ...(expiresAt ? { expiresAt } : {}) },
      }),
    },
  };
  return [...(day ? [day] : []), hour];
}

/**
 * Moves one record's counts from where it is counted — its status and the owner counter it names —
 * to `to`'s status and owner; undefined when neither moves.
 */
export function deskCounterUpdate(
  tableName: string,
  lead: LeadKind,
  record: Record<string, unknown> & { createdAt: string },
  to: { readonly status: string; readonly owner: string | null },
): TransactItem | undefined {
  return counterMoveUpdate(tableName, lead, record, deskCounterMoves(record, to));
}

/** The item attributes and extra transaction actions that go with writing a new record. */
export function indexedWrite(
  tableName: string,
  lead: LeadKind,
  record: Record<string, unknown> & {
    firstName: string;
    lastName: string;
    email: string;
    createdAt: string;
  },
): { attributes: Record<string, string>; actions: TransactItem[] } {
  const desk = deskAttributes(lead, record);
  return {
    attributes: { ...searchAttributes(record), ...desk },
    actions: counterUpdates(tableName, lead, { ...record, ...desk }, 1),
  };
}

/**
 * `deskKey` = "<kind>#<status>": the partition key of the byDesk index (functions/model/tables.ts), sorted by
 * createdAt. It lists one status newest first, and open (New) leads oldest first, which is most
 * urgent first because the reply-due time grows with the arrival time.
 */
export function deskKey(lead: LeadKind, status: string): string {
  return `${lead.kind}#${status}`;
}

export function deskKeyOf(lead: LeadKind, record: Record<string, unknown>): Record<string, string> {
  return typeof record.status === "string" ? { deskKey: deskKey(lead, record.status) } : {};
}

/**
 * `ownerKey` = "<kind>#<status>#<owner>", or "<kind>#<status>#" for a lead nobody owns: the
 * partition key of the byOwner index (functions/model/tables.ts), sorted by createdAt. One status of
 * one owner (or of nobody) is one partition, so a status with Mine, a named owner or Unassigned, and
 * Most urgent first with any of them (oldest New first), read exactly their own leads however rare
 * they are among all; an owner (or Unassigned) across statuses merges that owner's status partitions
 * (docs/decisions/0100-status-and-owner-partitions.md, which replaced 0088's "<kind>#<owner>").
 * Every record with a status has it; set with `status` and `owner` by every writer
 * (./desk-rules.ts, the submission's `indexedWrite`, the desk backfill). A status is [a-z]+ and a
 * username is never empty, so no two (status, owner) pairs share a key.
 */
export const OWNER_KEY = "ownerKey";

/**
 * The item the desk backfill puts in a lead table once every record there has its `ownerKey` in the
 * form above (functions/leads/backfill.ts): from then on listings read the byOwner index
 * (functions/leads/owner-index.ts). No `kind`: in no listing. A new id for the new form: a table
 * marked for 0088's "<kind>#<owner>" keys is not ready for these.
 */
export const OWNER_INDEX_READY_ID = "#desk#owner-index-ready#status-owner";

export function ownerKey(lead: LeadKind, status: string, owner: string | null | undefined): string {
  return `${lead.kind}#${status}#${owner ?? ""}`;
}

export function ownerKeyOf(lead: LeadKind, record: Record<string, unknown>): Record<string, string> {
  if (typeof record.status !== "string") return {};
  const owner = typeof record.owner === "string" && record.owner ? record.owner : undefined;
  return { [OWNER_KEY]: ownerKey(lead, record.status, owner) };
}

/**
 * The desk attributes a record is stored with in bulk (benchmarks, tests): its desk key, owner key
 * and owner count.
 */
export function deskAttributes(lead: LeadKind, record: Record<string, unknown>): Record<string, string> {
  const owner = ownerCounterOf(record);
  return {
    ...deskKeyOf(lead, record),
    ...ownerKeyOf(lead, record),
    ...(owner ? { [OWNER_COUNT]: owner } : {}),
  };
}

/**
 * The counter items for a set of records written in bulk (benchmarks, imports), exactly as the
 * per-record updates above would leave them.
 */
export function counterItemsFor(
  lead: LeadKind,
  records: readonly Record<string, unknown>[],
): Record<string, unknown>[] {
  const items = new Map<string, Record<string, unknown>>();
  for (const record of records) {
    const createdAt = String(record.createdAt);
    const facet = facetAttribute(lead, facetsOf(lead, record));
    const counted = isUncounted(record) ? 0 : 1;
    for (const size of ["day", "hour"] as const) {
      const start = bucketStart(createdAt, size);
      const id = counterId(lead, size, start, counterShard(String(record.id ?? "")));
      const item = items.get(id) ?? { id, kind: counterKind(lead, size), createdAt: start, n: 0 };
      item.n = Number(item.n) + counted;
      if (size === "day" && facet !== "n") item[facet] = Number(item[facet] ?? 0) + counted;
      const status = statusAttribute(record);
      if (size === "day" && status) item[status] = Number(item[status] ?? 0) + 1;
      const owner = countedOwner(record);
      if (size === "day" && owner) item[owner] = Number(item[owner] ?? 0) + 1;
      items.set(id, item);
    }
  }
  return [...items.values()];
}
