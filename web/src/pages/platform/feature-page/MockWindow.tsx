import type { ReactNode } from "react";
import styles from "./MockWindow.module.css";

export interface MockWindowProps {
  /** Shown in the window's title bar and used as the figure's accessible name. */
  readonly title: string;
  readonly children: ReactNode;
  /** Defaults to saying the figures are sample data. */
  readonly caption?: string;
}

/** An illustrative app window around a mock-up: pure HTML/CSS with sample data. */
export function MockWindow({ title, children, caption = "Illustrative sample data" }: MockWindowProps) {
  return (
    <figure className={styles.frame} aria-label={title}>
      <div className={styles.titleBar}>
        <span className={styles.dots} aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <span className={styles.windowTitle}>{title}</span>
      </div>
      <div className={styles.body}>{children}</div>
      <figcaption className={styles.caption}>{caption}</figcaption>
    </figure>
  );
}

export type BadgeTone = "success" | "warn" | "danger" | "info" | "accent" | "neutral";

export function Badge({ tone, children }: { readonly tone: BadgeTone; readonly children: ReactNode }) {
  return <span className={[styles.badge, styles[tone]].join(" ")}>{children}</span>;
}

export interface Kpi {
  readonly label: string;
  readonly value: string;
  readonly detail?: string;
}

export interface KpiListProps {
  readonly kpis: readonly Kpi[];
  readonly label?: string;
  /** Wider cells, for values like "$2,150,500" that would otherwise wrap. */
  readonly wide?: boolean;
}

/** Key figures as a description list: label, value and an optional note. */
export function KpiList({ kpis, label, wide = false }: KpiListProps) {
  return (
    <dl className={wide ? `${styles.kpis} ${styles.wideKpis}` : styles.kpis} aria-label={label}>
      {kpis.map((kpi) => (
        <div key={kpi.label} className={styles.kpi}>
          <dt>{kpi.label}</dt>
          <dd>
            <span className={styles.kpiValue}>{kpi.value}</span>
            {kpi.detail && <span className={styles.kpiDetail}>{kpi.detail}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
