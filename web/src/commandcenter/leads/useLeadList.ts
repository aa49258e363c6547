/**
 * A server-side list (search, filters, pages) for the signups and contacts views, as one infinite
 * query per search and filters. The search box updates at once; the request follows 300 ms after
 * typing stops; the results of the previous search stay shown until the new ones arrive, and an
 * answer for an older search is never shown for a newer one.
 */
import { type InfiniteData, keepPreviousData, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { LeadPlural } from "../../../../events";
import { failureMessage, type ListParams } from "../common/api";
import { leadKeys } from "./leadQueries";

export const SEARCH_DEBOUNCE_MS = 300;

export interface LeadPage<R> {
  readonly items: R[];
  readonly nextCursor?: string;
  readonly total: number;
  readonly matched: number;
  readonly matchedAtLeast?: boolean;
}

export function useLeadList<R extends { id: string }>(
  plural: LeadPlural,
  fetchPage: (params: ListParams) => Promise<LeadPage<R>>,
  filters: Omit<ListParams, "q" | "cursor">,
  search: string,
) {
  const client = useQueryClient();
  const [debounced, setDebounced] = useState(search);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const params: ListParams = { ...filters, q: debounced.trim() || undefined };
  const list = useInfiniteQuery({
    queryKey: leadKeys.list(plural, params),
    queryFn: ({ pageParam }) => fetchPage({ ...params, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
  const pages = list.data?.pages ?? [];
  const items = useMemo(() => pages.flatMap((page) => page.items), [pages]);
  // The counts as the last page read them.
  const counts = pages[pages.length - 1];
  const moreFailed = list.isFetchNextPageError;

  /** After the server confirmed a delete: drop the row from every list of the kind, counts too. */
  const removed = useCallback(
    (id: string) =>
      client.setQueriesData<InfiniteData<LeadPage<R>>>({ queryKey: leadKeys.lists(plural) }, (data) =>
        data?.pages.some((page) => page.items.some((item) => item.id === id))
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter((item) => item.id !== id),
                total: Math.max(0, page.total - 1),
                matched: Math.max(0, page.matched - 1),
              })),
            }
          : data,
      ),
    [client, plural],
  );

  return {
    items,
    total: counts?.total ?? 0,
    matched: counts?.matched ?? 0,
    matchedAtLeast: counts?.matchedAtLeast,
    hasMore: list.hasNextPage,
    /** The first answer has not arrived yet. */
    loading: list.isPending,
    loadingMore: list.isFetchingNextPage,
    loadMore: () => void list.fetchNextPage(),
    removed,
    /** The search the shown results answer. */
    query: debounced,
    /** The list could not be read: nothing of it is shown, only this, with retry. */
    error: list.isError && !moreFailed ? failureMessage(list.error, "Loading the list failed.") : "",
    retry: () => void list.refetch(),
    /** A further page could not be read: the rows so far stay, with this and retryMore. */
    moreError: moreFailed ? failureMessage(list.error, "Loading more failed.") : "",
    retryMore: () => void list.fetchNextPage(),
  };
}
