/**
 * The lead desk's filters (docs/decisions/0066-lead-desk-model.md) and how a record or the
 * counters are judged against them.
 */
export interface DeskFilter {
  readonly status?: string;
  /** A staff username, or null for leads nobody owns. */
  readonly owner?: string | null;
  /** Open (New) leads only, most urgent (oldest) first. */
  readonly urgency?: boolean;
  /**
   * Leads of one channel (their stored `source.channel`, functions/model/lead-channel.ts): a filter
   * on what is read, never a partition or a counter, so its "N of M" is counted as read.
   */
  readonly channel?: string;
}

export function hasDeskFilter(desk: DeskFilter | undefined): boolean {
  return Boolean(desk && (desk.status || desk.owner !== undefined || desk.urgency || desk.channel));
}

/** The status a desk filter reads: New for urgency, else its status (if any). */
export function deskStatus(desk: DeskFilter): string | undefined {
  return desk.urgency ? "new" : desk.status;
}

/** Whether a record's desk attributes pass the desk filter (status as its deskKey, owner, channel). */
export function passesDesk(
  item: Record<string, unknown>,
  wantedKey: string | undefined,
  desk: DeskFilter,
): boolean {
  if (wantedKey && item.deskKey !== wantedKey) return false;
  if (desk.channel && (item.source as { channel?: unknown } | undefined)?.channel !== desk.channel)
    return false;
  if (desk.owner === undefined) return true;
  return desk.owner === null ? typeof item.owner !== "string" : item.owner === desk.owner;
}

/**
 * How many records a desk filter of only a status and/or an owner matches, from the counters
 * (functions/model/lead-index.ts): owned records are counted per status and owner, the unassigned
 * are the rest.
 */
export function deskCount(
  totals: {
    total: number;
    byStatus: Record<string, number>;
    byOwner: Record<string, Record<string, number>>;
  },
  desk: DeskFilter,
): number {
  const status = deskStatus(desk);
  const owned = (s: string | undefined, owner: string | undefined) =>
    Object.entries(totals.byOwner)
      // Across statuses: every one but Spam, which is out of the totals (docs/decisions/0150).
      .filter(([counted]) => (s === undefined ? counted !== "spam" : counted === s))
      .flatMap(([, owners]) => Object.entries(owners))
      .filter(([name]) => owner === undefined || name === owner)
      .reduce((sum, [, n]) => sum + n, 0);
  const all = status === undefined ? totals.total : (totals.byStatus[status] ?? 0);
  if (desk.owner === undefined) return all;
  return desk.owner === null ? all - owned(status, undefined) : owned(status, desk.owner);
}
