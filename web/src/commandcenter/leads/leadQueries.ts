/**
 * The lead desk's reads, by key: a lead list (one per kind, search and filters), a lead by id, its
 * timeline and reply templates, the staff a lead can be given to, and the dashboard's figures. A
 * change to leads of a kind invalidates that kind's keys (leadKeys.kind), so every list and panel
 * showing them reads them again.
 */
import { queryOptions } from "@tanstack/react-query";
import { kindOfPlural, type LeadPlural } from "../../../../events";
import { api, type ListParams } from "../common/api";
import { countBoundaries } from "../common/time";

export const leadKeys = {
  kind: (plural: LeadPlural) => ["leads", plural] as const,
  lists: (plural: LeadPlural) => ["leads", plural, "list"] as const,
  list: (plural: LeadPlural, params: ListParams) => ["leads", plural, "list", params] as const,
  lead: (plural: LeadPlural, id: string) => ["leads", plural, "lead", id] as const,
  timeline: (plural: LeadPlural, id: string) => ["leads", plural, "timeline", id] as const,
  /** Not under the kind's key: a change to the lead's status or owner leaves its templates as they are. */
  templates: (plural: LeadPlural, id: string) => ["reply-templates", plural, id] as const,
};

/**
 * The staff a lead can be given to. Each screen that offers them (the list's bulk bar, a lead's
 * panel) reads them for itself: a failure shows, and is tried again, where it happened.
 */
export function ownersQuery(screen: "list" | "panel") {
  return queryOptions({
    queryKey: ["desk-owners", screen],
    queryFn: async () => (await api.deskOwners()).owners,
  });
}

export function timelineQuery(plural: LeadPlural, id: string) {
  return queryOptions({
    queryKey: leadKeys.timeline(plural, id),
    queryFn: async () => (await api.timeline(plural, id)).timeline,
  });
}

export function templatesQuery(plural: LeadPlural, id: string) {
  return queryOptions({
    queryKey: leadKeys.templates(plural, id),
    queryFn: () => api.replyTemplates(kindOfPlural(plural), id),
  });
}

const RECENT = 5;

/** The dashboard's counts (in the viewer's clock, taken when it reads) and most recent signups. */
export const dashboardQuery = queryOptions({
  queryKey: ["dashboard"],
  queryFn: async () => {
    const [stats, list] = await Promise.all([
      api.signupStats(countBoundaries(new Date())),
      api.signups({ limit: RECENT }),
    ]);
    return { stats, recent: list.signups.slice(0, RECENT) };
  },
});

/** The reply promise's figures: loaded on their own, so the counts never wait for them nor fail with them. */
export const figuresQuery = queryOptions({
  queryKey: ["desk-stats"],
  queryFn: () => api.deskStats(),
});
