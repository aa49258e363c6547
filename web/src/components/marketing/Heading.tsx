import type { ReactNode } from "react";

export type HeadingLevel = 1 | 2 | 3 | 4;

export interface HeadingProps {
  readonly level: HeadingLevel;
  readonly children: ReactNode;
  readonly className?: string;
  readonly id?: string;
}

/** A heading whose level the caller picks, so a component keeps the page's heading order intact. */
export function Heading({ level, children, className, id }: HeadingProps) {
  const Tag = `h${level}` as "h1" | "h2" | "h3" | "h4";
  return (
    <Tag className={className} id={id}>
      {children}
    </Tag>
  );
}
