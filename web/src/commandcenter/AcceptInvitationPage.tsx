/**
 * /commandcenter/accept-invitation#token=… (the link of the invitation e-mail, functions/team/emails.ts):
 * checks the link, lets the person choose a password, signs them in and opens the Command Center.
 */
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { type InvitationPreview, STAFF_ROLE_LABELS, TEAM_MESSAGES } from "../../../events";
import { ApiFailure, api, failureMessage } from "./api";
import { useAuth } from "./auth";
import styles from "./commandcenter.module.css";
import { LinkPageCard, NewPasswordForm, tokenFromHash } from "./PasswordSetup";

export function AcceptInvitationPage() {
  const token = tokenFromHash(useLocation().hash);
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const [preview, setPreview] = useState<InvitationPreview>();
  const [error, setError] = useState("");

  useEffect(() => {
    let active = true;
    if (!token) {
      setError(TEAM_MESSAGES.invitationInvalid);
      return;
    }
    api
      .checkInvitation(token)
      .then((answer) => active && setPreview(answer))
      .catch((failure) => {
        if (!active) return;
        setError(
          failure instanceof ApiFailure && failure.status === 400
            ? TEAM_MESSAGES.invitationInvalid
            : failureMessage(failure),
        );
      });
    return () => {
      active = false;
    };
  }, [token]);

  return (
    <LinkPageCard title="Join the Command Center">
      {error ? (
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
              navigate("/commandcenter", { replace: true });
            }}
          />
        </>
      )}
    </LinkPageCard>
  );
}
