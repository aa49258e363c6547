/**
 * How a lead's values show in the list's cells: each on one line cut to its column's width, the
 * whole of it on hover and on keyboard focus (useCutTooltip.ts); on a phone, a few lines of it.
 */
import { useId, useRef } from "react";
import { CHANNEL_LABELS, type LeadSource } from "../../../../events/lead-source";
import shared from "../common/shared.module.css";
import styles from "./leads.module.css";
import { useCutTooltip } from "./useCutTooltip";

export function fullName(record: { firstName: string; lastName: string }): string {
  return `${record.firstName} ${record.lastName}`;
}

/**
 * A value cut to its cell. While it is cut it takes keyboard focus, and hovering or focusing it
 * shows its full text in a tooltip that also describes it to a screen reader (aria-describedby);
 * a value that fits is plain text. Without a value: the fallback, muted, or nothing.
 */
export function CutText({
  text,
  fallback,
  strong = false,
}: {
  text: string | undefined;
  fallback?: string;
  /** The row's name: bold. */
  strong?: boolean;
}) {
  const value = useRef<HTMLElement>(null);
  const tip = useRef<HTMLSpanElement>(null);
  const id = useId();
  const tooltip = useCutTooltip(value, tip, text ?? "");
  if (!text) return fallback ? <span className={shared.muted}>{fallback}</span> : null;
  const Value = strong ? "strong" : "span";
  return (
    // The hover area of the value and its tooltip; the value itself takes focus.
    <span className={styles.cutCell} {...tooltip.wrapper}>
      <Value
        ref={value}
        className={styles.cut}
        // Focusable only while cut: a value that fits adds no stop to the tab order.
        tabIndex={tooltip.cut ? 0 : undefined}
        aria-describedby={tooltip.open ? id : undefined}
        {...tooltip.trigger}
      >
        {text}
      </Value>
      {tooltip.open && (
        <span
          ref={tip}
          id={id}
          role="tooltip"
          className={styles.tooltip}
          style={tooltip.style}
          tabIndex={tooltip.scrolls ? 0 : undefined}
        >
          {text}
        </span>
      )}
    </span>
  );
}

/** The Source column and the channel filter of both lists (docs/decisions/0141-lead-source-capture.md). */
export const SOURCE_HEADING = "Source";
export const CHANNEL_FILTER = { param: "channel", label: "Channel", options: CHANNEL_LABELS } as const;

/** A lead's channel as staff read it; nothing for a lead stored before sources were kept. */
export function sourceText(record: { source?: LeadSource }): string {
  return record.source ? CHANNEL_LABELS[record.source.channel] : "";
}
