/** A form's labelled field with the API's field error under it. */
import type { InputHTMLAttributes } from "react";
import styles from "./shared.module.css";

export function FormField({
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
