import { formatUsd } from "../../../content/format";
import { MockWindow } from "../feature-page/MockWindow";
import styles from "./DealerManagement.module.css";
import type { DealerGroup, DealerTier } from "./dealers";

export interface TierPricingProps {
  readonly tiers: readonly DealerTier[];
  readonly groups: readonly DealerGroup[];
}

/** The tier pricing mock-up: each tier's discount and minimum order, then the dealer groups. */
export function TierPricing({ tiers, groups }: TierPricingProps) {
  return (
    <MockWindow title="Dealer tiers and groups">
      <div>
        <p className={styles.listLabel}>Tier pricing</p>
        <ul className={styles.rows}>
          {tiers.map((tier) => (
            <li key={tier.name} className={styles.row}>
              <span className={styles.rowMain}>
                <span className={styles.rowTitle}>{tier.name}</span>
                <span className={styles.muted}>
                  {tier.dealers} dealers · min. order {formatUsd(tier.minimumOrder)}
                </span>
              </span>
              <span className={styles.rowValue}>
                {tier.discountPercent > 0 ? `${tier.discountPercent}% off list` : "List price"}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <p className={styles.listLabel}>Dealer groups</p>
        <ul className={styles.rows}>
          {groups.map((group) => (
            <li key={group.name} className={styles.row}>
              <span className={styles.rowTitle}>{group.name}</span>
              <span className={styles.rowValue}>{group.dealers} dealers</span>
            </li>
          ))}
        </ul>
      </div>
    </MockWindow>
  );
}
