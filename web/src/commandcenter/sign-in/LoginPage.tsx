import { useMutation } from "@tanstack/react-query";
import { type FormEvent, type InputHTMLAttributes, useEffect, useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router-dom";
import { useAuth } from "../common/AuthProvider";
import { failureMessage, fieldErrorsOf } from "../common/api";
import { passkeysSupported, signInWithPasskey } from "../common/passkeyCeremony";
import shared from "../common/shared.module.css";
import styles from "./signIn.module.css";

/**
 * docs/product/command-center.md (/commandcenter/login): Username and Password (required), 'Sign in' / 'Signing in...',
 * an error banner with the server's text (else 'Login failed') that clears on the next attempt.
 * A code field appears only when the server says this account needs one (TOTP). Below the form,
 * 'Use a passkey' (where the browser has WebAuthn) signs in with a passkey alone; its name does not
 * start with "Sign in", so the form's own button keeps its unique name (docs/decisions/0073-passkeys.md).
 */
export function LoginPage() {
  const { user, loading, login, setUser } = useAuth();
  const navigate = useNavigate();
  const target = returnPath(useLocation().state);
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [needsCode, setNeedsCode] = useState(false);
  const [passkeys, setPasskeys] = useState(false);
  useEffect(() => setPasskeys(passkeysSupported()), []);
  const arrive = () => navigate(target, { replace: true });
  const withPassword = useMutation({
    mutationFn: () => login(username, password, needsCode ? code : undefined),
    onSuccess: arrive,
    onError: (failure) => {
      if (fieldErrorsOf(failure).code) setNeedsCode(true);
    },
  });
  const withPasskey = useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: (signedIn) => {
      setUser(signedIn);
      arrive();
    },
  });
  const failed = withPassword.error ?? withPasskey.error;
  const busy = withPassword.isPending || withPasskey.isPending;

  if (!loading && user) return <Navigate to={target} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    withPasskey.reset();
    withPassword.mutate();
  };
  const onPasskey = () => {
    withPassword.reset();
    withPasskey.mutate();
  };

  return (
    <main className={styles.loginPage}>
      <form className={styles.loginCard} onSubmit={onSubmit}>
        <h1 className={styles.loginTitle}>Command Center</h1>
        {failed && (
          <div className={shared.errorBanner} role="alert">
            {failureMessage(failed, "Login failed")}
          </div>
        )}
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          onValue={setUsername}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
        />
        {needsCode && (
          <Field
            label="Verification code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            value={code}
            onValue={setCode}
          />
        )}
        <button type="submit" className={shared.primaryButton} disabled={busy}>
          {withPassword.isPending ? "Signing in..." : "Sign in"}
        </button>
        <Link to="/commandcenter/forgot-password">Forgot password?</Link>
        {passkeys && (
          <button type="button" className={shared.secondaryButton} disabled={busy} onClick={onPasskey}>
            {withPasskey.isPending ? "Waiting for your passkey..." : "Use a passkey"}
          </button>
        )}
      </form>
    </main>
  );
}

/** Where to go after signing in: the protected page that sent us here, else the dashboard. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  // Only a Command Center path: never somewhere a crafted state could point.
  return typeof from === "string" &&
    /^\/commandcenter(\/|$|\?)/.test(from) &&
    !from.startsWith("/commandcenter/login")
    ? from
    : "/commandcenter";
}

/** A required text input with its visible label (the label names the input). */
function Field({
  label,
  onValue,
  ...input
}: { label: string; onValue: (value: string) => void } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={shared.field}>
      <span>{label}</span>
      <input {...input} required onChange={(event) => onValue(event.target.value)} />
    </label>
  );
}
