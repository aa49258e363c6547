/**
 * After a new member chose their password (the accept-invitation page): an optional second factor,
 * an authenticator app (TotpEnrolment) or a passkey, or "Skip". Where the stage requires a second
 * factor there is no Skip: without one the next sign-in would be refused (docs/decisions/0073-passkeys.md).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { securityQuery } from "../account/accountQueries";
import { TotpEnrolment } from "../account/TotpEnrolment";
import { api, failureMessage } from "../common/api";
import { ActionMessages } from "../common/ErrorNotice";
import { addPasskey, passkeysSupported } from "../common/passkeyCeremony";
import styles from "../common/shared.module.css";

export function SecondFactorStep({ password, onDone }: { password: string; onDone: () => void }) {
  const security = useQuery(securityQuery);
  const createPasskey = useMutation({ mutationFn: () => addPasskey(password), onSuccess: onDone });

  if (security.isPending) return <p role="status">Loading...</p>;
  // Unknown (the read failed): offer Skip; the sign-in says what is missing if the stage requires a factor.
  const required = security.data?.mfaRequired ?? false;
  return (
    <>
      <p>
        Your account is ready.{" "}
        {required
          ? "This Command Center requires a second factor: set one up now to be able to sign in again."
          : "Add a second factor now (optional), or skip and add one later on the Account page."}
      </p>
      <h2 className={styles.cardTitle}>Authenticator app</h2>
      <TotpEnrolment
        start={() => api.startTotp(password)}
        confirm={async (code) => {
          await api.confirmTotp(code);
        }}
        onEnrolled={onDone}
      />
      {passkeysSupported() && (
        <>
          <h2 className={styles.cardTitle}>Passkey</h2>
          <ActionMessages
            notice=""
            error={createPasskey.isError ? failureMessage(createPasskey.error) : ""}
          />
          <button
            type="button"
            className={styles.primaryButton}
            disabled={createPasskey.isPending}
            onClick={() => createPasskey.mutate()}
          >
            {createPasskey.isPending ? "Waiting for your passkey..." : "Create a passkey"}
          </button>
        </>
      )}
      {!required && (
        <button
          type="button"
          className={styles.secondaryButton}
          disabled={createPasskey.isPending}
          onClick={onDone}
        >
          Skip
        </button>
      )}
    </>
  );
}
