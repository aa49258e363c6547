/**
 * How a read shows on screen, the same everywhere: its status line while it loads; once it failed,
 * the failure with "Try again" and nothing else (never the empty state of data that did not
 * arrive, nor stale data under an error); else the data.
 */
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { failureMessage } from "./api";
import { ErrorNotice } from "./ErrorNotice";

type Read<T> = Pick<UseQueryResult<T>, "data" | "error" | "isError" | "refetch">;

/** The failure of a read, with Try again (by default the read again); nothing while it has none. */
export function QueryFailure({
  query,
  failure,
  onRetry,
}: {
  query: Pick<Read<unknown>, "error" | "isError" | "refetch">;
  /** The text when the server gave none. */
  failure: string;
  onRetry?: () => void;
}) {
  if (!query.isError) return null;
  return (
    <ErrorNotice
      message={failureMessage(query.error, failure)}
      onRetry={onRetry ?? (() => void query.refetch())}
    />
  );
}

export function Loaded<T>({
  query,
  loading,
  failure,
  onRetry,
  children,
}: {
  query: Read<T>;
  /** The status line while it loads; null shows nothing. */
  loading: string | null;
  failure: string;
  onRetry?: () => void;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) return <QueryFailure query={query} failure={failure} onRetry={onRetry} />;
  if (query.data === undefined) return loading === null ? null : <p role="status">{loading}</p>;
  return children(query.data);
}
