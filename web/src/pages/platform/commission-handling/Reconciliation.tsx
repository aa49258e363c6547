import { Badge, MockFrame } from "../../../components/marketing/Mock";
import { formatUsd } from "../../../content/format";
import styles from "./CommissionTable.module.css";
import { reconciliationFlag, STATEMENT_LINES, type StatementLine, varianceOf } from "./commissions";

/** Vendor commission statements matched against the amounts RepDesk tracked, each flagged Matched or Variance. */
export function Reconciliation({ lines = STATEMENT_LINES }: { readonly lines?: readonly StatementLine[] }) {
  const shortPaid = lines.reduce((sum, line) => sum + Math.min(0, varianceOf(line)), 0);
  return (
    <MockFrame title="Reconciliation · August">
      <table className={styles.table}>
        <caption className={styles.caption}>Statement vs tracked commission</caption>
        <thead>
          <tr>
            <th scope="col">Vendor</th>
            <th scope="col" className={styles.number}>
              Statement
            </th>
            <th scope="col" className={styles.number}>
              Tracked
            </th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const flag = reconciliationFlag(line);
            return (
              <tr key={line.vendor}>
                <th scope="row">{line.vendor}</th>
                <td className={styles.number}>{formatUsd(line.statementAmount)}</td>
                <td className={styles.number}>{formatUsd(line.trackedAmount)}</td>
                <td>
                  <Badge tone={flag === "Matched" ? "success" : "danger"}>{flag}</Badge>
                  {flag === "Variance" && (
                    <span className={styles.detail}> {formatUsd(varianceOf(line))}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Short-paid this month
            </th>
            <td className={styles.nowrap}>{formatUsd(-shortPaid)}</td>
          </tr>
        </tfoot>
      </table>
    </MockFrame>
  );
}
