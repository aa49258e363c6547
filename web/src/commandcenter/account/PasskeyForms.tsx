/**
 * Adding a passkey (password, optional name, the browser's dialog), renaming one, and removing one
 * (confirmed with the password; docs/decisions/0082).
 */
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { PasskeyView } from "../../../../events/passkeys";
import { api, fieldErrorsOf, formFailure } from "../common/api";
import { ActionMessages } from "../common/ErrorNotice";
import { FormField } from "../common/FormField";
import { Modal } from "../common/Modal";
import { addPasskey } from "../common/passkeyCeremony";
import styles from "../common/shared.module.css";

export function AddPasskeyForm({
  onCancel,
  onAdded,
}: {
  onCancel: () => void;
  onAdded: (passkey: PasskeyView) => void;
}) {
  const [password, setPassword] = useState("");
  const [name, setName] = useState("");
  const add = useMutation({
    mutationFn: () => addPasskey(password, name.trim() || undefined),
    onSuccess: onAdded,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <form className={styles.stack} onSubmit={submit} noValidate>
      <ActionMessages notice="" error={formFailure(add.error)} />
      <FormField
        label="Current password"
        name="passkey-password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        error={fieldErrorsOf(add.error).password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <FormField
        label="Name (optional)"
        name="passkey-name"
        placeholder="e.g. Work laptop"
        maxLength={60}
        value={name}
        error={fieldErrorsOf(add.error).name}
        onChange={(event) => setName(event.target.value)}
      />
      <div className={styles.actions}>
        <button type="submit" className={styles.primaryButton} disabled={add.isPending}>
          {add.isPending ? "Waiting for your passkey..." : "Create passkey"}
        </button>
        <button type="button" className={styles.secondaryButton} disabled={add.isPending} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function RenamePasskeyDialog({
  passkey,
  onClose,
  onRenamed,
}: {
  passkey: PasskeyView;
  onClose: () => void;
  onRenamed: (name: string) => void;
}) {
  const [name, setName] = useState(passkey.name);
  const rename = useMutation({
    mutationFn: () => api.renamePasskey(passkey.id, name),
    onSuccess: (answer) => onRenamed(answer.passkey.name),
  });
  return (
    <Modal
      title="Rename passkey"
      onClose={() => !rename.isPending && onClose()}
      footer={
        <>
          <button
            type="button"
            className={styles.secondaryButton}
            disabled={rename.isPending}
            onClick={onClose}
          >
            Cancel
          </button>
          <button
            type="button"
            className={styles.primaryButton}
            disabled={rename.isPending}
            onClick={() => rename.mutate()}
          >
            {rename.isPending ? "Saving..." : "Save name"}
          </button>
        </>
      }
    >
      <ActionMessages notice="" error={formFailure(rename.error)} />
      <FormField
        label="Passkey name"
        name="passkey-rename"
        maxLength={60}
        value={name}
        error={fieldErrorsOf(rename.error).name}
        onChange={(event) => setName(event.target.value)}
      />
    </Modal>
  );
}

export function RemovePasskeyDialog({
  passkey,
  onClose,
  onRemoved,
}: {
  passkey: PasskeyView;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const [password, setPassword] = useState("");
  const remove = useMutation({
    mutationFn: () => api.removePasskey(passkey.id, password),
    onSuccess: onRemoved,
  });
  return (
    <Modal
      title="Remove passkey"
      onClose={() => !remove.isPending && onClose()}
      footer={
        <>
          <button
            type="button"
            className={styles.secondaryButton}
            disabled={remove.isPending}
            onClick={onClose}
          >
            Cancel
          </button>
          <button
            type="button"
            className={styles.dangerButton}
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {remove.isPending ? "Removing..." : "Remove passkey"}
          </button>
        </>
      }
    >
      <p>Remove the passkey {passkey.name}? It can no longer be used to sign in.</p>
      <ActionMessages notice="" error={formFailure(remove.error)} />
      <FormField
        label="Current password"
        name="passkey-remove-password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        error={fieldErrorsOf(remove.error).password}
        onChange={(event) => setPassword(event.target.value)}
      />
    </Modal>
  );
}
