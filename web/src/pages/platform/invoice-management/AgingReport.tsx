import { Bar, MockFrame } from "../../../components/marketing/Mock";
import { SampleTable } from "../../../components/marketing/SampleTable";
import { formatUsd } from "../../../content/format";
import styles from "./AgingReport.module.css";

export interface AgingBucket {
  readonly label: string;
  readonly invoices: number;
  /** Whole US dollars. */
  readonly amount: number;
  readonly tone: "success" | "brand" | "warn" | "danger";
}

/** Sample receivables split at the 30, 60 and 90-day boundaries (docs/product/site.md: sample values). */
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
      <SampleTable
        caption="Open receivables by days since invoice"
        columns={[
          { header: "Age" },
          { header: "Invoices", numeric: true },
          { header: "Amount", numeric: true },
          { header: "Share", className: styles.share },
        ]}
        rows={buckets.map((bucket) => {
          const percent = Math.round((bucket.amount / total) * 100);
          return {
            key: bucket.label,
            cells: [
              bucket.label,
              bucket.invoices,
              formatUsd(bucket.amount),
              <span key="share" className={styles.shareCell}>
                <Bar percent={percent} tone={bucket.tone} />
                <span className={styles.percent}>{percent}%</span>
              </span>,
            ],
          };
        })}
        totals={[
          "Total open",
          buckets.reduce((sum, bucket) => sum + bucket.invoices, 0),
          formatUsd(total),
          null,
        ]}
      />
    </MockFrame>
  );
}
