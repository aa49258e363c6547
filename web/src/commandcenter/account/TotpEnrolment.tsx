/**
 * Setting up an authenticator app (docs/decisions/0072), self-contained so any page can use it:
 * asks the API for a new secret — with the current password, which the form asks for when
 * `askPassword` (the Account page; the invitation page passes the one just chosen;
 * docs/decisions/0082) — shows it as a QR code (the `qrcode` package draws it in the browser — the
 * secret never goes to a third-party service) and as text for typing in by hand, and confirms it
 * with a 6-digit code from the app.
 */
import { useMutation } from "@tanstack/react-query";
import QRCode from "qrcode";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { TotpStartResponse } from "../../../../events";
import { fieldErrorsOf, formFailure } from "../common/api";
import { ActionMessages } from "../common/ErrorNotice";
import { FormField } from "../common/FormField";
import shared from "../common/shared.module.css";
import styles from "./account.module.css";

export function TotpEnrolment({
  start,
  confirm,
  onEnrolled,
  askPassword = false,
}: {
  /** Asks the server for a pending secret, with the password the form asked for ("" without). */
  start: (password: string) => Promise<TotpStartResponse>;
  /** Confirms the pending secret with a code (an ApiFailure with fieldErrors.code when wrong). */
  confirm: (code: string) => Promise<void>;
  onEnrolled: () => void;
  /** Show a "Current password" field before the set-up starts. */
  askPassword?: boolean;
}) {
  const [password, setPassword] = useState("");
  const starting = useMutation({ mutationFn: () => start(password) });
  const confirming = useMutation({ mutationFn: confirm, onSuccess: onEnrolled });
  const pending = starting.data;
  const [code, setCode] = useState("");
  const canvas = useRef<HTMLCanvasElement>(null);
  const [qrFailed, setQrFailed] = useState(false);

  useEffect(() => {
    if (pending && canvas.current) {
      QRCode.toCanvas(canvas.current, pending.uri, { width: 200, margin: 2 }).catch(() => setQrFailed(true));
    }
  }, [pending]);

  if (!pending) {
    const begin = (event: FormEvent) => {
      event.preventDefault();
      starting.mutate();
    };
    return (
      <form className={shared.stack} onSubmit={begin} noValidate>
        <ActionMessages notice="" error={formFailure(starting.error)} />
        {askPassword && (
          <FormField
            label="Current password"
            name="totp-start-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            error={fieldErrorsOf(starting.error).password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
        <button type="submit" className={shared.primaryButton} disabled={starting.isPending}>
          {starting.isPending ? "Starting..." : "Set up authenticator app"}
        </button>
      </form>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirming.mutate(code);
  };
  return (
    <form className={shared.stack} onSubmit={submit} noValidate>
      <p>Scan this QR code with your authenticator app, or enter the key by hand.</p>
      <canvas
        ref={canvas}
        className={styles.qrCode}
        aria-label="QR code for your authenticator app"
        role="img"
      />
      {qrFailed && (
        <p className={shared.inlineError} role="alert">
          The QR code could not be drawn: enter the key below in your app by hand.
        </p>
      )}
      <p>
        Key:{" "}
        <code className={styles.secret} data-testid="totp-secret">
          {pending.secret}
        </code>
      </p>
      <ActionMessages notice="" error={formFailure(confirming.error)} />
      <FormField
        label="Code from the app"
        name="totp-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={code}
        error={fieldErrorsOf(confirming.error).code}
        onChange={(event) => setCode(event.target.value)}
      />
      <button type="submit" className={shared.primaryButton} disabled={confirming.isPending}>
        {confirming.isPending ? "Confirming..." : "Confirm"}
      </button>
    </form>
  );
}
