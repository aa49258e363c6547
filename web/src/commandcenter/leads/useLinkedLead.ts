/**
 * The lead whose details are open, kept in the URL's hash (`#lead=<id>`) so that the link can be
 * shared and the desk's e-mails can point at one lead. The lead comes from the loaded list when it
 * is there, else it is read by id, so a lead beyond the first page or outside the current filters
 * opens too.
 */
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import type { LeadPlural } from "../../../../events";
import { ApiFailure, failureMessage } from "../common/api";
import { leadKeys } from "./leadQueries";

const HASH_KEY = "lead";

/** The id a hash names ("#lead=abc" -> "abc"), or undefined. */
export function leadIdOfHash(hash: string): string | undefined {
  const id = new URLSearchParams(hash.replace(/^#/, "")).get(HASH_KEY);
  return id ? id : undefined;
}

export function hashOfLead(id: string): string {
  return `#${new URLSearchParams({ [HASH_KEY]: id })}`;
}

export interface LinkedLead<R> {
  /** The id in the hash, if any. */
  readonly id: string | undefined;
  readonly lead: R | undefined;
  /** Why the lead of the hash cannot be shown (unknown or deleted, or the request failed). */
  readonly error: string | undefined;
  /** Reads the lead of the hash again after a failed request (undefined when it does not exist). */
  readonly retry: (() => void) | undefined;
  readonly open: (row: R) => void;
  readonly close: () => void;
}

export function useLinkedLead<R extends { id: string }>(
  plural: LeadPlural,
  items: readonly R[],
  fetchOne: (id: string) => Promise<R>,
  notFoundText: string,
): LinkedLead<R> {
  const location = useLocation();
  const navigate = useNavigate();
  const id = leadIdOfHash(location.hash);
  // The listed row is the freshest: the list is read again after a change made in the details.
  const listed = id === undefined ? undefined : items.find((item) => item.id === id);
  const byId = useQuery({
    queryKey: leadKeys.lead(plural, id ?? ""),
    queryFn: () => fetchOne(id ?? ""),
    enabled: id !== undefined && listed === undefined,
  });

  const open = useCallback((row: R) => navigate({ hash: hashOfLead(row.id) }, { replace: true }), [navigate]);
  const close = useCallback(() => navigate({ hash: "" }, { replace: true }), [navigate]);

  const lead = listed ?? (id !== undefined && !byId.isError ? byId.data : undefined);
  const missing = byId.error instanceof ApiFailure && byId.error.status === 404;
  const failed = id !== undefined && !lead && byId.isError;
  return {
    id,
    lead,
    error: failed
      ? missing
        ? notFoundText
        : failureMessage(byId.error, "Loading the lead failed.")
      : undefined,
    retry: failed && !missing ? () => void byId.refetch() : undefined,
    open,
    close,
  };
}
