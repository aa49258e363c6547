/**
 * The lead whose details are open, kept in the URL's hash (`#lead=<id>`) so that the link can be
 * shared and the desk's e-mails can point at one lead (functions/model/mail/desk-emails.ts `leadLink`). The
 * lead comes from the loaded list when it is there, else it is fetched by id, so a lead beyond the
 * first page or outside the current filters opens too.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { ApiFailure, failureMessage } from "../shared/api";

const HASH_KEY = "lead";

/** The id a hash names ("#lead=abc" -> "abc"), or undefined. */
export function leadIdOfHash(hash: string): string | undefined {
  const id = new URLSearchParams(hash.replace(/^#/, "")).get(HASH_KEY);
  return id ? id : undefined;
}

export function hashOfLead(id: string): string {
  return `#${new URLSearchParams({ [HASH_KEY]: id })}`;
}

type Loaded<R> = { readonly id: string } & (
  | { readonly lead: R }
  | { readonly error: string; readonly missing: boolean }
);

export interface LinkedLead<R> {
  /** The id in the hash, if any. */
  readonly id: string | undefined;
  readonly lead: R | undefined;
  /** Why the lead of the hash cannot be shown (unknown or deleted, or the request failed). */
  readonly error: string | undefined;
  /** Loads the lead of the hash again after a failed request (undefined when it does not exist). */
  readonly retry: (() => void) | undefined;
  readonly open: (row: R) => void;
  readonly close: () => void;
  /** Reads the lead again after a change (a fetched lead is not refreshed by the list's reload). */
  readonly reload: () => void;
}

export function useLinkedLead<R extends { id: string }>(
  items: readonly R[],
  fetchOne: (id: string) => Promise<R>,
  notFoundText: string,
): LinkedLead<R> {
  const location = useLocation();
  const navigate = useNavigate();
  const id = leadIdOfHash(location.hash);
  const [loaded, setLoaded] = useState<Loaded<R>>();
  // What `open` already has, so that opening a listed row does not fetch it again.
  const known = useRef<R | undefined>(undefined);
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    if (!id) return;
    if (known.current?.id === id) {
      setLoaded({ id, lead: known.current });
      return;
    }
    // The previous answer stays shown until this one arrives (it is for another id or the same lead).
    let current = true;
    fetchOne(id).then(
      (lead) => current && setLoaded({ id, lead }),
      (failure) => {
        if (!current) return;
        const missing = failure instanceof ApiFailure && failure.status === 404;
        setLoaded({
          id,
          missing,
          error: missing ? notFoundText : failureMessage(failure, "Loading the lead failed."),
        });
      },
    );
    return () => {
      current = false;
    };
  }, [id, fetchOne, notFoundText, version]);

  const open = useCallback(
    (row: R) => {
      known.current = row;
      navigate({ hash: hashOfLead(row.id) }, { replace: true });
    },
    [navigate],
  );
  const close = useCallback(() => {
    known.current = undefined;
    navigate({ hash: "" }, { replace: true });
  }, [navigate]);
  const reload = useCallback(() => {
    known.current = undefined;
    setVersion((before) => before + 1);
  }, []);

  const fetched = loaded?.id === id ? loaded : undefined;
  // The listed row is the freshest once the list reloads after a change made in the details.
  const lead = id
    ? (items.find((item) => item.id === id) ?? (fetched && "lead" in fetched ? fetched.lead : undefined))
    : undefined;
  const failed = !lead && fetched && "error" in fetched ? fetched : undefined;
  return {
    id,
    lead,
    error: failed?.error,
    retry: failed && !failed.missing ? reload : undefined,
    open,
    close,
    reload,
  };
}
