import { useEffect, useId, useRef, useState } from "react";
import shared from "../common/shared.module.css";
import styles from "./leads.module.css";

/**
 * "Columns": a checkbox for each column of the lead list a person may hide (all but Name and
 * Actions). Every column shows until they turn it off; their choice is kept for them
 * (useShownColumns.ts).
 */
export function ColumnChooser({
  headings,
  isShown,
  onToggle,
}: {
  headings: readonly string[];
  isShown: (heading: string) => boolean;
  onToggle: (heading: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("mousedown", outside);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("mousedown", outside);
      document.removeEventListener("keydown", onEscape);
    };
  }, [open]);

  return (
    <div className={styles.chooser} ref={box}>
      <button
        type="button"
        className={shared.secondaryButton}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((before) => !before)}
      >
        Columns
      </button>
      {open && (
        <fieldset id={menuId} className={styles.chooserMenu}>
          <legend>Show columns</legend>
          {headings.map((heading) => (
            <label key={heading}>
              <input type="checkbox" checked={isShown(heading)} onChange={() => onToggle(heading)} />
              {heading}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
