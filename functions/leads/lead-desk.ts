/**
 * Working a lead: status and owner changes (single or bulk) and staff notes. Each change is one
 * DynamoDB transaction — the record (guarded by its desk version, so two staff members changing
 * the same lead at once cannot lose an update), the status counters of the record's day bucket
 * and the timeline entries that record it — so the list, the counts and the audit trail agree.
 */
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
} from "@aws-sdk/lib-dynamodb";
import {
  ANSWERED_STATUSES,
  isOpenStatus,
  LEAD_KINDS,
  LEAD_STATUSES,
  type LeadKindName,
  type LeadStatus,
  LIMITS_DESK,
  type TimelineEntry,
  TimelineEntry as TimelineEntryShape,
} from "../../events/desk";
import type { Clock } from "../lib/clock";
import { getByIds } from "../lib/get-by-ids";
import { forEachConcurrently } from "../lib/pool";
import {
  isConditionRefused,
  isTransactionConflict,
  retryTransaction,
  type TransactItem,
} from "../lib/transact";
import { countedOwner, deskCounterUpdate, deskKey, OWNER_COUNT, ownerCounterName } from "../model/lead-index";
import type { LeadKind } from "../model/lead-kinds";
import { claimOpenLead, pointsAt, readProspect, releaseOpenLead } from "../model/prospects";
import { readTimeline, timelineItem, timelinePk, timelinePut } from "../model/timeline";

export interface DeskDeps {
  readonly db: DynamoDBDocumentClient;
  readonly tables: { readonly records: string; readonly audit: string };
  readonly clock: Clock;
  /**
   * Both kinds' tables: a timeline read with them shows where each linked submission came from
   * (its country, known once enrichment has run; docs/decisions/0075).
   */
  readonly leadTables?: Readonly<Record<LeadKindName, string>>;
}

export interface DeskChange {
  readonly status?: LeadStatus;
  readonly lostReason?: string;
  /** A staff username, null for nobody, undefined to leave as is. */
  readonly owner?: string | null;
  /** A reply was sent: stop the response clock whatever the status (functions/leads/reply.ts). */
  readonly responded?: boolean;
}

/** A record's status; records from before the desk are New. */
export function statusOf(item: Record<string, unknown>): LeadStatus {
  return LEAD_STATUSES.includes(item.status as LeadStatus) ? (item.status as LeadStatus) : "new";
}

export async function readLead(
  deps: DeskDeps,
  lead: LeadKind,
  id: string,
): Promise<(Record<string, unknown> & { createdAt: string }) | undefined> {
  const found = await deps.db.send(
    new GetCommand({ TableName: deps.tables.records, Key: { id }, ConsistentRead: true }),
  );
  const item = found.Item;
  if (!item || item.kind !== lead.kind || typeof item.createdAt !== "string") return undefined;
  return item as Record<string, unknown> & { createdAt: string };
}

/**
 * The record's update guards on the version read, so a concurrent change makes this one retry, and
 * on the owner counter it is counted in (the desk backfill counts an owned record without bumping
 * its version): the counters move from exactly where the record was counted.
 */
function versionGuard(item: Record<string, unknown>): {
  condition: string;
  values: Record<string, unknown>;
  next: number;
} {
  const version = typeof item.deskVersion === "number" ? item.deskVersion : undefined;
  const counted = countedOwner(item);
  const owner = counted
    ? { condition: "#ownerCount = :ownerCount", values: { ":ownerCount": counted } }
    : { condition: "attribute_not_exists(#ownerCount)", values: {} };
  return version === undefined
    ? {
        condition: `attribute_exists(id) AND attribute_not_exists(deskVersion) AND ${owner.condition}`,
        values: owner.values,
        next: 1,
      }
    : {
        condition: `deskVersion = :version AND ${owner.condition}`,
        values: { ":version": version, ...owner.values },
        next: version + 1,
      };
}

/** What one change does to one record: the transaction, or nothing when nothing changes. */
export function changeActions(
  deps: DeskDeps,
  lead: LeadKind,
  item: Record<string, unknown> & { createdAt: string },
  change: DeskChange,
  actor: string,
  now: Date,
  /** Order of this change's first timeline entry among others written at the same instant. */
  firstOrder = 0,
): TransactItem[] {
  const id = String(item.id);
  const current = statusOf(item);
  const currentOwner = typeof item.owner === "string" ? item.owner : null;
  const status = change.status ?? current;
  const lostReason =
    status === "lost" ? (change.lostReason ?? (item.lostReason as string | undefined)) : undefined;
  const statusChanged = item.status !== status || (status === "lost" && lostReason !== item.lostReason);
  const ownerChanged = change.owner !== undefined && change.owner !== currentOwner;
  const stopsClock =
    item.respondedAt === undefined && (ANSWERED_STATUSES.includes(status) || change.responded === true);
  if (!statusChanged && !ownerChanged && !stopsClock) return [];

  const guard = versionGuard(item);
  const set = ["deskVersion = :next", "#status = :status", "deskKey = :deskKey"];
  const remove: string[] = [];
  const values: Record<string, unknown> = {
    ...guard.values,
    ":next": guard.next,
    ":status": status,
    ":deskKey": deskKey(lead, status),
  };
  if (status === "lost") {
    set.push("lostReason = :lostReason");
    values[":lostReason"] = lostReason ?? "";
  } else if (item.lostReason !== undefined) remove.push("lostReason");
  if (ownerChanged) {
    if (change.owner) {
      set.push("#owner = :owner");
      values[":owner"] = change.owner;
    } else remove.push("#owner");
  }
  const owner = ownerChanged ? (change.owner ?? null) : currentOwner;
  const ownerCounter = owner ? ownerCounterName(status, owner) : undefined;
  if (ownerCounter) {
    set.push("#ownerCount = :ownerCounter");
    values[":ownerCounter"] = ownerCounter;
  } else remove.push("#ownerCount");
  if (stopsClock) {
    set.push("respondedAt = :now");
    values[":now"] = now.toISOString();
  }
  const actions: TransactItem[] = [
    {
      Update: {
        TableName: deps.tables.records,
        Key: { id },
        UpdateExpression: `SET ${set.join(", ")}${remove.length ? ` REMOVE ${remove.join(", ")}` : ""}`,
        ConditionExpression: guard.condition,
        ExpressionAttributeNames: {
          "#status": "status",
          "#ownerCount": OWNER_COUNT,
          ...(ownerChanged ? { "#owner": "owner" } : {}),
        },
        ExpressionAttributeValues: values,
      },
    },
  ];
  const counters = deskCounterUpdate(deps.tables.records, lead, item, { status, owner });
  if (counters) actions.push(counters);
  if (statusChanged)
    actions.push(
      timelinePut(
        deps.tables.audit,
        lead.kind,
        id,
        { type: "status", at: now, actor, status, ...(lostReason ? { lostReason } : {}) },
        firstOrder,
      ),
    );
  if (ownerChanged)
    actions.push(
      timelinePut(
        deps.tables.audit,
        lead.kind,
        id,
        {
          type: "owner",
          at: now,
          actor,
          owner: change.owner ?? null,
        },
        firstOrder + 1,
      ),
    );
  return actions;
}

/**
 * What a status change does to the address's open-lead lookup (docs/decisions/0075): closing the
 * lead releases it where it points at this lead; reopening claims it where no other lead of the
 * address is open (otherwise the address has two open leads, as staff chose).
 */
async function prospectActions(
  deps: DeskDeps,
  lead: LeadKind,
  item: Record<string, unknown> & { createdAt: string },
  change: DeskChange,
): Promise<TransactItem[]> {
  const from = statusOf(item);
  const to = change.status ?? from;
  if (typeof item.email !== "string" || isOpenStatus(from) === isOpenStatus(to)) return [];
  const self = { kind: lead.kind, id: String(item.id) };
  const lookup = await readProspect(deps.db, deps.tables.audit, item.email, deps.clock());
  if (!isOpenStatus(to))
    return pointsAt(lookup, self) ? [releaseOpenLead(deps.tables.audit, item.email, self)] : [];
  if (lookup.state === "open") return [];
  const expiresAt = typeof item.expiresAt === "number" ? item.expiresAt : undefined;
  return [
    claimOpenLead(
      deps.tables.audit,
      item.email,
      { ...self, createdAt: item.createdAt, expiresAt },
      lookup.state === "stale" ? lookup.lead : undefined,
    ),
  ];
}

/** Enough for a handful of staff changing one lead at the same moment (each round, one wins). */
const ATTEMPTS = 10;

/** Applies `change` to one lead; retried when another change of the same lead got there first. */
export async function changeLead(
  deps: DeskDeps,
  lead: LeadKind,
  id: string,
  change: DeskChange,
  actor: string,
): Promise<"updated" | "notFound" | "linked"> {
  // The record's version or the address's lookup moved since they were read: read again.
  const retryable = (error: unknown) => isConditionRefused(error) || isTransactionConflict(error);
  return retryTransaction({ attempts: ATTEMPTS, retryable }, async () => {
    const item = await readLead(deps, lead, id);
    if (!item) return "notFound";
    // A linked submission is worked on its lead; it has no status of its own to change.
    if (statusOf(item) === "linked") return "linked";
    const actions = changeActions(deps, lead, item, change, actor, deps.clock());
    if (actions.length === 0) return "updated";
    actions.push(...(await prospectActions(deps, lead, item, change)));
    await deps.db.send(new TransactWriteCommand({ TransactItems: actions }));
    return "updated";
  });
}

/** Bulk change: each lead its own transaction (a few at a time), so one missing lead fails alone. */
export async function changeLeads(
  deps: DeskDeps,
  lead: LeadKind,
  ids: readonly string[],
  change: DeskChange,
  actor: string,
): Promise<{ updated: string[]; notFound: string[]; linked: string[] }> {
  const unique = [...new Set(ids)];
  const outcomes = new Map<string, Awaited<ReturnType<typeof changeLead>>>();
  await forEachConcurrently(unique, 8, async (id) => {
    outcomes.set(id, await changeLead(deps, lead, id, change, actor));
  });
  return {
    updated: unique.filter((id) => outcomes.get(id) === "updated"),
    notFound: unique.filter((id) => outcomes.get(id) === "notFound"),
    linked: unique.filter((id) => outcomes.get(id) === "linked"),
  };
}

export type NoteOutcome =
  | { readonly ok: true; readonly entry: TimelineEntry }
  | { readonly ok: false; readonly reason: "notFound" | "notAuthor" | "tooLate" | "notANote" };

/**
 * A new note, or (with `noteId`) an edit of the author's own note within
 * LIMITS_DESK.noteEditMinutes of writing it. An edit is a new "note-edit" entry; the note stays.
 */
export async function writeNote(
  deps: DeskDeps,
  lead: LeadKind,
  input: { id: string; text: string; actor: string; noteId?: string },
): Promise<NoteOutcome> {
  const item = await readLead(deps, lead, input.id);
  if (!item) return { ok: false, reason: "notFound" };
  const now = deps.clock();
  if (input.noteId !== undefined) {
    const found = await deps.db.send(
      new GetCommand({
        TableName: deps.tables.audit,
        Key: { pk: timelinePk(lead.kind, input.id), sk: input.noteId },
        ConsistentRead: true,
      }),
    );
    const note = found.Item;
    if (!note) return { ok: false, reason: "notFound" };
    if (note.type !== "note") return { ok: false, reason: "notANote" };
    if (note.actor !== input.actor) return { ok: false, reason: "notAuthor" };
    if (now.getTime() - Date.parse(String(note.at)) > LIMITS_DESK.noteEditMinutes * 60_000)
      return { ok: false, reason: "tooLate" };
  }
  const stored = timelineItem(lead.kind, input.id, {
    type: input.noteId ? "note-edit" : "note",
    at: now,
    actor: input.actor,
    text: input.text,
    ...(input.noteId ? { noteId: input.noteId } : {}),
  });
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables.audit,
      Item: stored,
      ConditionExpression: "attribute_not_exists(pk)",
    }),
  );
  return { ok: true, entry: TimelineEntryShape.parse({ ...stored, id: stored.sk }) };
}

/**
 * The lead's timeline, oldest first, starting with its arrival (read from the record). A deleted
 * lead's timeline is what was stored, ending with the deletion: the submissions linked to it still
 * show it (docs/decisions/0075). An id with neither record nor timeline is unknown.
 */
export async function leadTimeline(
  deps: DeskDeps,
  lead: LeadKind,
  id: string,
): Promise<TimelineEntry[] | undefined> {
  const [item, stored] = await Promise.all([
    readLead(deps, lead, id),
    readTimeline(deps.db, deps.tables.audit, lead.kind, id),
  ]);
  if (!item) return stored.length > 0 ? await withLinkedCountries(deps, stored) : undefined;
  const submitted: TimelineEntry = {
    id: `${item.createdAt}#submitted`,
    type: "submitted",
    at: item.createdAt,
    actor: "system",
    ...(typeof item.country === "string" ? { country: item.country } : {}),
  };
  return [submitted, ...(await withLinkedCountries(deps, stored))];
}

/** The "linked" entries with the country of the submission each names, read from its record. */
async function withLinkedCountries(deps: DeskDeps, entries: TimelineEntry[]): Promise<TimelineEntry[]> {
  const tables = deps.leadTables;
  if (!tables) return entries;
  const linked = entries.filter((entry) => entry.type === "linked" && entry.otherKind && entry.otherId);
  if (linked.length === 0) return entries;
  const found = await Promise.all(
    LEAD_KINDS.map(async (kind) => {
      const ids = linked.flatMap((entry) =>
        entry.otherKind === kind && entry.otherId ? [entry.otherId] : [],
      );
      return [
        kind,
        ids.length ? await getByIds(deps.db, tables[kind], ids, ["id", "country"]) : new Map(),
      ] as const;
    }),
  );
  const records = new Map(found);
  return entries.map((entry) => {
    if (entry.type !== "linked" || !entry.otherKind || !entry.otherId) return entry;
    const country = records.get(entry.otherKind)?.get(entry.otherId)?.country;
    return typeof country === "string" ? { ...entry, country } : entry;
  });
}
