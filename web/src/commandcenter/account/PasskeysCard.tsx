/**
 * The Account page's passkeys (docs/decisions/0073-passkeys.md): the list (name, added, last used),
 * adding one (the current password, an optional name, then the browser's passkey dialog), renaming
 * and removing one (each in a dialog; removal asks for the current password, docs/decisions/0082).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { PasskeyView } from "../../../../events/passkeys";
import { ActionMessages } from "../common/ErrorNotice";
import { Loaded } from "../common/Loaded";
import { passkeysSupported } from "../common/passkeyCeremony";
import { type Column, RecordTable } from "../common/RecordTable";
import styles from "../common/shared.module.css";
import { formatOwnTime } from "../common/time";
import { useAction } from "../common/useAction";
import { AccountCard } from "./AccountCard";
import { passkeysQuery } from "./accountQueries";
import { AddPasskeyForm, RemovePasskeyDialog, RenamePasskeyDialog } from "./PasskeyForms";

type Dialog = { kind: "rename" | "remove"; passkey: PasskeyView };

function passkeyColumns(open: (dialog: Dialog) => void): Column<PasskeyView>[] {
  return [
    { heading: "Name", cell: (passkey) => passkey.name },
    { heading: "Added", cell: (passkey) => formatOwnTime(passkey.createdAt) },
    {
      heading: "Last used",
      cell: (passkey) => (passkey.lastUsedAt ? formatOwnTime(passkey.lastUsedAt) : "Never"),
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
            onClick={() => open({ kind: "rename", passkey })}
          >
            Rename
          </button>
          <button
            type="button"
            className={styles.dangerButton}
            aria-label={`Remove passkey ${passkey.name}`}
            onClick={() => open({ kind: "remove", passkey })}
          >
            Remove
          </button>
        </>
      ),
    },
  ];
}

export function PasskeysCard() {
  const client = useQueryClient();
  const passkeys = useQuery(passkeysQuery);
  const [adding, setAdding] = useState(false);
  const [dialog, setDialog] = useState<Dialog>();
  const action = useAction(() => client.invalidateQueries({ queryKey: passkeysQuery.queryKey }));

  return (
    <AccountCard id="account-passkeys" title="Passkeys">
      <p className={styles.muted}>
        A passkey signs you in without a password, with your fingerprint, face, screen lock or security key.
      </p>
      <ActionMessages notice={action.notice} error={action.error} />
      <Loaded query={passkeys} loading="Loading passkeys..." failure="Loading your passkeys failed.">
        {(list) =>
          list.length === 0 ? (
            // A sentence, not an empty table: the page's only table rows stay the sessions'.
            <p>No passkeys yet.</p>
          ) : (
            <div className={styles.tableWrap}>
              <RecordTable columns={passkeyColumns(setDialog)} rows={list} emptyText="No passkeys yet" />
            </div>
          )
        }
      </Loaded>
      {adding ? (
        <AddPasskeyForm
          onCancel={() => setAdding(false)}
          onAdded={(passkey) => {
            setAdding(false);
            action.act(async () => `The passkey ${passkey.name} was added.`);
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
        <RenamePasskeyDialog
          passkey={dialog.passkey}
          onClose={() => setDialog(undefined)}
          onRenamed={(name) => {
            setDialog(undefined);
            action.act(async () => `The passkey was renamed to ${name}.`);
          }}
        />
      )}
      {dialog?.kind === "remove" && (
        <RemovePasskeyDialog
          passkey={dialog.passkey}
          onClose={() => setDialog(undefined)}
          onRemoved={() => {
            const { name } = dialog.passkey;
            setDialog(undefined);
            action.act(async () => `The passkey ${name} was removed.`);
          }}
        />
      )}
    </AccountCard>
  );
}
