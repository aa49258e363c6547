/**
 * The Account page's passkeys (docs/decisions/0073-passkeys.md): the list (name, added, last used),
 * adding one (the current password, an optional name, then the browser's passkey dialog), renaming
 * and removing one (each in a dialog; removal asks for confirmation).
 */
import { type FormEvent, useCallback, useEffect, useState } from "react";
import type { PasskeyView } from "../../../../events/passkeys";
import { api, failureMessage } from "../shared/api";
import { ActionMessages, ErrorNotice, useAction } from "../shared/ErrorNotice";
import { AccountField, useFormRequest } from "../shared/FormField";
import { Modal } from "../shared/Modal";
import { addPasskey, passkeysSupported } from "../shared/passkeyCeremony";
import { type Column, RecordTable } from "../shared/RecordTable";
import styles from "../shared/shared.module.css";
import { formatDateTime } from "../shared/time";
import { AccountCard } from "./AccountCard";

type Dialog = { kind: "rename" | "remove"; passkey: PasskeyView };

export function PasskeysCard() {
  const [passkeys, setPasskeys] = useState<PasskeyView[]>();
  const [loadError, setLoadError] = useState("");
  const [adding, setAdding] = useState(false);
  const [dialog, setDialog] = useState<Dialog>();

  const load = useCallback(async () => {
    setLoadError("");
    try {
      setPasskeys((await api.passkeys()).passkeys);
    } catch (failure) {
      setLoadError(failureMessage(failure, "Loading your passkeys failed."));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const action = useAction(load);

  const columns: Column<PasskeyView & { id: string }>[] = [
    { heading: "Name", cell: (passkey) => passkey.name },
    { heading: "Added", cell: (passkey) => formatDateTime(passkey.createdAt) },
    {
      heading: "Last used",
      cell: (passkey) => (passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : "Never"),
    },
    {
      heading: "Actions",
      className: styles.actions,
      cell: (passkey) => (
        <>
          <button
            type="button"
            className={styles.secondaryButton}
            aria-label={`Rename passkey ${passkey.name}`}
            onClick={() => setDialog({ kind: "rename", passkey })}
          >
            Rename
          </button>
          <button
            type="button"
            className={styles.dangerButton}
            aria-label={`Remove passkey ${passkey.name}`}
            onClick={() => setDialog({ kind: "remove", passkey })}
          >
            Remove
          </button>
        </>
      ),
    },
  ];

  return (
    <AccountCard id="account-passkeys" title="Passkeys">
      <p className={styles.muted}>
        A passkey signs you in without a password, with your fingerprint, face, screen lock or security key.
      </p>
      <ActionMessages notice={action.notice} error={action.error} />
      {loadError ? (
        <ErrorNotice message={loadError} onRetry={() => void load()} />
      ) : !passkeys ? (
        <p role="status">Loading passkeys...</p>
      ) : passkeys.length === 0 ? (
        // A sentence, not an empty table: the page's only table rows stay the sessions'.
        <p>No passkeys yet.</p>
      ) : (
        <RecordTable columns={columns} rows={passkeys} emptyText="No passkeys yet" />
      )}
      {adding ? (
        <AddPasskeyForm
          onCancel={() => setAdding(false)}
          onAdded={(passkey) => {
            setAdding(false);
            void action.act(async () => `The passkey ${passkey.name} was added.`);
          }}
        />
      ) : (
        passkeysSupported() && (
          <button type="button" className={styles.primaryButton} onClick={() => setAdding(true)}>
            Add a passkey
          </button>
        )
      )}
      {dialog?.kind === "rename" && (
        <RenameDialog
          passkey={dialog.passkey}
          onClose={() => setDialog(undefined)}
          onRenamed={(name) => {
            setDialog(undefined);
            void action.act(async () => `The passkey was renamed to ${name}.`);
          }}
        />
      )}
      {dialog?.kind === "remove" && (
        <Modal
          title="Remove passkey"
          onClose={() => !action.busy && setDialog(undefined)}
          footer={
            <>
              <button type="button" className={styles.secondaryButton} onClick={() => setDialog(undefined)}>
                Cancel
              </button>
              <button
                type="button"
                className={styles.dangerButton}
                disabled={action.busy}
                onClick={() => {
                  const { passkey } = dialog;
                  setDialog(undefined);
                  void action.act(async () => {
                    await api.removePasskey(passkey.id);
                    return `The passkey ${passkey.name} was removed.`;
                  });
                }}
              >
                Remove passkey
              </button>
            </>
          }
        >
          <p>Remove the passkey {dialog.passkey.name}? It can no longer be used to sign in.</p>
        </Modal>
      )}
    </AccountCard>
  );
}

function AddPasskeyForm({
  onCancel,
  onAdded,
}: {
  onCancel: () => void;
  onAdded: (passkey: PasskeyView) => void;
}) {
  const [password, setPassword] = useState("");
  const [name, setName] = useState("");
  const form = useFormRequest();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.run(async () => onAdded(await addPasskey(password, name.trim() || undefined)));
  };
  return (
    <form className={styles.noteForm} onSubmit={submit} noValidate>
      <ActionMessages notice="" error={form.error} />
      <AccountField
        label="Current password"
        name="passkey-password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        error={form.fieldErrors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <AccountField
        label="Name (optional)"
        name="passkey-name"
        placeholder="e.g. Work laptop"
        maxLength={60}
        value={name}
        error={form.fieldErrors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <div className={styles.actions}>
        <button type="submit" className={styles.primaryButton} disabled={form.busy}>
          {form.busy ? "Waiting for your passkey..." : "Create passkey"}
        </button>
        <button type="button" className={styles.secondaryButton} disabled={form.busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function RenameDialog({
  passkey,
  onClose,
  onRenamed,
}: {
  passkey: PasskeyView;
  onClose: () => void;
  onRenamed: (name: string) => void;
}) {
  const [name, setName] = useState(passkey.name);
  const form = useFormRequest();
  const save = () =>
    void form.run(async () => {
      onRenamed((await api.renamePasskey(passkey.id, name)).passkey.name);
    });
  return (
    <Modal
      title="Rename passkey"
      onClose={() => !form.busy && onClose()}
      footer={
        <>
          <button type="button" className={styles.secondaryButton} disabled={form.busy} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className={styles.primaryButton} disabled={form.busy} onClick={save}>
            {form.busy ? "Saving..." : "Save name"}
          </button>
        </>
      }
    >
      <ActionMessages notice="" error={form.error} />
      <AccountField
        label="Passkey name"
        name="passkey-rename"
        maxLength={60}
        value={name}
        error={form.fieldErrors.name}
        onChange={(event) => setName(event.target.value)}
      />
    </Modal>
  );
}
