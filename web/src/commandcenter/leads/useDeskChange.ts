/**
 * A status / owner change of some leads (POST /api/admin/desk/update): a mutation whose failure is
 * the first field error or the server's message. What the change does is `decideDesk`'s
 * (events/desk-decide.ts): given the lead it is made on (the details panel), only what changes is
 * sent, and a form that changes nothing sends nothing. The loaded leads show the change at once
 * (./deskPreview.ts). When it is done, the timeline entries the answer carries are added to the
 * timelines on screen, and every list and lead of the kind is read again (its timelines are not:
 * the answer has their news, unless a read of one was on its way, which is then asked again); when
 * it fails, the preview is undone at once and they are read again too.
 */
import { type Query, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type DeskChange,
  type DeskState,
  type DeskUpdateResponse,
  decideDesk,
  kindOfPlural,
  type LeadPlural,
  type TimelineEntry,
} from "../../../../events";
import { api, failureMessage, fieldErrorsOf } from "../common/api";
import { addNews } from "../common/queryClient";
import { previewDesk } from "./deskPreview";
import { leadKeys } from "./leadQueries";

/** Adds each lead's new entries to its timeline where one is loaded. */
function addEntries(client: QueryClient, plural: LeadPlural, entries: DeskUpdateResponse["entries"]) {
  for (const [id, added] of Object.entries(entries))
    addNews<TimelineEntry[]>(client, leadKeys.timeline(plural, id), (timeline) => [...timeline, ...added]);
}

const notTimeline = (query: Query) => query.queryKey[2] !== "timeline";

interface Asked {
  readonly ids: readonly string[];
  readonly change: DeskChange;
  /** The one lead's desk as shown, when the change is made on it. */
  readonly current?: DeskState | undefined;
}

export function useDeskChange(plural: LeadPlural, onDone: () => void) {
  const client = useQueryClient();
  const readAgain = () =>
    client.invalidateQueries({ queryKey: leadKeys.kind(plural), predicate: notTimeline });
  const change = useMutation({
    mutationFn: async ({ ids, change, current }: Asked) => {
      const at = new Date().toISOString();
      const { status, lostReason, owner } = current
        ? decideDesk(current, change, { actor: "", at }).needed
        : change;
      if (status === undefined && owner === undefined) return undefined;
      const undoPreview = previewDesk(client, plural, ids, change, at);
      try {
        return await api.deskUpdate({ kind: kindOfPlural(plural), ids: [...ids], status, lostReason, owner });
      } catch (error) {
        undoPreview();
        throw error;
      }
    },
    onSuccess: (answer) => {
      if (answer) addEntries(client, plural, answer.entries);
      void readAgain();
      onDone();
    },
    onError: () => void readAgain(),
  });
  const error = change.isError
    ? (Object.values(fieldErrorsOf(change.error))[0] ??
      failureMessage(change.error, "Saving failed. Please try again."))
    : "";
  return {
    busy: change.isPending,
    error,
    send: (ids: readonly string[], desk: DeskChange, current?: DeskState) =>
      change.mutate({ ids, change: desk, current }),
    reset: change.reset,
  };
}
