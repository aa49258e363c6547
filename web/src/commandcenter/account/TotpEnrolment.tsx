/**
 * Setting up an authenticator app (docs/decisions/0072), self-contained so any page can use it:
 * asks the API for a new secret, shows it as a QR code (the `qrcode` package draws it in the
 * browser — the secret never goes to a third-party service) and as text for typing in by hand, and
 * confirms it with a 6-digit code from the app.
 */
import QRCode from "qrcode";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { TotpStartResponse } from "../../../../events";
import { ActionMessages } from "../shared/ErrorNotice";
import { AccountField, useFormRequest } from "../shared/FormField";
import styles from "../shared/shared.module.css";

export function TotpEnrolment({
  start,
  confirm,
  onEnrolled,
}: {
  /** Asks the server for a pending secret. */
  start: () => Promise<TotpStartResponse>;
  /** Confirms the pending secret with a code (an ApiFailure with fieldErrors.code when wrong). */
  confirm: (code: string) => Promise<void>;
  onEnrolled: () => void;
}) {
  const [pending, setPending] = useState<TotpStartResponse>();
  const [code, setCode] = useState("");
  const canvas = useRef<HTMLCanvasElement>(null);
  const [qrFailed, setQrFailed] = useState(false);
  const form = useFormRequest();

  useEffect(() => {
    if (pending && canvas.current) {
      QRCode.toCanvas(canvas.current, pending.uri, { width: 200, margin: 2 }).catch(() => setQrFailed(true));
    }
  }, [pending]);

  if (!pending) {
    return (
      <>
        <ActionMessages notice="" error={form.error} />
        <button
          type="button"
          className={styles.primaryButton}
          disabled={form.busy}
          onClick={() => void form.run(async () => setPending(await start()))}
        >
          {form.busy ? "Starting..." : "Set up authenticator app"}
        </button>
      </>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.run(async () => {
      await confirm(code);
      onEnrolled();
    });
  };
  return (
    <form className={styles.noteForm} onSubmit={submit} noValidate>
      <p>Scan this QR code with your authenticator app, or enter the key by hand.</p>
      <canvas ref={canvas} aria-label="QR code for your authenticator app" role="img" />
      {qrFailed && (
        <p className={styles.inlineError} role="alert">
          The QR code could not be drawn: enter the key below in your app by hand.
        </p>
      )}
      <p>
        Key: <code data-testid="totp-secret">{pending.secret}</code>
      </p>
      <ActionMessages notice="" error={form.error} />
      <AccountField
        label="Code from the app"
        name="totp-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={code}
        error={form.fieldErrors.code}
        onChange={(event) => setCode(event.target.value)}
      />
      <button type="submit" className={styles.primaryButton} disabled={form.busy}>
        {form.busy ? "Confirming..." : "Confirm"}
      </button>
    </form>
  );
}
