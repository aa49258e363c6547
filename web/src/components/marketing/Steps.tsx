import styles from "./Steps.module.css";

export interface Step {
  readonly label: string;
  readonly detail?: string;
  readonly state: "done" | "current" | "upcoming";
}

const STATE_TEXT: Record<Step["state"], string> = {
  done: "completed",
  current: "current step",
  upcoming: "not started",
};

/** A horizontal progress tracker (e.g. Order Confirmed → In Production → Ready to Ship). */
export function Steps({ steps, label }: { readonly steps: readonly Step[]; readonly label: string }) {
  return (
    <ol className={styles.steps} aria-label={label}>
      {steps.map((step) => (
        <li
          key={step.label}
          className={[styles.step, styles[step.state]].join(" ")}
          aria-current={step.state === "current" ? "step" : undefined}
        >
          <span className={styles.marker} aria-hidden="true" />
          <span className={styles.label}>{step.label}</span>
          {step.detail && <span className={styles.detail}>{step.detail}</span>}
          <span className={styles.srOnly}>({STATE_TEXT[step.state]})</span>
        </li>
      ))}
    </ol>
  );
}
