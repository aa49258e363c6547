import { type ReactNode, useCallback, useEffect, useState } from "react";
import { failureMessage } from "./api";
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

/**
 * Runs one action at a time: `busy` while it runs, its returned text as the notice or the server's
 * refusal as the error, then `after` (e.g. reload the list) whatever happened.
 */
export function useAction(after: () => Promise<void> | void) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState("");
  const [error, setError] = useState("");
  const act = async (action: () => Promise<string>) => {
    setBusy(true);
    setNotice("");
    setError("");
    try {
      setNotice(await action());
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
      await after();
    }
  };
  return { busy, notice, error, act };
}

/**
 * Loads one thing for a part of a page that loads on its own (a memoized `load`: it loads again
 * when `load` changes): `value` once it answered, `failure` the message with Try again if it did
 * not, `reload` after a change. A failed reload keeps the last value shown.
 */
export function useLoaded<T>(load: () => Promise<T>, fallback: string) {
  const [value, setValue] = useState<T>();
  const [error, setError] = useState("");
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the reload trigger
  useEffect(() => {
    let active = true;
    load().then(
      (answer) => {
        if (!active) return;
        setValue(answer);
        setError("");
      },
      (failure: unknown) => active && setError(failureMessage(failure, fallback)),
    );
    return () => {
      active = false;
    };
  }, [load, fallback, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const failure: ReactNode = error ? <ErrorNotice message={error} onRetry={reload} /> : null;
  return { value, failure, reload };
}
