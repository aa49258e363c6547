/**
 * How a desk decision is stored (docs/decisions/0066-lead-desk-model.md): what a change does is
 * decided by `decideDesk` (events/desk-decide.ts, docs/decisions/0129); here are the record's
 * attributes that follow from it — its desk attributes, the byDesk and byOwner keys, the owner
 * counter it is counted in — and its day counter's moves. No database here: ./lead-desk.ts writes
 * it in one transaction (docs/decisions/0085-one-description-per-lead-kind.md).
 */
import type { DeskChange, LeadStatus } from "../../events/desk";
import { type DeskDecision, decideDesk, deskStateOf, deskStatus } from "../../events/desk-decide";
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
import { uncountedChange } from "../model/quarantine";

/** A record's status; records from before the desk are New. */
export function statusOf(item: Record<string, unknown>): LeadStatus {
  return deskStatus(deskStateOf(item));
}

/** A decision (events/desk-decide.ts) with what it does to one stored record. */
export interface StoredDeskDecision extends DeskDecision {
  /** The record's attributes to set and to remove; none when only a reply is recorded. */
  readonly set: Readonly<Record<string, unknown>>;
  readonly remove: readonly string[];
  /** Its day counter's moves (functions/model/lead-index.ts). */
  readonly counters: CounterMoves;
}

export interface DeskChangeContext {
  readonly actor: string;
  readonly now: Date;
}

/**
 * The decision for `change` on the stored record `item` (undefined: the lead is gone, so only a
 * reply is recorded), or undefined when it changes nothing. The record names the owner counter it
 * is counted in (none when nobody owns it), and its counts move with its status and owner.
 */
export function decideDeskChange(
  lead: LeadKind,
  item: Record<string, unknown> | undefined,
  change: DeskChange,
  { actor, now }: DeskChangeContext,
): StoredDeskDecision | undefined {
  const decision = decideDesk(item && deskStateOf(item), change, { actor, at: now.toISOString() });
  if (decision.entries.length === 0 && decision.changed.length === 0) return undefined;
  if (!item || decision.changed.length === 0) return { ...decision, set: {}, remove: [], counters: {} };
  return { ...decision, ...recordChange(lead, item, decision) };
}

/** The record's attributes and counters that follow from a decision that changes it. */
function recordChange(
  lead: LeadKind,
  item: Record<string, unknown>,
  { after, changed }: DeskDecision,
): Pick<StoredDeskDecision, "set" | "remove" | "counters"> {
  const status = deskStatus(after);
  const owner = after.owner ?? null;
  const set: Record<string, unknown> = { status, deskKey: deskKey(lead, status) };
  const remove: string[] = [];
  for (const name of changed) {
    if (name === "status") continue;
    const value = after[name];
    if (value === undefined) remove.push(name);
    else set[name] = value;
  }
  // Lost keeps its reason on the record with every change.
  if (after.lostReason !== undefined) set.lostReason = after.lostReason;
  // The byOwner index's key goes with the status and the owner (nobody too), also on records
  // stored before it had this form.
  set[OWNER_KEY] = ownerKey(lead, status, owner);
  const ownerCounter = owner ? ownerCounterName(status, owner) : undefined;
  if (ownerCounter) set[OWNER_COUNT] = ownerCounter;
  else remove.push(OWNER_COUNT);
  const counters = deskCounterMoves(item, { status, owner });
  // Spam leaves the totals and comes back with the record's marker (functions/model/lead-index.ts).
  const uncounted = uncountedChange(counters);
  return { set: { ...set, ...uncounted.set }, remove: [...remove, ...uncounted.remove], counters };
}
