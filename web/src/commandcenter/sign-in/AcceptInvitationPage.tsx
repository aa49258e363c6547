/**
 * /commandcenter/accept-invitation#token=… (the link of the invitation e-mail): checks the link,
 * lets the person choose a password, signs them in, offers an optional second factor
 * (SecondFactorStep: authenticator app or passkey, or Skip) and opens the Command Center.
 */
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { STAFF_ROLE_LABELS, TEAM_MESSAGES } from "../../../../events";
import { useAuth } from "../common/AuthProvider";
import { api } from "../common/api";
import styles from "../common/shared.module.css";
import { LinkPageCard } from "./LinkPageCard";
import { NewPasswordForm } from "./NewPasswordForm";
import { SecondFactorStep } from "./SecondFactorStep";
import { useCheckedLink } from "./useCheckedLink";

export function AcceptInvitationPage() {
  const { setUser } = useAuth();
  const navigate = useNavigate();
  /** The password just chosen, once the account exists (adding a passkey asks for it). */
  const [created, setCreated] = useState<string>();
  const {
    token,
    result: preview,
    error,
  } = useCheckedLink("invitation", api.checkInvitation, TEAM_MESSAGES.invitationInvalid);

  return (
    <LinkPageCard title="Join the Command Center">
      {created ? (
        <SecondFactorStep password={created} onDone={() => navigate("/commandcenter", { replace: true })} />
      ) : error ? (
        <>
          <div className={styles.errorBanner} role="alert">
            {error}
          </div>
          <p className={styles.muted}>Ask the administrator who invited you to send a new invitation.</p>
          <Link to="/commandcenter/login">Go to sign in</Link>
        </>
      ) : !preview ? (
        <p role="status">Checking your invitation...</p>
      ) : (
        <>
          <p>
            You are invited as <strong>{STAFF_ROLE_LABELS[preview.role]}</strong>. Your username is{" "}
            <strong>{preview.email}</strong>. Choose a password to finish.
          </p>
          <NewPasswordForm
            submitLabel="Create account"
            submittingLabel="Creating account..."
            onSubmit={async (password) => {
              const answer = await api.acceptInvitation(token, password);
              setUser(answer.user);
              setCreated(password);
            }}
          />
        </>
      )}
    </LinkPageCard>
  );
}
