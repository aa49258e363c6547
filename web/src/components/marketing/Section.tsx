import { type ReactNode, useId } from "react";
import { LATER_BLOCK_PROPS } from "../../boot/afterPaintResources";
import { Heading, type HeadingLevel } from "./Heading";
import styles from "./Section.module.css";

export type SectionTone = "plain" | "alt" | "dark";

export interface SectionProps {
  readonly heading: ReactNode;
  readonly children?: ReactNode;
  /** Short text under the heading. */
  readonly intro?: ReactNode;
  /** Small label above the heading (e.g. "Commission Handling"). */
  readonly eyebrow?: string;
  readonly headingLevel?: HeadingLevel;
  readonly tone?: SectionTone;
  readonly align?: "start" | "center";
  readonly className?: string;
}

/** A landmark section of a page: a heading it is labelled by, optional intro, then its content. */
export function Section({
  heading,
  children,
  intro,
  eyebrow,
  headingLevel = 2,
  tone = "plain",
  align = "center",
  className,
}: SectionProps) {
  const headingId = useId();
  const firstScreen = headingLevel === 1;
  return (
    <section
      {...(firstScreen ? {} : LATER_BLOCK_PROPS)}
      aria-labelledby={headingId}
      className={[styles.section, styles[tone], firstScreen && styles.firstScreen, className]
        .filter(Boolean)
        .join(" ")}
    >
      <div className={styles.inner}>
        <div className={align === "center" ? styles.headerCenter : styles.header}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <Heading level={headingLevel} id={headingId} className={styles.heading}>
            {heading}
          </Heading>
          {intro && <p className={styles.intro}>{intro}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
