/**
 * An action whose answer is the sentence to show (the Team and Account pages' buttons): a mutation,
 * one at a time, `busy` while it runs, its sentence as the notice or the server's refusal as the
 * error, then `after` (e.g. read the list again) whatever happened.
 */
import { useMutation } from "@tanstack/react-query";
import { failureMessage } from "./api";

export function useAction(after: () => unknown) {
  const action = useMutation({
    mutationFn: (run: () => Promise<string>) => run(),
    onSettled: after,
  });
  return {
    busy: action.isPending,
    notice: action.data ?? "",
    error: action.error ? failureMessage(action.error) : "",
    act: (run: () => Promise<string>) => action.mutate(run),
  };
}
