/**
 * A server-side list (search, filters, pages) for the signups and contacts views. The search box
 * updates at once; the request follows 300 ms after typing stops, and an answer that arrives after
 * a newer request started is dropped, so typing never lags and results never go back in time.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { failureMessage, type ListParams } from "../shared/api";

export const SEARCH_DEBOUNCE_MS = 300;

export interface LeadPage<R> {
  readonly items: R[];
  readonly nextCursor?: string;
  readonly total: number;
  readonly matched: number;
  readonly matchedAtLeast?: boolean;
}

export function useLeadList<R extends { id: string }>(
  fetchPage: (params: ListParams) => Promise<LeadPage<R>>,
  filters: Omit<ListParams, "q" | "cursor">,
  search: string,
) {
  const [debounced, setDebounced] = useState(search);
  const [page, setPage] = useState<LeadPage<R>>({ items: [], total: 0, matched: 0 });
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState("");
  const generation = useRef(0);
  const [version, setVersion] = useState(0);
  const filterKey = JSON.stringify(filters);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for filters' contents, version is the reload trigger
  useEffect(() => {
    const current = ++generation.current;
    setError("");
    fetchPage({ ...filters, q: debounced.trim() || undefined })
      .then((answer) => current === generation.current && setPage(answer))
      .catch(
        (failure) =>
          current === generation.current && setError(failureMessage(failure, "Loading the list failed.")),
      )
      .finally(() => current === generation.current && setLoading(false));
  }, [debounced, filterKey, fetchPage, version]);

  const loadMore = useCallback(async () => {
    if (!page.nextCursor) return;
    const current = generation.current;
    setLoadingMore(true);
    try {
      const answer = await fetchPage({
        ...filters,
        q: debounced.trim() || undefined,
        cursor: page.nextCursor,
      });
      if (current === generation.current)
        setPage((before) => ({ ...answer, items: [...before.items, ...answer.items] }));
    } catch (failure) {
      setError(failureMessage(failure, "Loading more failed."));
    } finally {
      setLoadingMore(false);
    }
  }, [page.nextCursor, fetchPage, filters, debounced]);

  /** After the server confirmed a delete: drop the row and adjust the counts. */
  const removed = useCallback((id: string) => {
    setPage((before) => ({
      ...before,
      items: before.items.filter((item) => item.id !== id),
      total: Math.max(0, before.total - 1),
      matched: Math.max(0, before.matched - 1),
    }));
  }, []);

  /** Loads the list again (after a change on the server, e.g. a status or owner change). */
  const reload = useCallback(() => setVersion((before) => before + 1), []);

  // A failed load is retried the same way: load again.
  return { ...page, loading, loadingMore, loadMore, removed, reload, query: debounced, error, retry: reload };
}
