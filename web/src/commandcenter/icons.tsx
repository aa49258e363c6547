/** Icons of the Command Center (decorative: the buttons around them carry the accessible names). */
const PATHS = {
  eye: "M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 100-6 3 3 0 000 6z",
  trash: "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3",
  arrowLeft: "M19 12H5M11 6l-6 6 6 6",
  download: "M12 4v11M7 10l5 5 5-5M5 20h14",
} as const;

export type CcIconName = keyof typeof PATHS;

export function CcIcon({ name }: { name: CcIconName }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
