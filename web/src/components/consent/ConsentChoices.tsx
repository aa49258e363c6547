import { type FormEvent, useId, useState } from "react";
import type { ConsentChoice } from "../../analytics/consent";
import { CONSENT_TEXT } from "../../content/consent";
import { Button } from "../ui/Button";
import styles from "./ConsentBanner.module.css";

interface OptionProps {
  readonly label: string;
  readonly description: string;
  readonly checked: boolean;
  readonly disabled?: boolean;
  readonly onChange?: (checked: boolean) => void;
}

function Option({ label, description, checked, disabled = false, onChange }: OptionProps) {
  const id = useId();
  return (
    <div className={styles.option}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        onChange={(event) => onChange?.(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      <span id={`${id}-description`} className={styles.optionDescription}>
        {description}
      </span>
    </div>
  );
}

/** Customise: analytics and marketing one by one (marketing locked off under GPC), then Save choices. */
export function ConsentChoices({
  initial,
  gpc,
  onSave,
}: {
  readonly initial: ConsentChoice;
  readonly gpc: boolean;
  readonly onSave: (choice: ConsentChoice) => void;
}) {
  const [analytics, setAnalytics] = useState(initial.analytics);
  const [marketing, setMarketing] = useState(initial.marketing && !gpc);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ analytics, marketing: marketing && !gpc });
  };
  return (
    <form className={styles.choices} onSubmit={submit}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{CONSENT_TEXT.choicesHeading}</legend>
        <Option {...CONSENT_TEXT.essential} checked disabled />
        <Option {...CONSENT_TEXT.analytics} checked={analytics} onChange={setAnalytics} />
        <Option
          {...CONSENT_TEXT.marketing}
          checked={marketing && !gpc}
          disabled={gpc}
          onChange={setMarketing}
        />
      </fieldset>
      <Button type="submit" variant="primary" size="small">
        {CONSENT_TEXT.save}
      </Button>
    </form>
  );
}
