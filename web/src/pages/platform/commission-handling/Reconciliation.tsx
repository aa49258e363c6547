import { MockFrame } from "../../../components/marketing/Mock";
import { SampleTable, StatusBadge } from "../../../components/marketing/SampleTable";
import { formatUsd } from "../../../content/format";
import styles from "./Commission.module.css";
import { reconciliationFlag, STATEMENT_LINES, type StatementLine, varianceOf } from "./commissions";

function Result({ line }: { readonly line: StatementLine }) {
  const flag = reconciliationFlag(line);
  return (
    <>
      <StatusBadge status={flag} />
      {flag === "Variance" && <span className={styles.detail}> {formatUsd(varianceOf(line))}</span>}
    </>
  );
}

/** Vendor commission statements matched against the amounts RepDesk tracked, each flagged Matched or Variance. */
export function Reconciliation({ lines = STATEMENT_LINES }: { readonly lines?: readonly StatementLine[] }) {
  const shortPaid = lines.reduce((sum, line) => sum + Math.min(0, varianceOf(line)), 0);
  return (
    <MockFrame title="Reconciliation · August">
      <SampleTable
        caption="Statement vs tracked commission"
        columns={[
          { header: "Vendor" },
          { header: "Statement", numeric: true },
          { header: "Tracked", numeric: true },
          { header: "Result", status: true },
        ]}
        rows={lines.map((line) => ({
          key: line.vendor,
          cells: [
            line.vendor,
            formatUsd(line.statementAmount),
            formatUsd(line.trackedAmount),
            <Result key="result" line={line} />,
          ],
        }))}
        totals={["Short-paid this month", "", "", formatUsd(-shortPaid)]}
      />
    </MockFrame>
  );
}
