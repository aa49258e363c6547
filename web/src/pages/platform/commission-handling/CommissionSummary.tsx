import { Badge, type BadgeTone, MetricRow, MockFrame } from "../../../components/marketing/Mock";
import { formatUsd } from "../../../content/format";
import styles from "./CommissionTable.module.css";
import {
  COMMISSION_SUMMARY,
  type CommissionRow,
  type CommissionStatus,
  RECENT_COMMISSIONS,
  YTD_COMMISSIONS,
} from "./commissions";

const STATUS_TONE: Record<CommissionStatus, BadgeTone> = {
  Paid: "success",
  Pending: "warn",
  Processing: "info",
};

/** Recent commissions: customer, order number, amount and status. */
export function RecentCommissions({
  rows = RECENT_COMMISSIONS,
}: {
  readonly rows?: readonly CommissionRow[];
}) {
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>Recent commissions</caption>
      <thead>
        <tr>
          <th scope="col">Customer</th>
          <th scope="col">Order</th>
          <th scope="col" className={styles.number}>
            Amount
          </th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.orderNumber}>
            <th scope="row">{row.customer}</th>
            <td className={styles.nowrap}>{row.orderNumber}</td>
            <td className={styles.number}>{formatUsd(row.amount)}</td>
            <td>
              <Badge tone={STATUS_TONE[row.status]}>{row.status}</Badge>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
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
