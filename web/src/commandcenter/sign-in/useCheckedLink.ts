/**
 * What the pages reached from an e-mail link share (accepting an invitation, resetting a
 * password): the one-time token from the link's fragment and what the server says of it.
 */
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router-dom";
import { ApiFailure, failureMessage } from "../common/api";

/** The one-time token of a link `…#token=<id>.<secret>` (the fragment never reaches a server). */
export function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, "")).get("token") ?? "";
}

/**
 * The link's token and the server's answer: `result` once it works, else `error` (the link's own
 * message for a 400, e.g. expired or used, else the general failure text). Checked once per token.
 */
export function useCheckedLink<T>(
  link: "invitation" | "password-reset",
  check: (token: string) => Promise<T>,
  invalidMessage: string,
): { token: string; result?: T; error: string } {
  const token = tokenFromHash(useLocation().hash);
  const checked = useQuery({
    queryKey: ["link", link, token],
    queryFn: () => check(token),
    enabled: token !== "",
    staleTime: Number.POSITIVE_INFINITY,
  });
  const error = !token
    ? invalidMessage
    : checked.isError
      ? checked.error instanceof ApiFailure && checked.error.status === 400
        ? invalidMessage
        : failureMessage(checked.error)
      : "";
  return { token, result: checked.data, error };
}
