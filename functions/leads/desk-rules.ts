/**
 * The lead desk's rules for a status or owner change (docs/decisions/0066-lead-desk-model.md), as
 * plain functions of the stored record and the change: what the record becomes, which counters
 * move and which timeline entries record it. No database here: ./lead-desk.ts writes the decision
 * in one transaction (docs/decisions/0085-one-description-per-lead-kind.md).
 */
import { ANSWERED_STATUSES, LEAD_STATUSES, type LeadStatus } from "../../events/desk";
import {
  type CounterMoves,
  deskCounterMoves,
  deskKey,
  OWNER_COUNT,
  OWNER_KEY,
  ownerCounterName,
  ownerKey,
} from "../model/lead-index";
import type { LeadKind } from "../model/lead-kinds";
import type { NewTimelineEntry } from "../model/timeline";

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

/** What one change does to one record. */
export interface DeskDecision {
  /** The record's attributes to set and to remove. */
  readonly set: Readonly<Record<string, unknown>>;
  readonly remove: readonly string[];
  /** Its day counter's moves (functions/model/lead-index.ts). */
  readonly counters: CounterMoves;
  /** The entries that record it on the timeline, each with its order among those of one instant. */
  readonly entries: readonly { readonly entry: NewTimelineEntry; readonly order: number }[];
}

export interface DeskChangeContext {
  readonly actor: string;
  readonly now: Date;
  /** Order of the change's first timeline entry among others written at the same instant. */
  readonly firstOrder?: number;
}

/**
 * The decision for `change` on the stored record `item`, or undefined when it changes nothing.
 * A status (or, for Lost, its reason) that differs is a status entry; an owner that differs is an
 * owner entry; the first answered status or a reply stops the response clock. The record names the
 * owner counter it is counted in (none when nobody owns it), and its counts move with it.
 */
export function decideDeskChange(
  lead: LeadKind,
  item: Record<string, unknown>,
  change: DeskChange,
  { actor, now, firstOrder = 0 }: DeskChangeContext,
): DeskDecision | undefined {
  const currentOwner = typeof item.owner === "string" ? item.owner : null;
  const status = change.status ?? statusOf(item);
  const lostReason =
    status === "lost" ? (change.lostReason ?? (item.lostReason as string | undefined)) : undefined;
  const statusChanged = item.status !== status || (status === "lost" && lostReason !== item.lostReason);
  const ownerChanged = change.owner !== undefined && change.owner !== currentOwner;
  const stopsClock =
    item.respondedAt === undefined && (ANSWERED_STATUSES.includes(status) || change.responded === true);
  if (!statusChanged && !ownerChanged && !stopsClock) return undefined;

  const owner = ownerChanged ? (change.owner ?? null) : currentOwner;
  const ownerCounter = owner ? ownerCounterName(status, owner) : undefined;
  const set: Record<string, unknown> = { status, deskKey: deskKey(lead, status) };
  const remove: string[] = [];
  if (status === "lost") set.lostReason = lostReason ?? "";
  else if (item.lostReason !== undefined) remove.push("lostReason");
  if (ownerChanged) {
    if (owner) set.owner = owner;
    else remove.push("owner");
  }
  // The byOwner index's key goes with the status and the owner (nobody too), also on records
  // stored before it had this form.
  set[OWNER_KEY] = ownerKey(lead, status, owner);
  if (ownerCounter) set[OWNER_COUNT] = ownerCounter;
  else remove.push(OWNER_COUNT);
  if (stopsClock) set.respondedAt = now.toISOString();

  const entries: { entry: NewTimelineEntry; order: number }[] = [];
  if (statusChanged)
    entries.push({
      entry: { type: "status", at: now, actor, status, ...(lostReason ? { lostReason } : {}) },
      order: firstOrder,
    });
  if (ownerChanged) entries.push({ entry: { type: "owner", at: now, actor, owner }, order: firstOrder + 1 });
  return { set, remove, counters: deskCounterMoves(item, { status, owner }), entries };
}
