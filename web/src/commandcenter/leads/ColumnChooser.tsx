import { useEffect, useId, useRef, useState } from "react";
import shared from "../common/shared.module.css";
import styles from "./leads.module.css";

/**
 * "Columns": the lead list's optional columns, each with a checkbox. The list shows what matters
 * for working a lead (name and address, status, owner, reply clock, actions) on any screen; the
 * rest is in each lead's details, or here for whoever wants it in the list.
 */
export function ColumnChooser({
  headings,
  shown,
  onToggle,
}: {
  headings: readonly string[];
  shown: ReadonlySet<string>;
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
              <input type="checkbox" checked={shown.has(heading)} onChange={() => onToggle(heading)} />
              {heading}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
