/**
 * /commandcenter/account (every signed-in staff member; docs/decisions/0061): the member's own
 * e-mail address, password, second factors (authenticator app, passkeys) and sessions. Changing the password ends every other session (the API
 * does; the page says so). Every failed request shows the server's message, loads with Try again.
 */
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from "react";
import type { AccountSecurityResponse, SessionView } from "../../../../events";
import { useAuth } from "../shared/AuthProvider";
import { api, failureMessage } from "../shared/api";
import { ActionMessages, ErrorNotice, useAction } from "../shared/ErrorNotice";
import { AccountField, useFormRequest } from "../shared/FormField";
import { type Column, RecordTable } from "../shared/RecordTable";
import { StaffHeader } from "../shared/StaffHeader";
import styles from "../shared/shared.module.css";
import { formatDateTime } from "../shared/time";
import { AccountCard } from "./AccountCard";
import { PasskeysCard } from "./PasskeysCard";
import { TotpEnrolment } from "./TotpEnrolment";

export function AccountPage({ children }: { children?: ReactNode }) {
  return (
    <div className={styles.page}>
      <StaffHeader>
        <h1 className={styles.pageTitle}>Account</h1>
      </StaffHeader>
      <main className={styles.content}>
        <EmailCard />
        <PasswordCard />
        <TotpCard />
        <PasskeysCard />
        {children}
        <SessionsCard />
      </main>
    </div>
  );
}

function EmailCard() {
  const { user, setUser } = useAuth();
  const [email, setEmail] = useState(user?.email ?? "");
  const [notice, setNotice] = useState("");
  const form = useFormRequest();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice("");
    void form.run(async () => {
      const answer = await api.setEmail(email);
      setUser(answer.user);
      setNotice("Your e-mail address was saved.");
    });
  };
  return (
    <AccountCard id="account-email" title="E-mail address">
      <form className={styles.noteForm} onSubmit={submit} noValidate>
        <ActionMessages notice={notice} error={form.error} />
        <AccountField
          label="E-mail address"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          error={form.fieldErrors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className={styles.primaryButton} disabled={form.busy}>
          {form.busy ? "Saving..." : "Save address"}
        </button>
      </form>
    </AccountCard>
  );
}

function PasswordCard() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const [notice, setNotice] = useState("");
  const [mismatch, setMismatch] = useState("");
  const form = useFormRequest();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice("");
    setMismatch("");
    if (next !== repeat) {
      setMismatch("The two passwords do not match.");
      return;
    }
    void form.run(async () => {
      const { endedSessions } = await api.changePassword(current, next);
      setCurrent("");
      setNext("");
      setRepeat("");
      setNotice(
        `Your password was changed. ${
          endedSessions === 1 ? "1 other session was" : `${endedSessions} other sessions were`
        } signed out.`,
      );
      window.dispatchEvent(new Event(SESSIONS_CHANGED));
    });
  };
  return (
    <AccountCard id="account-password" title="Password">
      <p className={styles.muted}>Changing your password signs you out everywhere except on this device.</p>
      <form className={styles.noteForm} onSubmit={submit} noValidate>
        <ActionMessages notice={notice} error={form.error} />
        <AccountField
          label="Current password"
          name="current-password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          error={form.fieldErrors.currentPassword}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <AccountField
          label="New password"
          name="new-password"
          type="password"
          autoComplete="new-password"
          required
          value={next}
          error={form.fieldErrors.newPassword}
          onChange={(event) => setNext(event.target.value)}
        />
        <p className={styles.muted}>At least 12 characters, and not easy to guess.</p>
        <AccountField
          label="Repeat the new password"
          name="repeat-password"
          type="password"
          autoComplete="new-password"
          required
          value={repeat}
          error={mismatch}
          onChange={(event) => setRepeat(event.target.value)}
        />
        <button type="submit" className={styles.primaryButton} disabled={form.busy}>
          {form.busy ? "Changing..." : "Change password"}
        </button>
      </form>
    </AccountCard>
  );
}

/** Fired after a change that ends sessions, so the list reloads. */
const SESSIONS_CHANGED = "repdesk:sessions-changed";

function SessionsCard() {
  const [sessions, setSessions] = useState<SessionView[]>();
  const [loadError, setLoadError] = useState("");

  const load = useCallback(async () => {
    setLoadError("");
    try {
      setSessions((await api.sessions()).sessions);
    } catch (failure) {
      setLoadError(failureMessage(failure, "Loading your sessions failed."));
    }
  }, []);

  useEffect(() => {
    void load();
    const reload = () => void load();
    window.addEventListener(SESSIONS_CHANGED, reload);
    return () => window.removeEventListener(SESSIONS_CHANGED, reload);
  }, [load]);

  const { busy, notice, error: actionError, act } = useAction(load);

  const columns: Column<SessionView>[] = [
    {
      heading: "Device",
      cell: (session) => (
        <>
          {session.device}
          {session.current && <strong> (this device)</strong>}
        </>
      ),
    },
    { heading: "Address", cell: (session) => session.ip ?? "Unknown" },
    { heading: "Started", cell: (session) => formatDateTime(session.startedAt) },
    { heading: "Last used", cell: (session) => formatDateTime(session.lastUsedAt) },
    {
      heading: "Actions",
      className: styles.actions,
      cell: (session) =>
        session.current ? null : (
          <button
            type="button"
            className={styles.secondaryButton}
            disabled={busy}
            aria-label={`End session on ${session.device} from ${session.ip ?? "an unknown address"}`}
            onClick={() =>
              void act(async () => {
                await api.endSession(session.id);
                return `The session on ${session.device} was ended.`;
              })
            }
          >
            End
          </button>
        ),
    },
  ];

  return (
    <AccountCard id="account-sessions" title="Sessions">
      <ActionMessages notice={notice} error={actionError} />
      {loadError ? (
        <ErrorNotice message={loadError} onRetry={() => void load()} />
      ) : !sessions ? (
        <p role="status">Loading sessions...</p>
      ) : (
        <>
          <RecordTable columns={columns} rows={sessions} emptyText="No sessions" />
          {sessions.some((session) => !session.current) && (
            <button
              type="button"
              className={styles.dangerButton}
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  const { endedSessions } = await api.endOtherSessions();
                  return `${endedSessions === 1 ? "1 other session was" : `${endedSessions} other sessions were`} ended.`;
                })
              }
            >
              End all other sessions
            </button>
          )}
        </>
      )}
    </AccountCard>
  );
}

/** The authenticator app: set it up (TotpEnrolment) or remove it with the password or a code. */
function TotpCard() {
  const [security, setSecurity] = useState<AccountSecurityResponse>();
  const [loadError, setLoadError] = useState("");
  const [notice, setNotice] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const form = useFormRequest();

  const load = useCallback(async () => {
    setLoadError("");
    try {
      setSecurity(await api.security());
    } catch (failure) {
      setLoadError(failureMessage(failure, "Loading your second factor failed."));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const remove = (event: FormEvent) => {
    event.preventDefault();
    setNotice("");
    void form.run(async () => {
      await api.removeTotp(code ? { code } : { password });
      setPassword("");
      setCode("");
      setNotice("Your authenticator app was removed.");
      await load();
    });
  };

  return (
    <AccountCard id="account-totp" title="Authenticator app">
      {loadError ? (
        <ErrorNotice message={loadError} onRetry={() => void load()} />
      ) : !security ? (
        <p role="status">Loading...</p>
      ) : security.totp ? (
        <form className={styles.noteForm} onSubmit={remove} noValidate>
          <p>Signing in asks for a code from your authenticator app.</p>
          <ActionMessages notice={notice} error={form.error} />
          <AccountField
            label="Current password"
            name="totp-remove-password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={form.fieldErrors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <AccountField
            label="Or a code from the app"
            name="totp-remove-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            error={form.fieldErrors.code}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className={styles.dangerButton} disabled={form.busy}>
            {form.busy ? "Removing..." : "Remove authenticator app"}
          </button>
        </form>
      ) : (
        <>
          <ActionMessages notice={notice} error="" />
          <p className={styles.muted}>
            {security.mfaRequired
              ? "This Command Center requires a second factor."
              : "Add a second factor: signing in will also ask for a code from the app."}
          </p>
          <TotpEnrolment
            start={api.startTotp}
            confirm={async (entered) => {
              await api.confirmTotp(entered);
            }}
            onEnrolled={() => {
              setNotice("Your authenticator app is set up. Signing in now asks for a code.");
              void load();
            }}
          />
        </>
      )}
    </AccountCard>
  );
}
