/**
 * A status / owner change of some leads (POST /api/admin/desk/update): a mutation whose failure is
 * the first field error or the server's message. A form that changes nothing sends nothing. When it
 * is done, every list, lead and timeline of the kind is read again.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, failureMessage, fieldErrorsOf, type LeadPlural } from "../shared/api";
import type { DeskChange } from "./deskModel";
import { kindOf, leadKeys } from "./leadQueries";

export function useDeskChange(plural: LeadPlural, onDone: () => void) {
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: async ({ ids, change }: { ids: readonly string[]; change: DeskChange }) => {
      if (change.status === undefined && change.owner === undefined) return;
      await api.deskUpdate({ kind: kindOf(plural), ids: [...ids], ...change });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: leadKeys.kind(plural) });
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
