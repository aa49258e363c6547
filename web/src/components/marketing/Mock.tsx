import type { ReactNode } from "react";
import styles from "./Mock.module.css";
import charts from "./MockCharts.module.css";

export interface MockFrameProps {
  /** The title shown in the mock window's title bar. */
  readonly title: string;
  readonly children: ReactNode;
  readonly className?: string;
  /** Replaces the default caption, e.g. to say what a working sample form does (and does not do). */
  readonly caption?: string;
}

/**
 * An illustrative product screen drawn in HTML/CSS: a window frame around sample content, with a
 * caption saying the figures are samples (docs/product/site.md: sample data is illustrative only).
 */
export function MockFrame({ title, children, className, caption }: MockFrameProps) {
  return (
    <figure className={[styles.frame, className].filter(Boolean).join(" ")}>
      <div className={styles.titleBar}>
        <span className={styles.dots} aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <span className={styles.windowTitle}>{title}</span>
      </div>
      <div className={styles.body}>{children}</div>
      <figcaption className={styles.caption}>
        {caption ?? `${title} · sample data for illustration`}
      </figcaption>
    </figure>
  );
}

export interface MockHeaderProps {
  readonly title: ReactNode;
  readonly detail: ReactNode;
  /** What sits on the right: a status such as <Badge tone="warn">Open</Badge>, or a figure. */
  readonly aside?: ReactNode;
}

/** The top of a mock record (an order, an invoice, a dealer): its name, one detail line and a status. */
export function MockHeader({ title, detail, aside }: MockHeaderProps) {
  return (
    <div className={styles.header}>
      <div>
        <p className={styles.headerTitle}>{title}</p>
        <p className={styles.headerDetail}>{detail}</p>
      </div>
      {aside}
    </div>
  );
}

/** A highlighted remark under a mock-up's figures (a suggestion, a variance explained, a sync result). */
export function MockNote({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <p className={styles.note}>
      <span className={styles.noteLabel}>{label}</span>
      {children}
    </p>
  );
}

export type BadgeTone = "success" | "warn" | "danger" | "info" | "neutral" | "accent";

export interface BadgeProps {
  readonly tone: BadgeTone;
  readonly children: ReactNode;
}

/** A status label such as Paid, Overdue or Top Performer. */
export function Badge({ tone, children }: BadgeProps) {
  return <span className={[styles.badge, styles[tone]].join(" ")}>{children}</span>;
}

export interface MetricProps {
  readonly label: string;
  readonly value: string;
  readonly detail?: ReactNode;
}

export interface MetricRowProps {
  readonly metrics: readonly MetricProps[];
  /** Names the list for assistive technology (e.g. "Key figures"). */
  readonly label?: string;
  /** Wider cells, for values like "$2,150,500" that would otherwise wrap. */
  readonly wide?: boolean;
}

/** Figures in a row: each a label above a large value (a description list). */
export function MetricRow({ metrics, label, wide = false }: MetricRowProps) {
  return (
    <dl className={wide ? `${styles.metrics} ${styles.wideMetrics}` : styles.metrics} aria-label={label}>
      {metrics.map((metric) => (
        <div key={metric.label} className={styles.metric}>
          <dt>{metric.label}</dt>
          <dd>
            <span className={styles.metricValue}>{metric.value}</span>
            {metric.detail && <span className={styles.metricDetail}>{metric.detail}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface MockRowProps {
  readonly primary: ReactNode;
  readonly secondary?: ReactNode;
  readonly value?: ReactNode;
  readonly status?: ReactNode;
}

/** One line of a mock list: a main label and detail on the left, a figure and a status on the right. */
export function MockRow({ primary, secondary, value, status }: MockRowProps) {
  return (
    <li className={styles.row}>
      <span className={styles.rowMain}>
        <span className={styles.rowPrimary}>{primary}</span>
        {secondary && <span className={styles.rowSecondary}>{secondary}</span>}
      </span>
      <span className={styles.rowEnd}>
        {value && <span className={styles.rowValue}>{value}</span>}
        {status}
      </span>
    </li>
  );
}

export function MockList({ children, label }: { readonly children: ReactNode; readonly label?: string }) {
  return (
    <>
      {label && <p className={styles.listLabel}>{label}</p>}
      <ul className={styles.list}>{children}</ul>
    </>
  );
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Whole-number percentage rounded to the nearest 5, as the bar classes are defined in steps of 5. */
function barStep(percent: number): number {
  return Math.max(0, Math.min(100, Math.round(percent / 5) * 5));
}

export interface BarProps {
  /** 0..100 */
  readonly percent: number;
  readonly tone?: "brand" | "accent" | "warn" | "success" | "danger";
}

/**
 * A horizontal progress bar. Widths come from classes (no inline styles: the CSP forbids them),
 * so the fill is drawn to the nearest 5%. Decorative: the figure it shows is always written next to it.
 */
export function Bar({ percent, tone = "brand" }: BarProps) {
  return (
    <span className={charts.bar} aria-hidden="true">
      <span
        className={[charts.fill, charts[`w${barStep(percent)}`], charts[`fill${capitalize(tone)}`]].join(" ")}
      />
    </span>
  );
}

export interface ColumnChartProps {
  readonly columns: readonly { readonly label: string; readonly percent: number }[];
  /** A text summary of what the chart shows, for assistive technology. */
  readonly summary: string;
  /** A label above the chart, styled like a list label. */
  readonly title?: string;
}

/** A small vertical bar chart drawn in CSS, with a text summary read instead of the bars. */
export function ColumnChart({ columns, summary, title }: ColumnChartProps) {
  const chart = (
    <div className={charts.chart} role="img" aria-label={summary}>
      {columns.map((column) => (
        <span key={column.label} className={charts.column}>
          <span className={charts.columnTrack}>
            <span className={[charts.columnFill, charts[`h${barStep(column.percent)}`]].join(" ")} />
          </span>
          <span className={charts.columnLabel}>{column.label}</span>
        </span>
      ))}
    </div>
  );
  return (
    <>
      {title && <p className={styles.listLabel}>{title}</p>}
      {chart}
    </>
  );
}

/** Initials in a coloured circle: the site has no photos. */
export function Avatar({
  name,
  tone = "brand",
}: {
  readonly name: string;
  readonly tone?: "brand" | "accent";
}) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0])
    .slice(0, 2)
    .join("")
    .toUpperCase();
  return (
    <span className={[styles.avatar, styles[`avatar${capitalize(tone)}`]].join(" ")} aria-hidden="true">
      {initials}
    </span>
  );
}
