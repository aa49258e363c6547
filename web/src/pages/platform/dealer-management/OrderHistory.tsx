import { Badge, type BadgeTone, MockFrame, MockList, MockRow } from "../../../components/marketing/Mock";
import { formatUsd } from "../../../content/format";
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
    <MockFrame title={`Order history: ${dealerName}`}>
      <MockList>
        {orders.map((order) => (
          <MockRow
            key={order.number}
            primary={order.number}
            secondary={`${order.placed} · ${order.vendor}`}
            value={formatUsd(order.total)}
            status={<Badge tone={STATUS_TONE[order.status]}>{order.status}</Badge>}
          />
        ))}
      </MockList>
    </MockFrame>
  );
}
