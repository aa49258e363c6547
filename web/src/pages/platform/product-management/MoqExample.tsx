import { Badge, Bar, MockFrame, MockHeader } from "../../../components/marketing/Mock";
import styles from "./MoqExample.module.css";
import { moqCheck } from "./moq";

export interface MoqExampleProps {
  readonly product: string;
  readonly sku: string;
  readonly minimum: number;
  readonly quantity: number;
}

/** One order line checked against its product's minimum order quantity (an illustration: nothing is validated). */
export function MoqExample({ product, sku, minimum, quantity }: MoqExampleProps) {
  const check = moqCheck(quantity, minimum);
  return (
    <MockFrame title={`Order line · ${sku}`}>
      <MockHeader
        title={product}
        detail={`SKU ${sku} · MOQ ${minimum} units`}
        aside={
          <p className={styles.quantity}>
            Quantity <span className={styles.quantityValue}>{quantity}</span>
          </p>
        }
      />
      <div className={styles.progress}>
        <Bar percent={Math.min(100, (quantity / minimum) * 100)} tone={check.met ? "success" : "warn"} />
        <span className={styles.progressText}>
          {quantity} ordered · minimum {minimum}
        </span>
      </div>
      <p className={[styles.message, check.met ? styles.met : styles.short].join(" ")}>
        <Badge tone={check.met ? "success" : "warn"}>{check.met ? "Ready" : "Below MOQ"}</Badge>
        <span>{check.message}</span>
      </p>
    </MockFrame>
  );
}
