/**
 * The site's one icon set, for the public pages and the Command Center alike: inline SVG (24x24
 * grid, stroked, currentColor; no image files, no icon font). Decorative by default (aria-hidden);
 * pass `label` when the icon alone carries meaning.
 */
import { ICON_PATHS, type IconName } from "../../content/icons";

interface IconProps {
  name: IconName;
  /** Pixel size (width and height). */
  size?: number;
  label?: string;
  className?: string;
}

export function Icon({ name, size = 20, label, className }: IconProps) {
  const filled = name === "play" || name === "star";
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: labelled by aria-label when meaningful, aria-hidden otherwise
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className={className}
      fill={filled ? "currentColor" : "none"}
      stroke={filled ? "none" : "currentColor"}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
