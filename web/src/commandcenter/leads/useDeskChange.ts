/**
 * A status / owner change of some leads (POST /api/admin/desk/update): a mutation whose failure is
 * the first field error or the server's message. A form that changes nothing sends nothing. When it
 * is done, the timeline entries the answer carries are added to the timelines on screen, and every
 * list and lead of the kind is read again (its timelines are not: the answer has their news, unless
 * a read of one was on its way, which is then asked again).
 */
import { type Query, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type DeskUpdateResponse,
  kindOfPlural,
  type LeadPlural,
  type TimelineEntry,
} from "../../../../events";
import { api, failureMessage, fieldErrorsOf } from "../common/api";
import { addNews } from "../common/queryClient";
import type { DeskChange } from "./deskModel";
import { leadKeys } from "./leadQueries";

/** Adds each lead's new entries to its timeline where one is loaded. */
function addEntries(client: QueryClient, plural: LeadPlural, entries: DeskUpdateResponse["entries"]) {
  for (const [id, added] of Object.entries(entries))
    addNews<TimelineEntry[]>(client, leadKeys.timeline(plural, id), (timeline) => [...timeline, ...added]);
}

const notTimeline = (query: Query) => query.queryKey[2] !== "timeline";

export function useDeskChange(plural: LeadPlural, onDone: () => void) {
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: async ({ ids, change }: { ids: readonly string[]; change: DeskChange }) => {
      if (change.status === undefined && change.owner === undefined) return undefined;
      return api.deskUpdate({ kind: kindOfPlural(plural), ids: [...ids], ...change });
    },
    onSuccess: (answer) => {
      if (answer) addEntries(client, plural, answer.entries);
      void client.invalidateQueries({ queryKey: leadKeys.kind(plural), predicate: notTimeline });
      onDone();
    },
  });
  const error = change.isError
    ? (Object.values(fieldErrorsOf(change.error))[0] ??
      failureMessage(change.error, "Saving failed. Please try again."))
    : "";
  return {
    busy: change.isPending,
    error,
    send: (ids: readonly string[], desk: DeskChange) => change.mutate({ ids, change: desk }),
    reset: change.reset,
  };
}
