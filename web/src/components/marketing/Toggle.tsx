import { useId, useState } from "react";
import styles from "./Toggle.module.css";

export interface ToggleProps {
  readonly label: string;
  readonly description?: string;
  readonly defaultOn?: boolean;
}

/**
 * An on/off switch (a button with role="switch"). The state is local and illustrative: nothing is
 * saved. It renders the same on the server and in the browser (the initial state is a prop).
 */
export function Toggle({ label, description, defaultOn = false }: ToggleProps) {
  const [on, setOn] = useState(defaultOn);
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className={styles.toggle}>
      <span className={styles.text}>
        <span id={labelId} className={styles.label}>
          {label}
        </span>
        {description && (
          <span id={descriptionId} className={styles.description}>
            {description}
          </span>
        )}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        className={styles.switch}
        onClick={() => setOn((value) => !value)}
      >
        <span className={styles.thumb} />
      </button>
    </div>
  );
}
