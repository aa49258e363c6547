/**
 * /commandcenter/account (every signed-in staff member; docs/decisions/0061): the member's own
 * e-mail address, password, second factors (authenticator app, passkeys) and sessions. Changing
 * the password ends every other session (the API does; the page says so). A new address and every
 * second-factor change ask for the current password again, and the old address is told
 * (docs/decisions/0082); a new address takes effect once the link sent to it is followed, and the
 * card shows it as pending until then, with a way to cancel it (docs/decisions/0122). Every failed request shows the server's message, loads with Try again.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { EMAIL_CHANGE_MESSAGES } from "../../../../events";
import { useAuth } from "../common/AuthProvider";
import { api, fieldErrorsOf, formFailure } from "../common/api";
import { ActionMessages } from "../common/ErrorNotice";
import { FormField } from "../common/FormField";
import styles from "../common/shared.module.css";
import { AccountCard } from "./AccountCard";
import { emailQuery, sessionsQuery } from "./accountQueries";
import { PasskeysCard } from "./PasskeysCard";
import { SessionsCard } from "./SessionsCard";
import { TotpCard } from "./TotpCard";

export function AccountPage() {
  return (
    <>
      <EmailCard />
      <PasswordCard />
      <TotpCard />
      <PasskeysCard />
      <SessionsCard />
    </>
  );
}

function EmailCard() {
  const client = useQueryClient();
  const { user } = useAuth();
  const current = useQuery(emailQuery);
  const [email, setEmail] = useState(user?.email ?? "");
  const [password, setPassword] = useState("");
  const save = useMutation({
    mutationFn: () => api.setEmail(email, password),
    onSuccess: (answer) => {
      setPassword("");
      client.setQueryData(emailQuery.queryKey, answer);
    },
  });
  const cancel = useMutation({
    mutationFn: () => api.cancelEmailChange(),
    onSuccess: (answer) => {
      save.reset();
      client.setQueryData(emailQuery.queryKey, answer);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    cancel.reset();
    save.mutate();
  };
  const pending = current.data?.pending ?? null;
  return (
    <AccountCard id="account-email" title="E-mail address">
      <p className={styles.muted}>
        A new address takes effect once you follow the link we e-mail to it. Until then reset links and
        notices go to your current address{user?.email ? ` (${user.email})` : ""}, which we also tell about
        the change.
      </p>
      {pending && (
        <div className={styles.stack} role="status" aria-label="Pending address change">
          <p>
            Waiting for confirmation: <strong>{pending.email}</strong> (the link works until{" "}
            {new Date(pending.expiresAt).toLocaleString()}). {EMAIL_CHANGE_MESSAGES.pending}
          </p>
          <button
            type="button"
            className={styles.secondaryButton}
            disabled={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            {cancel.isPending ? "Cancelling..." : "Cancel this change"}
          </button>
        </div>
      )}
      <form className={styles.stack} onSubmit={submit} noValidate>
        <ActionMessages
          notice={cancel.isSuccess ? EMAIL_CHANGE_MESSAGES.cancelled : ""}
          error={formFailure(save.error ?? cancel.error)}
        />
        <FormField
          label="E-mail address"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          error={fieldErrorsOf(save.error).email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <FormField
          label="Current password"
          name="email-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          error={fieldErrorsOf(save.error).password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className={styles.primaryButton} disabled={save.isPending}>
          {save.isPending ? "Sending..." : "Change address"}
        </button>
      </form>
    </AccountCard>
  );
}

function endedText(endedSessions: number): string {
  return endedSessions === 1 ? "1 other session was" : `${endedSessions} other sessions were`;
}

function PasswordCard() {
  const client = useQueryClient();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const [mismatch, setMismatch] = useState("");
  const change = useMutation({
    mutationFn: () => api.changePassword(current, next),
    onSuccess: () => {
      setCurrent("");
      setNext("");
      setRepeat("");
      // The other sessions have ended: the list below reads them again.
      void client.invalidateQueries({ queryKey: sessionsQuery.queryKey });
    },
  });
  const fieldErrors = fieldErrorsOf(change.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.reset();
    setMismatch("");
    if (next !== repeat) {
      setMismatch("The two passwords do not match.");
      return;
    }
    change.mutate();
  };
  return (
    <AccountCard id="account-password" title="Password">
      <p className={styles.muted}>
        Changing your password signs you out everywhere except on this device. We e-mail your address about
        it, with a link to use if it wasn't you.
      </p>
      <form className={styles.stack} onSubmit={submit} noValidate>
        <ActionMessages
          notice={
            change.data
              ? `Your password was changed. ${endedText(change.data.endedSessions)} signed out.`
              : ""
          }
          error={formFailure(change.error)}
        />
        <FormField
          label="Current password"
          name="current-password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          error={fieldErrors.currentPassword}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <FormField
          label="New password"
          name="new-password"
          type="password"
          autoComplete="new-password"
          required
          value={next}
          error={fieldErrors.newPassword}
          onChange={(event) => setNext(event.target.value)}
        />
        <p className={styles.muted}>At least 12 characters, and not easy to guess.</p>
        <FormField
          label="Repeat the new password"
          name="repeat-password"
          type="password"
          autoComplete="new-password"
          required
          value={repeat}
          error={mismatch}
          onChange={(event) => setRepeat(event.target.value)}
        />
        <button type="submit" className={styles.primaryButton} disabled={change.isPending}>
          {change.isPending ? "Changing..." : "Change password"}
        </button>
      </form>
    </AccountCard>
  );
}
