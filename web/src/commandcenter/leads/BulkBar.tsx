import type { LeadPlural, StaffUserView } from "../../../../events";
import shared from "../common/shared.module.css";
import { DeskControls } from "./DeskControls";
import { useDeskChange } from "./useDeskChange";

/** Shown above the table while rows are selected: one change for all of them. */
export function BulkBar({
  plural,
  selected,
  owners,
  onDone,
}: {
  plural: LeadPlural;
  selected: readonly string[];
  owners: readonly StaffUserView[];
  onDone: () => void;
}) {
  const change = useDeskChange(plural, onDone);
  if (selected.length === 0) return null;
  return (
    <section className={shared.noticeBar} aria-label="Change selected leads">
      <strong>{selected.length} selected</strong>
      <DeskControls
        owners={owners}
        busy={change.busy}
        submitLabel="Apply to selected"
        onSubmit={(desk) => change.send(selected, desk)}
      />
      {change.error && (
        <p role="alert" className={shared.inlineError}>
          {change.error}
        </p>
      )}
    </section>
  );
}
