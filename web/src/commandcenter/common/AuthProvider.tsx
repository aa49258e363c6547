/**
 * Auth state of the Command Center (docs/product/command-center.md): loading, then signed in or
 * signed out. The member is the session query (common/queryClient.ts): signing in or out writes it.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from "react";
import type { StaffUserView } from "../../../../events";
import { api, failureMessage, onUnauthorized } from "./api";
import { SESSION_KEY, writeSession } from "./queryClient";

interface AuthState {
  readonly user: StaffUserView | null;
  readonly loading: boolean;
  /** Why the session could not be checked (the server did not answer, or failed): not "signed out". */
  readonly checkError: string;
  /** Checks the session again after checkError. */
  check(): void;
  login(username: string, password: string, code?: string): Promise<void>;
  /**
   * Ends the session on the server; the caller then leaves the Command Center (the site's page
   * loads afresh, and the member's data with this app). The user is not forgotten first: that would
   * send the page to the login on its way out. Nor is a 401 that another call gets meanwhile (the
   * server may end the session before it answers the logout): the protected page would go to the
   * login, and its navigation raced the one to "/". A failure is thrown and the user stays signed
   * in (the session cookie still works until the server has revoked it), unless a 401 came while it
   * was under way: the session has ended all the same.
   */
  logout(): Promise<void>;
  /** After sign-in by other means, or the signed-in member changed their own account. */
  setUser(user: StaffUserView | null): void;
}

const AuthContext = createContext<AuthState | undefined>(undefined);

export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const session = useQuery({
    queryKey: SESSION_KEY,
    queryFn: async () => (await api.currentUser()).user,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const user = session.data ?? null;
  const setUser = useCallback((next: StaffUserView | null) => writeSession(client, next), [client]);
  const check = useCallback(() => void session.refetch(), [session.refetch]);

  // A 401 from any call after sign-in: forget the user (Protected then goes to the login), unless
  // the member is signing out (logout, below).
  const signingOut = useRef<{ unauthorized: boolean } | null>(null);
  useEffect(() => {
    onUnauthorized(() => {
      if (signingOut.current) signingOut.current.unauthorized = true;
      else setUser(null);
    });
    return () => onUnauthorized(undefined);
  }, [setUser]);

  // Whatever was read for a member goes with them: the next one to sign in here reads afresh.
  const signedIn = useRef(false);
  useEffect(() => {
    if (signedIn.current && !user)
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    signedIn.current = user !== null;
  }, [client, user]);

  const login = useCallback(
    async (username: string, password: string, code?: string) => {
      setUser((await api.login(username, password, code)).user);
    },
    [setUser],
  );
  const logout = useCallback(async () => {
    const attempt = { unauthorized: false };
    signingOut.current = attempt;
    try {
      await api.logout();
    } catch (error) {
      signingOut.current = null;
      if (attempt.unauthorized) setUser(null);
      throw error;
    }
    // Signed out: the page is leaving, and every 401 from here on is expected.
  }, [setUser]);

  const loading = session.isPending || (session.isError && session.isFetching);
  const checkError =
    session.isError && !loading ? failureMessage(session.error, "Checking your session failed.") : "";
  const value = useMemo(
    () => ({ user, loading, checkError, check, login, logout, setUser }),
    [user, loading, checkError, check, login, logout, setUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error("useAuth must be used within an AuthProvider");
  return state;
}
