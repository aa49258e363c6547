import type { ReactNode } from "react";
import { Link } from "../../routing/router";
import styles from "./CtaLink.module.css";
import { trackCallToAction } from "./track";

export type CtaVariant = "primary" | "secondary" | "onDark" | "outlineOnDark";

export interface CtaLinkProps {
  readonly to: string;
  readonly children: ReactNode;
  readonly variant?: CtaVariant;
  /** Where on the site this link sits, for the analytics label. Omit to not track the click. */
  readonly source?: string;
  /** Extra click behaviour (e.g. recording a plan selection). */
  readonly onClick?: () => void;
  readonly className?: string;
  readonly fullWidth?: boolean;
}

/** A link styled as a button: the site's calls to action are navigations, not form actions. */
export function CtaLink({
  to,
  children,
  variant = "primary",
  source,
  onClick,
  className,
  fullWidth,
}: CtaLinkProps) {
  const classes = [styles.cta, styles[variant], fullWidth ? styles.fullWidth : undefined, className]
    .filter(Boolean)
    .join(" ");
  return (
    <Link
      to={to}
      className={classes}
      onClick={() => {
        if (source) trackCallToAction(typeof children === "string" ? children : to, to, source);
        onClick?.();
      }}
    >
      {children}
    </Link>
  );
}
