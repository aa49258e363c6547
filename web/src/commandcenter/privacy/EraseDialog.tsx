/**
 * Erase, asked twice: the address typed again and the admin's password (a fresh re-authentication,
 * docs/decisions/0082-reauthentication-and-change-notices.md). The server's refusal of either shows
 * under its field.
 */
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { PRIVACY_TEXTS, type PrivacyErasure } from "../../../../events/privacy";
import { failureMessage, fieldErrorsOf } from "../common/api";
import { FormField } from "../common/FormField";
import { Modal } from "../common/Modal";
import styles from "../common/shared.module.css";
import { privacyApi } from "./privacyQueries";

export function EraseDialog({
  email,
  onClose,
  onErased,
}: {
  email: string;
  onClose: () => void;
  onErased: (erasure: PrivacyErasure) => void;
}) {
  const [confirmEmail, setConfirmEmail] = useState("");
  const [password, setPassword] = useState("");
  const erase = useMutation({
    mutationFn: () => privacyApi.erase(email, confirmEmail, password),
    onSuccess: onErased,
  });
  const fields = fieldErrorsOf(erase.error);
  const error =
    erase.isError && !fields.password && !fields.confirmEmail
      ? failureMessage(erase.error, "Erasing failed.")
      : "";
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    erase.mutate();
  };
  return (
    <Modal
      title={PRIVACY_TEXTS.eraseTitle}
      onClose={() => !erase.isPending && onClose()}
      footer={
        <>
          <button
            type="button"
            className={styles.secondaryButton}
            disabled={erase.isPending}
            onClick={onClose}
          >
            {PRIVACY_TEXTS.cancel}
          </button>
          <button
            type="submit"
            form="privacy-erase"
            className={styles.dangerButton}
            disabled={erase.isPending}
          >
            {erase.isPending ? "Working..." : PRIVACY_TEXTS.eraseConfirm}
          </button>
        </>
      }
    >
      <p>{PRIVACY_TEXTS.eraseWarning}</p>
      <form id="privacy-erase" onSubmit={onSubmit} noValidate>
        <FormField
          label={PRIVACY_TEXTS.confirmLabel}
          type="email"
          name="confirmEmail"
          autoComplete="off"
          value={confirmEmail}
          error={fields.confirmEmail}
          onChange={(event) => setConfirmEmail(event.target.value)}
        />
        <FormField
          label={PRIVACY_TEXTS.passwordLabel}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={fields.password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </form>
      {error && (
        <p className={styles.inlineError} role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
