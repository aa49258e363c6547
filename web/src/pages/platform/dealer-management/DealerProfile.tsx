import { Badge, MetricRow, MockFrame, MockHeader } from "../../../components/marketing/Mock";
import { formatUsd } from "../../../content/format";
import styles from "./DealerManagement.module.css";
import type { DealerProfileSample } from "./dealers";

/** The dealer profile mock-up: name, tier, order counts and every contact at the dealer. */
export function DealerProfile({ dealer }: { readonly dealer: DealerProfileSample }) {
  return (
    <MockFrame title={`Dealer profile: ${dealer.name}`}>
      <MockHeader
        title={dealer.name}
        detail={dealer.location}
        aside={<Badge tone="warn">{dealer.tier} tier</Badge>}
      />
      <MetricRow
        label="Order figures"
        metrics={[
          { label: "YTD orders", value: String(dealer.ytdOrders) },
          { label: "Total orders", value: String(dealer.totalOrders) },
          { label: "YTD sales", value: formatUsd(dealer.ytdSales) },
        ]}
      />
      <div>
        <p className={styles.listLabel}>Contacts ({dealer.contacts.length})</p>
        <ul className={styles.contacts}>
          {dealer.contacts.map((contact) => (
            <li key={contact.email} className={styles.contact}>
              <p className={styles.contactName}>
                {contact.name} <span className={styles.contactTitle}>· {contact.title}</span>
              </p>
              <p className={styles.contactLine}>{contact.phone}</p>
              <p className={styles.contactLine}>{contact.email}</p>
            </li>
          ))}
        </ul>
      </div>
    </MockFrame>
  );
}
