import { type ReactNode, useId } from "react";
import { LATER_BLOCK_PROPS } from "../../boot/afterPaintResources";
import { Heading, type HeadingLevel } from "./Heading";
import styles from "./Split.module.css";

export interface SplitProps {
  readonly heading: ReactNode;
  readonly children: ReactNode;
  /** The mock-up or figure beside the text. */
  readonly visual: ReactNode;
  readonly eyebrow?: string;
  readonly headingLevel?: HeadingLevel;
  /** Put the visual on the left on wide screens. */
  readonly reverse?: boolean;
  readonly tone?: "plain" | "alt";
}

/** A section with explanatory text on one side and an illustrative mock-up on the other. */
export function Split({
  heading,
  children,
  visual,
  eyebrow,
  headingLevel = 2,
  reverse,
  tone = "plain",
}: SplitProps) {
  const headingId = useId();
  return (
    <section
      {...LATER_BLOCK_PROPS}
      aria-labelledby={headingId}
      className={[styles.section, styles[tone]].join(" ")}
    >
      <div className={[styles.inner, reverse ? styles.reverse : ""].join(" ")}>
        <div className={styles.text}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <Heading level={headingLevel} id={headingId} className={styles.heading}>
            {heading}
          </Heading>
          {children}
        </div>
        <div className={styles.visual}>{visual}</div>
      </div>
    </section>
  );
}

export interface CheckListProps {
  readonly items: readonly string[];
}

/** A bulleted list of short benefit statements with check marks. */
export function CheckList({ items }: CheckListProps) {
  return (
    <ul className={styles.checks}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** Two columns inside a section (feature cards beside a mock-up), one column on narrow screens. */
export function SideBySide({ children }: { readonly children: ReactNode }) {
  return <div className={styles.sideBySide}>{children}</div>;
}
