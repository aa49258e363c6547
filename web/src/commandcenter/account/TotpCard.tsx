/**
 * The authenticator app: set it up (TotpEnrolment, after the current password) or remove it with
 * the password or a code (docs/decisions/0082).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { api, fieldErrorsOf, formFailure } from "../common/api";
import { ActionMessages } from "../common/ErrorNotice";
import { FormField } from "../common/FormField";
import { Loaded } from "../common/Loaded";
import styles from "../common/shared.module.css";
import { AccountCard } from "./AccountCard";
import { securityQuery } from "./accountQueries";
import { TotpEnrolment } from "./TotpEnrolment";

export function TotpCard() {
  const client = useQueryClient();
  const security = useQuery(securityQuery);
  const [notice, setNotice] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const reload = () => client.invalidateQueries({ queryKey: securityQuery.queryKey });
  const removal = useMutation({
    mutationFn: () => api.removeTotp(code ? { code } : { password }),
    onSuccess: async () => {
      setPassword("");
      setCode("");
      setNotice("Your authenticator app was removed.");
      await reload();
    },
  });
  const fieldErrors = fieldErrorsOf(removal.error);

  const remove = (event: FormEvent) => {
    event.preventDefault();
    setNotice("");
    removal.mutate();
  };

  return (
    <AccountCard id="account-totp" title="Authenticator app">
      <Loaded query={security} loading="Loading..." failure="Loading your second factor failed.">
        {({ totp, mfaRequired }) =>
          totp ? (
            <form className={styles.stack} onSubmit={remove} noValidate>
              <p>Signing in asks for a code from your authenticator app.</p>
              <ActionMessages notice={notice} error={formFailure(removal.error)} />
              <FormField
                label="Current password"
                name="totp-remove-password"
                type="password"
                autoComplete="current-password"
                value={password}
                error={fieldErrors.password}
                onChange={(event) => setPassword(event.target.value)}
              />
              <FormField
                label="Or a code from the app"
                name="totp-remove-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                error={fieldErrors.code}
                onChange={(event) => setCode(event.target.value)}
              />
              <button type="submit" className={styles.dangerButton} disabled={removal.isPending}>
                {removal.isPending ? "Removing..." : "Remove authenticator app"}
              </button>
            </form>
          ) : (
            <>
              <ActionMessages notice={notice} error="" />
              <p className={styles.muted}>
                {mfaRequired
                  ? "This Command Center requires a second factor."
                  : "Add a second factor: signing in will also ask for a code from the app."}
              </p>
              <TotpEnrolment
                askPassword
                start={api.startTotp}
                confirm={async (entered) => {
                  await api.confirmTotp(entered);
                }}
                onEnrolled={() => {
                  setNotice("Your authenticator app is set up. Signing in now asks for a code.");
                  void reload();
                }}
              />
            </>
          )
        }
      </Loaded>
    </AccountCard>
  );
}
