import { type FormEvent, useState } from "react";
import { SOURCE_REPORT_TEXT as TEXT } from "../../../../events/source-report";
import shared from "../common/shared.module.css";
import type { Period } from "./sourceQueries";
import { daysBefore } from "./sourceRows";
import styles from "./sources.module.css";

const PRESETS = [
  ["week", 7],
  ["quarter", 90],
  ["year", 365],
] as const;

/** The period: two dates in the team's zone, or a preset ending today (the team's today). */
export function PeriodPicker({
  period,
  today,
  onChange,
}: {
  period: Period;
  today: string;
  onChange: (period: Period) => void;
}) {
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (from && to) onChange(from <= to ? { from, to } : { from: to, to: from });
  };
  const choose = (days: number) => {
    const next = { from: daysBefore(today, days - 1), to: today };
    setFrom(next.from);
    setTo(next.to);
    onChange(next);
  };
  return (
    <form className={styles.period} onSubmit={onSubmit} aria-label="Period">
      <div className={styles.presets}>
        {PRESETS.map(([name, days]) => (
          <button
            key={name}
            type="button"
            className={shared.secondaryButton}
            aria-pressed={period.to === today && period.from === daysBefore(today, days - 1)}
            onClick={() => choose(days)}
          >
            {TEXT.presets[name]}
          </button>
        ))}
      </div>
      <label className={styles.dateField}>
        {TEXT.from}
        <input
          type="date"
          value={from}
          max={to || undefined}
          required
          onChange={(e) => setFrom(e.target.value)}
        />
      </label>
      <label className={styles.dateField}>
        {TEXT.to}
        <input
          type="date"
          value={to}
          min={from || undefined}
          required
          onChange={(e) => setTo(e.target.value)}
        />
      </label>
      <button type="submit" className={shared.primaryButton}>
        {TEXT.show}
      </button>
    </form>
  );
}
