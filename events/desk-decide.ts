/**
 * What a desk change does to a lead, decided once for every caller (docs/decisions/0129): the
 * server's update (functions/leads/lead-desk.ts) and a reply (functions/leads/reply.ts) store it,
 * the Command Center previews it before the answer comes (web/src/commandcenter/leads/useDeskChange.ts),
 * and the lead.* events it publishes come from it. A pure function of the lead's desk state and
 * the change: no database, no clock (the caller gives the instant), no ids (the writer gives each
 * entry its id, functions/model/timeline.ts).
 */
import {
  ANSWERED_STATUSES,
  type DeskChange,
  type DeskState,
  LEAD_STATUSES,
  type LeadStatus,
  type TimelineEntry,
} from "./desk";
import type { LeadOwnerChangedData, LeadRepliedData, LeadStatusChangedData } from "./webhooks";

/** The desk attributes a decision can change, in the order a change lists them. */
export const DESK_ATTRIBUTES = ["status", "lostReason", "owner", "respondedAt"] as const;
export type DeskAttribute = (typeof DESK_ATTRIBUTES)[number];

/** The fields of a DeskChange. */
const DESK_FIELDS = [
  "status",
  "lostReason",
  "owner",
  "reply",
] as const satisfies readonly (keyof DeskChange)[];

/** A timeline entry before it is written: the writer gives it its id from `at` and `order`. */
export interface DeskEntry {
  readonly entry: Omit<TimelineEntry, "id">;
  /** Its place among the entries of one instant (a reply's, then the status's, then the owner's). */
  readonly order: number;
}

/** A lead.* event the change publishes, without the lead's reference and the envelope's head. */
export type DeskEvent =
  | { readonly type: "lead.status_changed"; readonly data: Omit<LeadStatusChangedData, "lead"> }
  | { readonly type: "lead.owner_changed"; readonly data: Omit<LeadOwnerChangedData, "lead"> }
  | { readonly type: "lead.replied"; readonly data: Omit<LeadRepliedData, "lead"> };

export interface DeskDecision {
  /** The lead's desk state after the change. */
  readonly after: DeskState;
  /** The attributes whose value differs from before (undefined in `after`: removed). */
  readonly changed: readonly DeskAttribute[];
  /** The timeline entries that record it, oldest first. */
  readonly entries: readonly DeskEntry[];
  readonly events: readonly DeskEvent[];
  /**
   * The part of the asked change that changes something: what a form sends (a field already as
   * asked is left out, so it cannot undo another person's change made meanwhile). Empty: nothing.
   */
  readonly needed: DeskChange;
}

export interface DeskDecisionContext {
  /** The staff member's username, or "system". */
  readonly actor: string;
  /** The instant of the change, ISO 8601. */
  readonly at: string;
}

/** The desk state of a stored record or a listed lead: what decideDesk reads, nothing else. */
export function deskStateOf(record: Readonly<Record<string, unknown>>): DeskState {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const status = LEAD_STATUSES.find((known) => known === record.status);
  const responded = record.respondedAt;
  return withoutUndefined({
    status,
    owner: text(record.owner),
    lostReason: text(record.lostReason),
    respondedAt: responded === undefined || responded === null ? undefined : String(responded),
  });
}

/** A lead's status as the desk counts it: one stored before the desk is New. */
export function deskStatus(state: DeskState): LeadStatus {
  return state.status ?? "new";
}

/**
 * The decision for `change` on a lead whose desk is `before`. A status (or, for Lost, its reason)
 * that differs is a status entry — and any change gives a lead stored before the desk its status;
 * an owner that differs is an owner entry; the first answered status or a reply stops the response
 * clock; a reply is its own entry and moves New to Contacted. Events: lead.status_changed when the
 * counted status moves, lead.owner_changed when the owner does, lead.replied for a reply.
 */
export function decideDesk(
  before: DeskState | undefined,
  change: DeskChange,
  context: DeskDecisionContext,
): DeskDecision {
  const { actor, at } = context;
  const reply = change.reply;
  const replyEntries: DeskEntry[] = reply
    ? [{ entry: { type: "reply", at, actor, ...reply }, order: 0 }]
    : [];
  const replyEvents: DeskEvent[] = reply ? [{ type: "lead.replied", data: { actor, at } }] : [];
  const replyOnly = (state: DeskState): DeskDecision => ({
    after: state,
    changed: [],
    entries: replyEntries,
    events: replyEvents,
    // A reply's status when asked for, so the reply alone does not move New to Contacted.
    needed: reply ? { reply, ...(change.status !== undefined ? { status: change.status } : {}) } : {},
  });
  // The lead is gone (deleted while its reply went out): only the reply is recorded.
  if (!before) return replyOnly({});
  // A linked submission is worked on its lead (docs/decisions/0075): nothing changes on it (the
  // server refuses the change, functions/leads/lead-desk.ts).
  if (before.status === "linked") return replyOnly(before);

  const from = deskStatus(before);
  const asked = change.status ?? (reply && from === "new" ? "contacted" : undefined);
  const status = asked ?? from;
  const lostReason = status === "lost" ? (change.lostReason ?? before.lostReason) : undefined;
  const statusChanged = before.status !== status || (status === "lost" && lostReason !== before.lostReason);
  const currentOwner = before.owner ?? null;
  const ownerChanged = change.owner !== undefined && change.owner !== currentOwner;
  const stopsClock =
    before.respondedAt === undefined && (ANSWERED_STATUSES.includes(status) || reply !== undefined);
  // A record from before the desk gets its New status with a change, not on its own; a change that
  // asks for nothing does nothing.
  const asksStatus =
    statusChanged && (asked !== undefined || (status === "lost" && change.lostReason !== undefined));
  const asksAnything = DESK_FIELDS.some((name) => change[name] !== undefined);
  if (!asksAnything || (!asksStatus && !ownerChanged && !stopsClock)) return replyOnly(before);

  const owner = ownerChanged ? (change.owner ?? null) : currentOwner;
  const after: DeskState = withoutUndefined({
    status,
    owner: owner || undefined,
    lostReason: status === "lost" ? (lostReason ?? "") : undefined,
    respondedAt: stopsClock ? at : before.respondedAt,
  });

  const entries: DeskEntry[] = [...replyEntries];
  const first = reply ? 1 : 0;
  if (statusChanged)
    entries.push({
      entry: { type: "status", at, actor, status, ...(lostReason ? { lostReason } : {}) },
      order: first,
    });
  if (ownerChanged) entries.push({ entry: { type: "owner", at, actor, owner }, order: first + 1 });

  const events: DeskEvent[] = [];
  if (status !== from) events.push({ type: "lead.status_changed", data: { from, to: status, actor, at } });
  if (ownerChanged)
    events.push({ type: "lead.owner_changed", data: { from: currentOwner, to: owner, actor, at } });
  events.push(...replyEvents);

  // What differs from the lead as it is (a reply's own status only when asked for); when only what
  // any change brings does something (a clock an answered status left running), the whole change.
  const needed: DeskChange =
    asksStatus || ownerChanged || reply
      ? {
          ...(change.status !== undefined && (asksStatus || reply) ? { status: change.status } : {}),
          ...(asksStatus && change.lostReason !== undefined ? { lostReason: change.lostReason } : {}),
          ...(ownerChanged ? { owner: change.owner } : {}),
          ...(reply ? { reply } : {}),
        }
      : change;
  return { after, changed: changedAttributes(before, after), entries, events, needed };
}

/** Nothing to write, show or publish. */
export function isNoChange(decision: DeskDecision): boolean {
  return decision.changed.length === 0 && decision.entries.length === 0;
}

/**
 * `lead` with its desk as `state`: its other fields as they are, each desk attribute set or (when
 * `state` has none) removed. What the web shows before the server answers.
 */
export function withDesk<T extends object>(lead: T, state: DeskState): T {
  const next: Record<string, unknown> = { ...(lead as Record<string, unknown>) };
  for (const name of DESK_ATTRIBUTES) {
    if (state[name] === undefined) delete next[name];
    else next[name] = state[name];
  }
  return next as T;
}

function changedAttributes(before: DeskState, after: DeskState): DeskAttribute[] {
  return DESK_ATTRIBUTES.filter((name) => before[name] !== after[name]);
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
