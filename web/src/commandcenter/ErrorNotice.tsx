import styles from "./commandcenter.module.css";

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
