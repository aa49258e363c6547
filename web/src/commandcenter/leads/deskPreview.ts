/**
 * A desk change shown on the leads already loaded before the server answers: each listed row and
 * each lead read by id becomes what `decideDesk` (events/desk-decide.ts, the server's own rule)
 * says the change makes of it. The answer's reads replace the preview (./useDeskChange.ts).
 */
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { type DeskChange, decideDesk, deskStateOf, type LeadPlural, withDesk } from "../../../../events";
import { leadKeys } from "./leadQueries";
import type { LeadPage } from "./useLeadList";

/** `lead` as `change` at `at` makes it (the same lead when the change does nothing to it). */
export function previewLead<T extends { id: string }>(lead: T, change: DeskChange, at: string): T {
  const decision = decideDesk(deskStateOf(lead), change, { actor: "", at });
  return decision.changed.length === 0 ? lead : withDesk(lead, decision.after);
}

/**
 * Shows the change on the loaded leads and returns what puts them back as they were: a failed save
 * must undo its preview at once, or the form's next Save would be decided against the preview and
 * send nothing.
 */
export function previewDesk(
  client: QueryClient,
  plural: LeadPlural,
  ids: readonly string[],
  change: DeskChange,
  at: string,
): () => void {
  const before = [
    ...client.getQueriesData({ queryKey: leadKeys.lists(plural) }),
    ...ids.map((id) => [leadKeys.lead(plural, id), client.getQueryData(leadKeys.lead(plural, id))] as const),
  ];
  const chosen = new Set(ids);
  const show = <T extends { id: string }>(lead: T) =>
    chosen.has(lead.id) ? previewLead(lead, change, at) : lead;
  client.setQueriesData<InfiniteData<LeadPage<{ id: string }>>>(
    { queryKey: leadKeys.lists(plural) },
    (data) =>
      data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(show) })) } : data,
  );
  for (const id of ids)
    client.setQueryData<{ id: string }>(leadKeys.lead(plural, id), (lead) => (lead ? show(lead) : lead));
  return () => {
    for (const [key, data] of before) client.setQueryData(key, data);
  };
}
