import { useState } from "react";
import { TextField } from "../../components/ui/Field";
import styles from "./RoiCalculator.module.css";
import { calculateRoi, formatRoi, parseInputs, ROI_DEFAULTS, type RoiInputs, type RoiTexts } from "./roi";

interface InputSpec {
  readonly key: keyof RoiInputs;
  readonly label: string;
  readonly hint: string;
  readonly step: number;
}

const INPUTS: readonly InputSpec[] = [
  {
    key: "hoursSaved",
    label: "Hours saved per month",
    hint: "Order entry, confirmation follow-ups and commission reconciliation RepDesk takes off your plate.",
    step: 1,
  },
  {
    key: "hourlyRate",
    label: "Value of your time (USD per hour)",
    hint: "What an hour of selling is worth to you.",
    step: 5,
  },
  {
    key: "toolSavings",
    label: "Tools you replace (USD per month)",
    hint: "Spreadsheet add-ons, a separate CRM, commission software, report tools.",
    step: 10,
  },
  {
    key: "errorsCaught",
    label: "Commission errors caught (USD per month)",
    hint: "Short payments and statement mistakes found by automated reconciliation.",
    step: 10,
  },
  {
    key: "planCost",
    label: "RepDesk plan (USD per month)",
    hint: "$79 Manufacturer's Rep, $149 Independent Rep, from $349 Agency.",
    step: 1,
  },
];

const DEFAULT_TEXTS: RoiTexts = {
  hoursSaved: String(ROI_DEFAULTS.hoursSaved),
  hourlyRate: String(ROI_DEFAULTS.hourlyRate),
  toolSavings: String(ROI_DEFAULTS.toolSavings),
  errorsCaught: String(ROI_DEFAULTS.errorsCaught),
  planCost: String(ROI_DEFAULTS.planCost),
};

/** The pricing page's ROI calculator: five labelled amounts in, three figures out (announced politely). */
export function RoiCalculator() {
  // The inputs' text is kept as typed (an emptied field stays empty) and read as amounts for the result.
  const [texts, setTexts] = useState<RoiTexts>(DEFAULT_TEXTS);
  const figures = formatRoi(calculateRoi(parseInputs(texts)));

  return (
    <div className={styles.calculator}>
      <div className={styles.inputs}>
        {INPUTS.map((input) => (
          <TextField
            key={input.key}
            name={`roi-${input.key}`}
            label={input.label}
            hint={input.hint}
            type="number"
            inputMode="decimal"
            min={0}
            step={input.step}
            value={texts[input.key]}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setTexts((current) => ({ ...current, [input.key]: text }));
            }}
          />
        ))}
      </div>
      <div className={styles.results} aria-live="polite" aria-atomic="true">
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>Time savings per month</dt>
            <dd>{figures.timeSavings}</dd>
          </div>
          <div className={styles.figure}>
            <dt>Net monthly value</dt>
            <dd>{figures.netMonthlyValue}</dd>
          </div>
          <div className={`${styles.figure} ${styles.highlight}`}>
            <dt>Return on investment</dt>
            <dd>{figures.roi}</dd>
          </div>
        </dl>
        <p className={styles.explanation}>
          Net monthly value is your time savings plus the tools you replace and the commission errors caught,
          minus the plan. Return on investment compares that value, beyond the plan's price, with what the
          plan costs.
        </p>
      </div>
    </div>
  );
}
