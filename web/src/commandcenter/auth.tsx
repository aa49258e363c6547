/** Auth state of the Command Center (docs/product/command-center.md): loading, then signed in or signed out. */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { StaffUserView } from "../../../events";
import { api, onUnauthorized } from "./api";

interface AuthState {
  readonly user: StaffUserView | null;
  readonly loading: boolean;
  login(username: string, password: string, code?: string): Promise<void>;
  /** Clears the user even if the call fails. */
  logout(): Promise<void>;
  /** After the signed-in member changed their own account (e.g. their e-mail address). */
  setUser(user: StaffUserView): void;
}

const AuthContext = createContext<AuthState | undefined>(undefined);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<StaffUserView | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    api
      .currentUser()
      .then((answer) => active && setUser(answer.user))
      .catch(() => active && setUser(null))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, []);

  // A 401 from any call after sign-in: forget the user (Protected then goes to the login).
  useEffect(() => {
    onUnauthorized(() => setUser(null));
    return () => onUnauthorized(undefined);
  }, []);

  const login = useCallback(async (username: string, password: string, code?: string) => {
    const answer = await api.login(username, password, code);
    setUser(answer.user);
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.logout();
    } catch (error) {
      console.error("Logout failed", error);
    } finally {
      setUser(null);
    }
  }, []);

  const value = useMemo(() => ({ user, loading, login, logout, setUser }), [user, loading, login, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error("useAuth must be used within an AuthProvider");
  return state;
}
