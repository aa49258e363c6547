import { formatUsd } from "../../../content/format";
import { Badge, type BadgeTone, MockWindow } from "../feature-page/MockWindow";
import styles from "./DealerManagement.module.css";
import type { DealerOrder, OrderStatus } from "./dealers";

const STATUS_TONE: Record<OrderStatus, BadgeTone> = {
  "Order Confirmed": "info",
  "In Production": "warn",
  "Ready to Ship": "success",
};

export interface OrderHistoryProps {
  readonly dealerName: string;
  readonly orders: readonly DealerOrder[];
}

/** One dealer's recent orders across vendors, newest first. */
export function OrderHistory({ dealerName, orders }: OrderHistoryProps) {
  return (
    <MockWindow title={`Order history: ${dealerName}`}>
      <ul className={styles.rows}>
        {orders.map((order) => (
          <li key={order.number} className={styles.row}>
            <span className={styles.rowMain}>
              <span className={styles.rowTitle}>{order.number}</span>
              <span className={styles.muted}>
                {order.placed} · {order.vendor}
              </span>
            </span>
            <span className={styles.rowEnd}>
              <span className={styles.rowValue}>{formatUsd(order.total)}</span>
              <Badge tone={STATUS_TONE[order.status]}>{order.status}</Badge>
            </span>
          </li>
        ))}
      </ul>
    </MockWindow>
  );
}
