import { useState } from "react";
import shared from "../common/shared.module.css";
import styles from "./integrations.module.css";

/** The signing secret, shown this once, with a copy button. */
export function SecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(secret).catch(() => undefined);
    setCopied(true);
  };
  return (
    <section className={shared.card} aria-labelledby="secret-title">
      <h2 id="secret-title" className={shared.cardTitle}>
        Signing secret
      </h2>
      <p>Copy it now: it is shown only this once. Your receiver verifies every request with it.</p>
      <p className={styles.secret} data-testid="signing-secret">
        {secret}
      </p>
      <div className={styles.buttons}>
        <button type="button" className={shared.secondaryButton} onClick={copy}>
          {copied ? "Copied" : "Copy secret"}
        </button>
        <button type="button" className={shared.secondaryButton} onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}
