/**
 * The Command Center's one request state (docs/decisions/0084-command-center-request-state.md):
 * every read is a TanStack Query query, every write a mutation, shown with common/Loaded.tsx and
 * common/ErrorNotice.tsx. These defaults keep what the pages did before the library:
 * - a failure is shown at once with "Try again" (no silent retries that make a person wait);
 * - a page reads when it opens (data older than that is only shown while it reloads), not when the
 *   window regains focus or the network comes back, so nothing reloads under someone's hands;
 * - an answer shows as soon as it arrives: the library hands answers to the page on a microtask,
 *   not on its default zero-delay timer, which a background tab throttles and a paused test
 *   clock never fires.
 */
import { notifyManager, QueryClient, type QueryKey } from "@tanstack/react-query";
import type { StaffUserView } from "../../../../events";

export function createQueryClient(): QueryClient {
  notifyManager.setScheduler((notify) => queueMicrotask(notify));
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/** The signed-in member (or null): the one query that outlives a sign-out. */
export const SESSION_KEY = ["session"] as const;

/**
 * Writes who is signed in (a sign-in, a sign-out, a 401, an account change). A session check still
 * on its way is cancelled first: it was asked before this change, and its answer (for instance "no
 * session", from before the sign-in's cookie existed) would otherwise land afterwards and undo it,
 * sending a member who signed in while the login page was still checking back to the login.
 */
export function writeSession(client: QueryClient, user: StaffUserView | null): void {
  void client.cancelQueries({ queryKey: SESSION_KEY, exact: true });
  client.setQueryData<StaffUserView | null>(SESSION_KEY, user);
}

/**
 * Applies news the server just gave (a change's answer) to data on screen. A read of that data still
 * on its way was asked before the change and would overwrite the news with older data when it
 * lands: it is cancelled and asked again instead, so its answer includes the change. Data not
 * loaded is left alone (it is read when shown).
 */
export function addNews<T>(client: QueryClient, queryKey: QueryKey, update: (data: T) => T): void {
  if (client.getQueryState(queryKey)?.fetchStatus === "fetching") {
    // Cancelled explicitly: a first read (no data yet) would otherwise be kept, not asked again.
    void client.cancelQueries({ queryKey, exact: true });
    void client.invalidateQueries({ queryKey, exact: true });
    return;
  }
  client.setQueryData<T>(queryKey, (data) => (data === undefined ? data : update(data)));
}
