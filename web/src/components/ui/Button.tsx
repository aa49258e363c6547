import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from "react";
import { type AnalyticsEventName, trackEvent } from "../../analytics";
import { Link } from "../../routing/router";
import styles from "./Button.module.css";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "onDark";
export type ButtonSize = "small" | "medium" | "large";

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width. */
  block?: boolean;
}

export function buttonClass(
  { variant = "primary", size = "medium", block = false }: Look,
  extra?: string,
): string {
  return [
    styles.button,
    styles[variant],
    size === "medium" ? "" : styles[size],
    block ? styles.block : "",
    extra,
  ]
    .filter(Boolean)
    .join(" ");
}

export function Button({
  variant,
  size,
  block,
  className,
  type = "button",
  ...props
}: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClass({ variant, size, block }, className)} {...props} />;
}

/** Analytics for a link: navigation_click or cta_click with a label (defaults to the link text). */
export interface LinkTracking {
  event: Extract<
    AnalyticsEventName,
    "navigation_click" | "cta_click" | "demo_request" | "pricing_plan_select"
  >;
  label: string;
}

export function trackLink(tracking: LinkTracking | undefined): void {
  if (!tracking) return;
  trackEvent(tracking.event, {
    category: tracking.event === "navigation_click" ? "Navigation" : "User Engagement",
    label: tracking.label,
  });
}

function isExternal(href: string): boolean {
  return /^[a-z]+:/i.test(href);
}

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A site path ("/pricing", "/contact?subject=demo") or an absolute external URL. */
  to: string;
  track?: LinkTracking;
  children: ReactNode;
}

/** A site link (client-side navigation) or an external link, with optional analytics. */
export function SmartLink({ to, track, onClick, ...props }: SmartLinkProps) {
  const handleClick: SmartLinkProps["onClick"] = (event) => {
    trackLink(track);
    onClick?.(event);
  };
  if (isExternal(to)) return <a href={to} onClick={handleClick} {...props} />;
  return <Link to={to} onClick={handleClick} {...props} />;
}

/** A link that looks like a button (CTAs: Start Free Trial, Request a Demo, Get started...). */
export function ButtonLink({ variant, size, block, className, ...props }: Look & SmartLinkProps) {
  return <SmartLink className={buttonClass({ variant, size, block }, className)} {...props} />;
}
