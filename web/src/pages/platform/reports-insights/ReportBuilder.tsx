import { type FormEvent, useId, useState } from "react";
import { MockFrame } from "../../../components/marketing/Mock";
import styles from "./ReportsInsights.module.css";
import { describeReport, REPORT_TYPES, type ReportRequest, type ReportType, SAMPLE_REQUEST } from "./reports";

type OptionKey = "includeCharts" | "compareToPreviousPeriod" | "groupByVendor";

const OPTIONS: readonly { readonly key: OptionKey; readonly label: string }[] = [
  { key: "includeCharts", label: "Include charts" },
  { key: "compareToPreviousPeriod", label: "Compare to previous period" },
  { key: "groupByVendor", label: "Group by vendor" },
];

function isReportType(value: string): value is ReportType {
  return (REPORT_TYPES as readonly string[]).includes(value);
}

/** The custom report builder mock-up: a working form with local state only; nothing is sent. */
export function ReportBuilder() {
  const [request, setRequest] = useState<ReportRequest>(SAMPLE_REQUEST);
  const [result, setResult] = useState("");
  const id = useId();

  function update(change: Partial<ReportRequest>) {
    setRequest((current) => ({ ...current, ...change }));
    setResult("");
  }

  function generate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(describeReport(request));
  }

  return (
    <MockFrame title="Custom report builder" caption="Sample form: generating a report here sends nothing">
      <form className={styles.builder} aria-label="Report builder" onSubmit={generate}>
        <div className={styles.field}>
          <label htmlFor={`${id}-type`}>Report type</label>
          <select
            id={`${id}-type`}
            value={request.type}
            onChange={(event) => {
              if (isReportType(event.target.value)) update({ type: event.target.value });
            }}
          >
            {REPORT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.dates}>
          <div className={styles.field}>
            <label htmlFor={`${id}-from`}>From</label>
            <input
              id={`${id}-from`}
              type="date"
              value={request.from}
              onChange={(event) => update({ from: event.target.value })}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-to`}>To</label>
            <input
              id={`${id}-to`}
              type="date"
              value={request.to}
              onChange={(event) => update({ to: event.target.value })}
            />
          </div>
        </div>
        <fieldset className={styles.options}>
          <legend>Options</legend>
          {OPTIONS.map((option) => (
            <label key={option.key} className={styles.checkbox}>
              <input
                type="checkbox"
                checked={request[option.key]}
                onChange={(event) => update({ [option.key]: event.target.checked })}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        <button type="submit" className={styles.generate}>
          Generate Report
        </button>
        <p role="status" className={result ? styles.result : styles.resultEmpty}>
          {result}
        </p>
      </form>
    </MockFrame>
  );
}
