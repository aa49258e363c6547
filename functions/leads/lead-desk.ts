/**
 * Working a lead: status and owner changes (single or bulk) and staff notes. What a change does is
 * decided by events/desk-decide.ts (stored as ./desk-rules.ts says); here it is written as one
 * DynamoDB transaction — the record (guarded
 * by its desk version, so two staff members changing the same lead at once cannot lose an
 * update), the status counters of the record's day bucket and the timeline entries that record
 * it — so the list, the counts and the audit trail agree.
 */
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
} from "@aws-sdk/lib-dynamodb";
import {
  type DeskChange,
  type DeskUpdateResponse,
  isOpenStatus,
  LEAD_KINDS,
  type LeadKindName,
  LIMITS_DESK,
  type TimelineEntry,
} from "../../events/desk";
import { deskStatus } from "../../events/desk-decide";
import type { Clock } from "../lib/clock";
import { getByIds } from "../lib/get-by-ids";
import { forEachConcurrently } from "../lib/pool";
import {
  isConditionRefused,
  isTransactionConflict,
  retryTransaction,
  type TransactItem,
} from "../lib/transact";
import { updateExpression } from "../lib/update-expression";
import { stageCalendar } from "../model/calendar";
import { countedOwner, counterMoveUpdates, OWNER_COUNT } from "../model/lead-index";
import type { LeadKind } from "../model/lead-kinds";
import { outboxItemFor } from "../model/outbox";
import { claimOpenLead, pointsAt, readProspect, releaseOpenLead } from "../model/prospects";
import { isHeld } from "../model/quarantine";
import type { BusinessCalendar } from "../model/response-clock";
import { figuresChange } from "../model/response-figures";
import {
  expiryOf,
  readTimeline,
  timelineEntry,
  timelinePk,
  timelineRecord,
  timelineWrite,
} from "../model/timeline";
import { deskEvents } from "./desk-events";
import { decideDeskChange, type StoredDeskDecision, statusOf } from "./desk-rules";

export interface DeskDeps {
  readonly db: DynamoDBDocumentClient;
  /**
   * outbox: the desk's writers publish lead.status_changed / lead.owner_changed (and replies
   * lead.replied) in the change's own transaction, for the outbound integrations (docs/decisions/0091).
   */
  readonly tables: { readonly records: string; readonly audit: string; readonly outbox?: string };
  readonly clock: Clock;
  /**
   * Both kinds' tables: a timeline read with them shows where each linked submission came from
   * (its country, known once enrichment has run; docs/decisions/0075).
   */
  readonly leadTables?: Readonly<Record<LeadKindName, string>>;
  /** The response clock's calendar (reply times of the response figures); default: the stage's. */
  readonly calendar?: BusinessCalendar;
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
 * its version): the counters move from exactly where the record was counted. deskWrites adds the
 * same guard on the response-figures claim (the recount sets it without bumping the version).
 */
function versionGuard(item: Record<string, unknown>): {
  condition: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
  next: number;
} {
  const version = typeof item.deskVersion === "number" ? item.deskVersion : undefined;
  const counted = countedOwner(item);
  const owner = counted
    ? { condition: "#ownerCount = :ownerCount", values: { ":ownerCount": counted } }
    : { condition: "attribute_not_exists(#ownerCount)", values: {} };
  const names = { "#ownerCount": OWNER_COUNT };
  return version === undefined
    ? {
        condition: `attribute_exists(id) AND attribute_not_exists(deskVersion) AND ${owner.condition}`,
        names,
        values: owner.values,
        next: 1,
      }
    : {
        condition: `deskVersion = :version AND ${owner.condition}`,
        names,
        values: { ":version": version, ...owner.values },
        next: version + 1,
      };
}

/**
 * Writes a decision (./desk-rules.ts) as the actions of one transaction: the record's update under
 * its version guard (when the decision changes the record), its day counter's moves, its timeline
 * entries and its events. The entries are built first, as the timeline shows them (each with its
 * id), and returned; the actions write those values. `extra` goes on the first entry's item (a
 * reply's claim key, ./reply.ts).
 */
export function deskWrites(
  deps: DeskDeps,
  lead: LeadKind,
  id: string,
  item: (Record<string, unknown> & { createdAt: string }) | undefined,
  decision: StoredDeskDecision,
  extra: Readonly<Record<string, unknown>> = {},
): { actions: TransactItem[]; entries: TimelineEntry[] } {
  const entries = decision.entries.map(({ entry, order }) => timelineEntry(entry, order));
  const timeline = { kind: lead.kind, id, expiresAt: expiryOf(item) };
  const puts = entries.map((entry, index) =>
    timelineWrite(deps.tables.audit, timeline, entry, index === 0 ? extra : {}),
  );
  const outbox = deps.tables.outbox;
  // A lead the quarantine holds was never published: nothing about it leaves (docs/decisions/0150).
  const events =
    outbox && !(item && isHeld(item))
      ? deskEvents(lead, id, decision).map((event) => ({
          Put: { TableName: outbox, Item: outboxItemFor(event) },
        }))
      : [];
  const record = item && decision.changed.length > 0 ? recordWrites(deps, lead, item, decision) : [];
  return { actions: [...record, ...puts, ...events], entries };
}

/** The record's update under its version guard, its day counter's and response figures' moves. */
function recordWrites(
  deps: DeskDeps,
  lead: LeadKind,
  item: Record<string, unknown> & { createdAt: string },
  decision: StoredDeskDecision,
): TransactItem[] {
  const guard = versionGuard(item);
  // The response figures move with what the record becomes (functions/model/response-figures.ts).
  const after: Record<string, unknown> = { ...item, ...decision.set };
  for (const name of decision.remove) delete after[name];
  const figures = figuresChange(deps.tables.records, lead, item, after, deps.calendar ?? stageCalendar());
  const update = updateExpression({
    set: { deskVersion: guard.next, ...decision.set, ...figures.set },
    remove: decision.remove,
  });
  const counters = counterMoveUpdates(deps.tables.records, lead, item, decision.counters);
  return [
    {
      Update: {
        TableName: deps.tables.records,
        Key: { id: String(item.id) },
        UpdateExpression: update.UpdateExpression,
        ConditionExpression: `${guard.condition} AND ${figures.condition}`,
        ExpressionAttributeNames: {
          ...guard.names,
          ...figures.names,
          ...update.ExpressionAttributeNames,
        },
        ExpressionAttributeValues: {
          ...guard.values,
          ...figures.values,
          ...update.ExpressionAttributeValues,
        },
      },
    },
    ...counters,
    ...figures.actions,
  ];
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
  decision: StoredDeskDecision,
): Promise<TransactItem[]> {
  const from = statusOf(item);
  const to = deskStatus(decision.after);
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

/**
 * What the desk may do to a lead the quarantine holds: nothing but leave it Spam. It leaves Spam
 * only through its release, which sends what it held and starts its clock (./release.ts); an owner
 * would work a lead nobody has been told of, and a reply would write to whoever sent it before staff
 * judged it. Notes stay open (they change no desk state).
 */
function heldMayTake(change: DeskChange): boolean {
  if (change.owner !== undefined || change.reply !== undefined) return false;
  return change.status === undefined || change.status === "spam";
}

export type ChangeOutcome =
  | { readonly outcome: "updated"; readonly entries: TimelineEntry[] }
  | { readonly outcome: "notFound" | "linked" | "held" };

/**
 * Applies `change` to one lead; retried when another change of the same lead got there first.
 * "updated" carries the timeline entries it wrote (none when the lead already was as asked).
 */
export async function changeLead(
  deps: DeskDeps,
  lead: LeadKind,
  id: string,
  change: DeskChange,
  actor: string,
): Promise<ChangeOutcome> {
  // The record's version or the address's lookup moved since they were read: read again.
  const retryable = (error: unknown) => isConditionRefused(error) || isTransactionConflict(error);
  return retryTransaction({ attempts: ATTEMPTS, retryable }, async () => {
    const item = await readLead(deps, lead, id);
    if (!item) return { outcome: "notFound" };
    // A linked submission is worked on its lead; it has no status of its own to change.
    if (statusOf(item) === "linked") return { outcome: "linked" };
    if (isHeld(item) && !heldMayTake(change)) return { outcome: "held" };
    const decision = decideDeskChange(lead, item, change, { actor, now: deps.clock() });
    if (!decision) return { outcome: "updated", entries: [] };
    const { actions, entries } = deskWrites(deps, lead, id, item, decision);
    actions.push(...(await prospectActions(deps, lead, item, decision)));
    await deps.db.send(new TransactWriteCommand({ TransactItems: actions }));
    return { outcome: "updated", entries };
  });
}

/** Bulk change: each lead its own transaction (a few at a time), so one missing lead fails alone. */
export async function changeLeads(
  deps: DeskDeps,
  lead: LeadKind,
  ids: readonly string[],
  change: DeskChange,
  actor: string,
): Promise<DeskUpdateResponse> {
  const unique = [...new Set(ids)];
  const outcomes = new Map<string, ChangeOutcome>();
  await forEachConcurrently(unique, 8, async (id) => {
    outcomes.set(id, await changeLead(deps, lead, id, change, actor));
  });
  const withOutcome = (outcome: ChangeOutcome["outcome"]) =>
    unique.filter((id) => outcomes.get(id)?.outcome === outcome);
  const entries: Record<string, TimelineEntry[]> = {};
  for (const [id, changed] of outcomes)
    if (changed.outcome === "updated" && changed.entries.length > 0) entries[id] = changed.entries;
  return {
    updated: withOutcome("updated"),
    notFound: withOutcome("notFound"),
    linked: withOutcome("linked"),
    held: withOutcome("held"),
    entries,
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
  const entry = timelineEntry({
    type: input.noteId ? "note-edit" : "note",
    at: now.toISOString(),
    actor: input.actor,
    text: input.text,
    ...(input.noteId ? { noteId: input.noteId } : {}),
  });
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables.audit,
      Item: timelineRecord({ kind: lead.kind, id: input.id, expiresAt: expiryOf(item) }, entry),
      ConditionExpression: "attribute_not_exists(pk)",
    }),
  );
  return { ok: true, entry };
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
