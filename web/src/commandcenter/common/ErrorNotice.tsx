import styles from "./shared.module.css";

/** A failed request, said plainly, with "Try again" where repeating it makes sense. */
export function ErrorNotice({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className={styles.errorBanner} role="alert">
      <span>{message}</span>
      {onRetry && (
        <button type="button" className={styles.secondaryButton} onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** The outcome of the last action: what it did (a status line) or why it failed (an alert). */
export function ActionMessages({ notice, error }: { notice: string; error: string }) {
  return (
    <>
      {notice && (
        <p className={styles.noticeBar} role="status">
          {notice}
        </p>
      )}
      {error && <ErrorNotice message={error} />}
    </>
  );
}
