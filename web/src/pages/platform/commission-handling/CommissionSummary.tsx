import { MetricRow, MockFrame } from "../../../components/marketing/Mock";
import { SampleTable, StatusBadge } from "../../../components/marketing/SampleTable";
import { formatUsd } from "../../../content/format";
import styles from "./Commission.module.css";
import { COMMISSION_SUMMARY, type CommissionRow, RECENT_COMMISSIONS, YTD_COMMISSIONS } from "./commissions";

/** Recent commissions: customer, order number, amount and status. */
export function RecentCommissions({
  rows = RECENT_COMMISSIONS,
}: {
  readonly rows?: readonly CommissionRow[];
}) {
  return (
    <SampleTable
      caption="Recent commissions"
      columns={[
        { header: "Customer" },
        { header: "Order", className: styles.nowrap },
        { header: "Amount", numeric: true },
        { header: "Status", status: true },
      ]}
      rows={rows.map((row) => ({
        key: row.orderNumber,
        cells: [
          row.customer,
          row.orderNumber,
          formatUsd(row.amount),
          <StatusBadge key="status" status={row.status} />,
        ],
      }))}
    />
  );
}

/** The commission summary a rep opens first: YTD commissions, pending and paid, then the latest rows. */
export function CommissionSummary() {
  return (
    <MockFrame title="Commissions · year to date">
      <div className={styles.summary}>
        <MetricRow
          metrics={[
            { label: "YTD commissions", value: formatUsd(YTD_COMMISSIONS), detail: "+12.1% vs last year" },
            { label: "Pending", value: formatUsd(COMMISSION_SUMMARY.pending), detail: "6 orders" },
            { label: "Paid", value: formatUsd(COMMISSION_SUMMARY.paid), detail: "Through Aug 31" },
          ]}
        />
      </div>
      <RecentCommissions />
    </MockFrame>
  );
}
