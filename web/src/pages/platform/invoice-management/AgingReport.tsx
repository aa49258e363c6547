import { Bar, MockFrame } from "../../../components/marketing/Mock";
import { formatUsd } from "../../../content/format";
import styles from "./AgingReport.module.css";

export interface AgingBucket {
  readonly label: string;
  readonly invoices: number;
  /** Whole US dollars. */
  readonly amount: number;
  readonly tone: "success" | "brand" | "warn" | "danger";
}

/** Sample receivables split at the 30, 60 and 90-day boundaries (SPEC.md section 9: sample values). */
export const AGING_BUCKETS: readonly AgingBucket[] = [
  { label: "0-30 days", invoices: 18, amount: 46_300, tone: "success" },
  { label: "31-60 days", invoices: 7, amount: 15_850, tone: "brand" },
  { label: "61-90 days", invoices: 3, amount: 6_420, tone: "warn" },
  { label: "90+ days", invoices: 2, amount: 3_930, tone: "danger" },
];

/** An accounts-receivable aging report: invoices and amounts per bucket, with each bucket's share. */
export function AgingReport({ buckets = AGING_BUCKETS }: { readonly buckets?: readonly AgingBucket[] }) {
  const total = buckets.reduce((sum, bucket) => sum + bucket.amount, 0);
  return (
    <MockFrame title="Aging report · all dealers">
      <table className={styles.table}>
        <caption className={styles.caption}>Open receivables by days since invoice</caption>
        <thead>
          <tr>
            <th scope="col">Age</th>
            <th scope="col" className={styles.number}>
              Invoices
            </th>
            <th scope="col" className={styles.number}>
              Amount
            </th>
            <th scope="col" className={styles.share}>
              Share
            </th>
          </tr>
        </thead>
        <tbody>
          {buckets.map((bucket) => {
            const percent = Math.round((bucket.amount / total) * 100);
            return (
              <tr key={bucket.label}>
                <th scope="row">{bucket.label}</th>
                <td className={styles.number}>{bucket.invoices}</td>
                <td className={styles.number}>{formatUsd(bucket.amount)}</td>
                <td className={styles.share}>
                  <span className={styles.shareCell}>
                    <Bar percent={percent} tone={bucket.tone} />
                    <span className={styles.percent}>{percent}%</span>
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total open</th>
            <td className={styles.number}>{buckets.reduce((sum, bucket) => sum + bucket.invoices, 0)}</td>
            <td className={styles.number}>{formatUsd(total)}</td>
            <td className={styles.share} />
          </tr>
        </tfoot>
      </table>
    </MockFrame>
  );
}
