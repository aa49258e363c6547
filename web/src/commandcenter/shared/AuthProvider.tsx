/** Auth state of the Command Center (docs/product/command-center.md): loading, then signed in or signed out. */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { StaffUserView } from "../../../../events";
import { api, failureMessage, onUnauthorized } from "./api";

interface AuthState {
  readonly user: StaffUserView | null;
  readonly loading: boolean;
  /** Why the session could not be checked (the server did not answer, or failed): not "signed out". */
  readonly checkError: string;
  /** Checks the session again after checkError. */
  check(): void;
  login(username: string, password: string, code?: string): Promise<void>;
  /**
   * Ends the session on the server, then forgets the user. A failure is thrown and the user stays
   * signed in: the session cookie still works until the server has revoked it.
   */
  logout(): Promise<void>;
  /** After the signed-in member changed their own account (e.g. their e-mail address). */
  setUser(user: StaffUserView): void;
}

const AuthContext = createContext<AuthState | undefined>(undefined);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<StaffUserView | null>(null);
  const [loading, setLoading] = useState(true);
  const [checkError, setCheckError] = useState("");
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger
  useEffect(() => {
    let active = true;
    setLoading(true);
    setCheckError("");
    api
      .currentUser()
      .then((answer) => active && setUser(answer.user))
      .catch((failure) => active && setCheckError(failureMessage(failure, "Checking your session failed.")))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [attempt]);
  const check = useCallback(() => setAttempt((n) => n + 1), []);

  // A 401 from any call after sign-in: forget the user (Protected then goes to the login).
  useEffect(() => {
    onUnauthorized(() => setUser(null));
    return () => onUnauthorized(undefined);
  }, []);

  const login = useCallback(async (username: string, password: string, code?: string) => {
    const answer = await api.login(username, password, code);
    setCheckError("");
    setUser(answer.user);
  }, []);

  const logout = useCallback(async () => {
    await api.logout();
    setUser(null);
  }, []);

  const value = useMemo(
    () => ({ user, loading, checkError, check, login, logout, setUser }),
    [user, loading, checkError, check, login, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error("useAuth must be used within an AuthProvider");
  return state;
}
