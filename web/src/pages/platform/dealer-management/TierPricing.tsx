import { MockFrame, MockList, MockRow } from "../../../components/marketing/Mock";
import { formatUsd } from "../../../content/format";
import type { DealerGroup, DealerTier } from "./dealers";

export interface TierPricingProps {
  readonly tiers: readonly DealerTier[];
  readonly groups: readonly DealerGroup[];
}

/** The tier pricing mock-up: each tier's discount and minimum order, then the dealer groups. */
export function TierPricing({ tiers, groups }: TierPricingProps) {
  return (
    <MockFrame title="Dealer tiers and groups">
      <MockList label="Tier pricing">
        {tiers.map((tier) => (
          <MockRow
            key={tier.name}
            primary={tier.name}
            secondary={`${tier.dealers} dealers · min. order ${formatUsd(tier.minimumOrder)}`}
            value={tier.discountPercent > 0 ? `${tier.discountPercent}% off list` : "List price"}
          />
        ))}
      </MockList>
      <MockList label="Dealer groups">
        {groups.map((group) => (
          <MockRow key={group.name} primary={group.name} value={`${group.dealers} dealers`} />
        ))}
      </MockList>
    </MockFrame>
  );
}
