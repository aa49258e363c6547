/** A form's labelled fields with the API's field errors under them, and its request state. */
import { type InputHTMLAttributes, useState } from "react";
import { ApiFailure, failureMessage } from "./api";
import styles from "./shared.module.css";

/** A labelled input whose error (from the API's fieldErrors) is shown under it. */
export function AccountField({
  label,
  error,
  ...input
}: { label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label className={styles.field}>
        <span>{label}</span>
        <input {...input} aria-invalid={error ? true : undefined} />
      </label>
      {error && (
        <p className={styles.inlineError} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** Runs a form's request: field errors by name, any other failure as one message. */
export function useFormRequest() {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setFieldErrors({});
    setError("");
    setBusy(true);
    try {
      await action();
    } catch (failure) {
      const fields = failure instanceof ApiFailure ? failure.fieldErrors : {};
      if (Object.keys(fields).length > 0) setFieldErrors(fields);
      else setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return { fieldErrors, error, busy, run };
}
